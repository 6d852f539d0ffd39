import { render, screen, within } from "@testing-library/react";
import { useState, type FormEvent } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { DockLayout, QuestionDock, QuestionDockProvider, useComposerAnswer } from "../../src";
import { REGION, TARGET, dock, renderDock, startDock, type DockHarness } from "./dock-harness";

let h: DockHarness;
beforeEach(async () => {
  h = await startDock();
});
afterEach(() => h.stop());

async function collapse() {
  await h.user.click(screen.getByRole("button", { name: "Collapse questions" }));
  expect(dock()).toHaveAttribute("data-state", "collapsed");
}

describe("The collapsed bar", () => {
  it("shows the count, the newest question and its time left", async () => {
    await h.ask({ questions: [TARGET], timeoutMs: 90_000 });
    await h.ask({ questions: [REGION], timeoutMs: 600_000 });
    renderDock(h);
    await h.user.click(screen.getByRole("button", { name: "Previous request" }));
    await collapse();
    const bar = dock();
    expect(within(bar).getByText("2 requests waiting")).toBeInTheDocument();
    // The newest, though the older one is the active request.
    expect(within(bar).getByText(REGION.question)).toBeInTheDocument();
    expect(within(bar).queryByText(TARGET.question)).not.toBeInTheDocument();
    expect(within(bar).getByText("Time left: 10 minutes")).toBeInTheDocument();
    expect(within(bar).getByText(/^(10:00|09:5\d)$/)).toBeInTheDocument();
  });

  it("marks a blocking question that arrives while collapsed as new, announces it politely and leaves focus where it was", async () => {
    await h.ask({ questions: [TARGET] });
    renderDock(h);
    await collapse();
    const composer = screen.getByRole("textbox", { name: "Message" });
    expect(composer).toHaveFocus();
    expect(within(dock()).queryByText("New")).not.toBeInTheDocument();
    await h.ask({ questions: [REGION] });
    const bar = dock();
    expect(await within(bar).findByText("New")).toBeInTheDocument();
    expect(within(bar).getByText(REGION.question)).toBeInTheDocument();
    expect(within(bar).getByText("2 requests waiting")).toBeInTheDocument();
    const live = screen.getAllByRole("status").find((el) => el.getAttribute("aria-live") === "polite" && el.textContent?.includes("New question"));
    expect(live).toHaveTextContent(`New question: ${REGION.question}`);
    expect(bar).toHaveAttribute("data-state", "collapsed");
    expect(composer).toHaveFocus();
  });

  it("forgets the mark once the person has opened the dock", async () => {
    await h.ask({ questions: [TARGET] });
    renderDock(h);
    await collapse();
    await h.ask({ questions: [REGION] });
    await within(dock()).findByText("New");
    await h.user.click(screen.getByRole("button", { name: "Expand questions" }));
    await collapse();
    expect(within(dock()).queryByText("New")).not.toBeInTheDocument();
  });

  it("names the page-wide shortcut on Expand", async () => {
    await h.ask({ questions: [TARGET] });
    renderDock(h);
    await collapse();
    expect(screen.getByRole("button", { name: "Expand questions" })).toHaveAttribute("aria-keyshortcuts", "Alt+Shift+Q");
  });
});

describe("Alt+Shift+Q", () => {
  it("reopens a collapsed dock from anywhere on the page and puts focus on its question", async () => {
    await h.ask({ questions: [TARGET] });
    renderDock(h);
    await collapse();
    const composer = screen.getByRole("textbox", { name: "Message" });
    await h.user.type(composer, "half a thought");
    await h.user.keyboard("{Alt>}{Shift>}Q{/Shift}{/Alt}");
    expect(dock()).toHaveAttribute("data-state", "answering");
    await vi.waitFor(() => expect(screen.getByRole("radio", { name: /Staging/ })).toHaveFocus());
    expect(composer).toHaveValue("half a thought");
  });

  it("does nothing when the host turns it off", async () => {
    await h.ask({ questions: [TARGET] });
    renderDock(h, { reopenShortcut: false });
    await collapse();
    await h.user.keyboard("{Alt>}{Shift>}Q{/Shift}{/Alt}");
    expect(dock()).toHaveAttribute("data-state", "collapsed");
  });
});

// A composer as a host writes it with the kit's hook: "/question" alone reopens the dock instead of being sent.
function Composer({ sent }: { sent: string[] }) {
  const [draft, setDraft] = useState("");
  const { reopensDock, reopenDock, claim } = useComposerAnswer(draft);
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (reopensDock) reopenDock();
    else sent.push(draft);
    setDraft("");
  };
  return (
    <form onSubmit={onSubmit}>
      <input aria-label="Message" value={draft} onChange={(e) => setDraft(e.target.value)} />
      {claim && <p>Will answer {claim.header}</p>}
    </form>
  );
}

describe("/question in the composer", () => {
  function renderWithComposer(sent: string[]) {
    return render(
      <QuestionDockProvider store={h.store}>
        <DockLayout dock={<QuestionDock layout="stepper" />} composer={<Composer sent={sent} />} />
      </QuestionDockProvider>,
    );
  }

  it("reopens the dock at its question and is not sent", async () => {
    const sent: string[] = [];
    await h.ask({ questions: [TARGET] });
    renderWithComposer(sent);
    await collapse();
    const composer = screen.getByRole("textbox", { name: "Message" });
    await h.user.type(composer, "/question{Enter}");
    expect(sent).toEqual([]);
    expect(composer).toHaveValue("");
    expect(dock()).toHaveAttribute("data-state", "answering");
    await vi.waitFor(() => expect(screen.getByRole("radio", { name: /Staging/ })).toHaveFocus());
  });

  it("is an ordinary message when it is not alone", async () => {
    const sent: string[] = [];
    await h.ask({ questions: [TARGET] });
    renderWithComposer(sent);
    await collapse();
    await h.user.type(screen.getByRole("textbox", { name: "Message" }), "/question please{Enter}");
    expect(sent).toEqual(["/question please"]);
    expect(dock()).toHaveAttribute("data-state", "collapsed");
  });
});
