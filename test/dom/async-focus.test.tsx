// Where keyboard focus is after an async (Codex) question arrives: on the page when nothing had it, however often the
// views render afterwards; in the dock only when the person works in it or asks for it.
import { act, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { DockLayout, QuestionDock, QuestionDockProvider, type QuestionDockProps } from "../../src";
import { AUTO_ADVANCE_DELAY_MS } from "../../src/hooks/use-auto-advance";
import { startAsyncDock, type StartedAsyncDock } from "./async-harness";

const BRANCH = { title: "Which branch should the fix land on?", options: ["main", "release"] };
const NOTES = { title: "Anything else the agent should know?" };
const LATER = { title: "Should the nightly build run again?", options: ["Yes", "No"] };
const DEPLOY = { questionId: "deploy", header: "Deploy", question: "Deploy where?", options: [{ label: "Staging" }, { label: "Production" }] };

let rig: StartedAsyncDock | undefined;
afterEach(() => {
  rig?.stop();
  rig = undefined;
});

/** The chat page: the dock between a transcript and a composer, optionally in StrictMode (effects run twice). */
function page(layout: QuestionDockProps["layout"]) {
  return (
    <QuestionDockProvider store={rig!.store}>
      <DockLayout dock={<QuestionDock layout={layout} />} composer={<textarea aria-label="Message" />} />
    </QuestionDockProvider>
  );
}

async function start({ strict = false } = {}) {
  rig = await startAsyncDock();
  const view = render(page("stepper"), { reactStrictMode: strict });
  return { ...rig, view };
}

const nothingFocused = () => expect(document.activeElement).toBe(document.body);

describe("Focus with async questions", () => {
  it("stays on the page when an async question arrives while nothing has focus, even as effects run twice", async () => {
    const { sim } = await start({ strict: true });
    sim.askAsync({ questions: [BRANCH, NOTES] });
    expect(await screen.findByRole("radiogroup", { name: BRANCH.title })).toBeInTheDocument();
    nothingFocused();
  });

  it("stays on the page as the dock changes layout and more async questions arrive", async () => {
    const { sim, view } = await start();
    sim.askAsync({ questions: [BRANCH, NOTES] });
    await screen.findByRole("radiogroup", { name: BRANCH.title });
    view.rerender(page("stacked"));
    expect(screen.getByRole("radiogroup", { name: BRANCH.title })).toBeInTheDocument();
    // Stacked: both questions show at once.
    expect(screen.getByText(NOTES.title)).toBeInTheDocument();
    nothingFocused();
    sim.askAsync({ questions: [LATER] });
    expect(await screen.findByText("Request 1 of 2")).toBeInTheDocument();
    view.rerender(page("stepper"));
    expect(screen.getByText("Question 1 of 2")).toBeInTheDocument();
    nothingFocused();
  });

  it("goes to the composer, not to the async question behind it, when a blocking question is answered", async () => {
    const { sim, user } = await start();
    sim.askAsync({ questions: [BRANCH] });
    await screen.findByRole("radiogroup", { name: BRANCH.title });
    sim.ask({ questions: [DEPLOY] });
    // The blocking question takes focus once, as it arrives.
    await vi.waitFor(() => expect(screen.getByRole("radio", { name: "Staging" })).toHaveFocus());
    await user.keyboard("2");
    await user.click(screen.getByRole("button", { name: "Submit" }));
    expect(await screen.findByRole("radiogroup", { name: BRANCH.title })).toBeInTheDocument();
    expect(screen.getByRole("textbox", { name: "Message" })).toHaveFocus();
  });

  it("follows the person through the steps of an async question they work in, and Expand brings them back to it", async () => {
    const { sim, user } = await start();
    sim.askAsync({ questions: [BRANCH, NOTES] });
    await screen.findByRole("radiogroup", { name: BRANCH.title });
    nothingFocused();
    await user.click(screen.getByRole("radio", { name: "release" }));
    await act(() => vi.advanceTimersByTimeAsync(AUTO_ADVANCE_DELAY_MS));
    expect(screen.getByText("Question 2 of 2")).toBeInTheDocument();
    expect(screen.getByRole("textbox", { name: "Other" })).toHaveFocus();

    await user.keyboard("{Escape}");
    expect(screen.getByRole("textbox", { name: "Message" })).toHaveFocus();
    await user.click(screen.getByRole("button", { name: "Expand questions" }));
    expect(screen.getByRole("textbox", { name: "Other" })).toHaveFocus();
  });

  it("comes to the async question on Expand, also where a click does not focus the button (Safari)", async () => {
    const { sim, user } = await start();
    sim.askAsync({ questions: [BRANCH] });
    await screen.findByRole("radiogroup", { name: BRANCH.title });
    await user.click(screen.getByRole("button", { name: "Collapse questions" }));
    const composer = screen.getByRole("textbox", { name: "Message" });
    expect(composer).toHaveFocus();
    act(() => composer.blur());
    fireEvent.click(screen.getByRole("button", { name: "Expand questions" }));
    expect(screen.getByRole("radio", { name: "main" })).toHaveFocus();
  });
});
