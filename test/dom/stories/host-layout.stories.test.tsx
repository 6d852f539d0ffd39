import { composeStories } from "@storybook/react";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import * as stories from "../../../stories/HostLayout.stories";
import { disposeStoryDocks, lastStoryDock } from "../../../stories/support/story-dock";
import { nextPaint } from "../../support/frames";

const { MultiStep, Stacked } = composeStories(stories);

afterEach(disposeStoryDocks);

const recorded = () => lastStoryDock().sim.records().find((r) => r.status !== "pending");
const dock = () => within(screen.getByRole("region", { name: "Questions" }));

describe("QuestionDock/Host Layout", () => {
  it("MultiStep: the question's words come after its options and still name them", async () => {
    await MultiStep.run();
    const group = dock().getByRole("radiogroup", { name: "Which region should host the new database?" });
    const words = dock().getByRole("heading", { name: "Which region should host the new database?" });
    expect(group.compareDocumentPosition(words) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(dock().getByRole("contentinfo")).toContainElement(dock().getByRole("button", { name: "Next" }));
  });

  it("MultiStep: answered from the keyboard alone, through the review step, with the host's footer", async () => {
    await MultiStep.run();
    const user = userEvent.setup();
    await waitFor(() => expect(dock().getByRole("radio", { name: "EU (Frankfurt)" })).toHaveFocus());
    await user.keyboard("2{Control>}{Enter}{/Control}");
    const lint = await dock().findByRole("checkbox", { name: "Lint" });
    await waitFor(() => expect(lint).toHaveFocus());
    // Ctrl+Enter faster than the screen is dropped (a double press); a person presses once the step has painted.
    await nextPaint();
    await user.keyboard("14{Control>}{Enter}{/Control}");
    await waitFor(() => expect(dock().getByRole("group", { name: "Check your answers" })).toHaveFocus());
    await nextPaint();
    await user.keyboard("{Control>}{Enter}{/Control}");
    await waitFor(() => expect(recorded()?.answers?.answers).toEqual({ region: ["US East"], checks: ["Lint", "Type check"] }));
  });

  it("MultiStep: Esc collapses to the bar and Alt+Shift+Q brings focus back to the question", async () => {
    await MultiStep.run();
    const user = userEvent.setup();
    await waitFor(() => expect(dock().getByRole("radio", { name: "EU (Frankfurt)" })).toHaveFocus());
    await user.keyboard("{Escape}");
    expect(screen.getByRole("region", { name: "Questions" })).toHaveAttribute("data-state", "collapsed");
    await user.keyboard("{Alt>}{Shift>}Q{/Shift}{/Alt}");
    await waitFor(() => expect(dock().getByRole("radio", { name: "EU (Frankfurt)" })).toHaveFocus());
  });

  it("Stacked: digits act on the card that holds focus, and the host's Submit sends both", async () => {
    await Stacked.run();
    const user = userEvent.setup();
    dock().getByRole("radio", { name: "Staging (Recommended)" }).focus();
    await user.keyboard("2");
    dock().getByRole("radio", { name: "EU (Frankfurt)" }).focus();
    await user.keyboard("3{Control>}{Enter}{/Control}");
    await waitFor(() => expect(recorded()?.answers?.answers).toEqual({ deploy_target: ["Production"], region: ["Asia Pacific"] }));
  });
});
