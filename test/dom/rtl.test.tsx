import { act, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { QuestionDock, QuestionDockProvider } from "../../src";
import { REGION, TARGET, dock, startDock, type DockHarness } from "./dock-harness";

let h: DockHarness;
afterEach(() => h.stop());

function renderIn(dir: "ltr" | "rtl") {
  return render(
    <div dir={dir}>
      <QuestionDockProvider store={h.store}>
        <QuestionDock layout="stepper" />
      </QuestionDockProvider>
    </div>,
  );
}

describe.each([
  { dir: "ltr" as const, forward: "ArrowRight", backward: "ArrowLeft" },
  { dir: "rtl" as const, forward: "ArrowLeft", backward: "ArrowRight" },
])("Inline arrow keys in a dir=$dir container", ({ dir, forward, backward }) => {
  it(`moves to the next option with {${forward}} and back with {${backward}}`, async () => {
    h = await startDock();
    await h.ask({ questions: [REGION] });
    renderIn(dir);
    const group = screen.getByRole("radiogroup", { name: REGION.question });
    expect(group).toHaveAttribute("dir", dir);
    const eu = screen.getByRole("radio", { name: "EU" });
    act(() => eu.focus());
    // Held down: Radix moves focus on a timer and checks the radio only while an arrow key is down, as a person's is.
    await h.user.keyboard(`{${forward}>}`);
    await vi.waitFor(() => expect(screen.getByRole("radio", { name: "US" })).toBeChecked());
    expect(screen.getByRole("radio", { name: "US" })).toHaveFocus();
    await h.user.keyboard(`{/${forward}}{${backward}>}`);
    await vi.waitFor(() => expect(eu).toBeChecked());
    expect(eu).toHaveFocus();
    await h.user.keyboard(`{/${backward}}`);
  });

  it(`moves to the next request with {${forward}} on the request arrows and back with {${backward}}`, async () => {
    h = await startDock();
    await h.ask({ questions: [TARGET] });
    await h.ask({ questions: [REGION] });
    renderIn(dir);
    expect(within(dock()).getByText("Request 2 of 2")).toBeInTheDocument();
    act(() => screen.getByRole("button", { name: "Previous request" }).focus());
    await h.user.keyboard(`{${backward}}`);
    expect(within(dock()).getByText("Request 1 of 2")).toBeInTheDocument();
    expect(screen.getByRole("radiogroup", { name: TARGET.question })).toBeInTheDocument();
    // Focus stays on the arrows, so the keys can be pressed again.
    expect(screen.getByRole("button", { name: "Previous request" })).toHaveFocus();
    await h.user.keyboard(`{${forward}}`);
    expect(within(dock()).getByText("Request 2 of 2")).toBeInTheDocument();
    expect(screen.getByRole("radiogroup", { name: REGION.question })).toBeInTheDocument();
  });
});
