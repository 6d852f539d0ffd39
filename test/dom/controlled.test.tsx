// Collapse and the active request, left to the dock or controlled by the host: the callbacks report every change
// and never replace what the dock does itself (focus goes back to the composer either way).
import { act, render, screen, within } from "@testing-library/react";
import { useState } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { DockLayout, QuestionDock, QuestionDockProvider, type QuestionDockProps } from "../../src";
import { REGION, TARGET, dock, startDock, type DockHarness } from "./dock-harness";

let h: DockHarness;
beforeEach(async () => {
  h = await startDock();
});
afterEach(() => h.stop());

function show(props: QuestionDockProps) {
  return render(
    <QuestionDockProvider store={h.store}>
      <DockLayout dock={<QuestionDock layout="stepper" {...props} />} composer={<textarea aria-label="Message" />} />
    </QuestionDockProvider>,
  );
}

/** A host that keeps `open` in its own state and follows what the dock reports. */
function FollowingHost({ onOpenChange }: { onOpenChange(open: boolean): void }) {
  const [open, setOpen] = useState(false);
  return (
    <QuestionDockProvider store={h.store}>
      <button type="button" onClick={() => setOpen(true)}>
        Host opens
      </button>
      <QuestionDock
        layout="stepper"
        open={open}
        onOpenChange={(next) => {
          onOpenChange(next);
          setOpen(next);
        }}
      />
    </QuestionDockProvider>
  );
}

const state = () => dock().getAttribute("data-state");

describe("open, uncontrolled", () => {
  it("starts collapsed with defaultOpen={false}; Expand and Esc are reported, and Esc still hands focus to the composer", async () => {
    const onOpenChange = vi.fn();
    const onCollapse = vi.fn();
    await h.ask({ questions: [TARGET] });
    show({ defaultOpen: false, onOpenChange, onCollapse });
    expect(state()).toBe("collapsed");
    onOpenChange.mockClear();
    await h.user.click(within(dock()).getByRole("button", { name: "Expand questions" }));
    expect(state()).toBe("answering");
    expect(onOpenChange).toHaveBeenLastCalledWith(true);
    await vi.waitFor(() => expect(screen.getByRole("radio", { name: /Staging/ })).toHaveFocus());
    await h.user.keyboard("{Escape}");
    expect(state()).toBe("collapsed");
    expect(onOpenChange).toHaveBeenLastCalledWith(false);
    expect(onCollapse).toHaveBeenCalledOnce();
    expect(screen.getByRole("textbox", { name: "Message" })).toHaveFocus();
  });
});

describe("open, controlled", () => {
  it("stays as the host says: Expand is reported, and the dock opens only when the host passes open", async () => {
    const onOpenChange = vi.fn();
    await h.ask({ questions: [TARGET] });
    const view = show({ open: false, onOpenChange });
    expect(state()).toBe("collapsed");
    await h.user.click(within(dock()).getByRole("button", { name: "Expand questions" }));
    expect(onOpenChange).toHaveBeenCalledWith(true);
    expect(state()).toBe("collapsed");
    view.rerender(
      <QuestionDockProvider store={h.store}>
        <DockLayout dock={<QuestionDock layout="stepper" open onOpenChange={onOpenChange} />} composer={<textarea aria-label="Message" />} />
      </QuestionDockProvider>,
    );
    expect(state()).toBe("answering");
    expect(screen.getByRole("radio", { name: /Staging/ })).toBeInTheDocument();
  });

  it("follows a host that keeps open in its state, through the keys and the host's own button", async () => {
    const onOpenChange = vi.fn();
    await h.ask({ questions: [TARGET] });
    render(<FollowingHost onOpenChange={onOpenChange} />);
    expect(state()).toBe("collapsed");
    await h.user.click(screen.getByRole("button", { name: "Host opens" }));
    expect(state()).toBe("answering");
    // The host's own change is not reported back to it.
    expect(onOpenChange).not.toHaveBeenCalled();
    screen.getByRole("radio", { name: /Staging/ }).focus();
    await h.user.keyboard("{Escape}");
    expect(onOpenChange).toHaveBeenCalledExactlyOnceWith(false);
    expect(state()).toBe("collapsed");
  });
});

describe("the active request", () => {
  it("uncontrolled: the arrows move it, and each change is reported", async () => {
    const onActiveRequestChange = vi.fn();
    const first = await h.ask({ questions: [TARGET] });
    const second = await h.ask({ questions: [REGION] });
    show({ onActiveRequestChange });
    expect(within(dock()).getByText("Request 2 of 2")).toBeInTheDocument();
    await h.user.click(screen.getByRole("button", { name: "Previous request" }));
    expect(within(dock()).getByText("Request 1 of 2")).toBeInTheDocument();
    expect(onActiveRequestChange).toHaveBeenLastCalledWith(first);
    await h.user.click(screen.getByRole("button", { name: "Next request" }));
    expect(onActiveRequestChange).toHaveBeenLastCalledWith(second);
  });

  it("controlled: the dock shows the host's request, reports the arrows, and moves only when the host does", async () => {
    const onActiveRequestChange = vi.fn();
    const first = await h.ask({ questions: [TARGET] });
    const second = await h.ask({ questions: [REGION] });
    const view = show({ activeRequestId: first, onActiveRequestChange });
    expect(within(dock()).getByText("Request 1 of 2")).toBeInTheDocument();
    expect(screen.getByRole("radiogroup", { name: TARGET.question })).toBeInTheDocument();
    await h.user.click(screen.getByRole("button", { name: "Next request" }));
    expect(onActiveRequestChange).toHaveBeenCalledWith(second);
    expect(within(dock()).getByText("Request 1 of 2")).toBeInTheDocument();
    act(() => {
      view.rerender(
        <QuestionDockProvider store={h.store}>
          <DockLayout dock={<QuestionDock layout="stepper" activeRequestId={second} onActiveRequestChange={onActiveRequestChange} />} composer={<textarea aria-label="Message" />} />
        </QuestionDockProvider>,
      );
    });
    expect(within(dock()).getByText("Request 2 of 2")).toBeInTheDocument();
  });
});
