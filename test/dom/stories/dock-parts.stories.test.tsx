import { composeStories } from "@storybook/react";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import * as stories from "../../../stories/DockParts.stories";
import { disposeStoryDocks, lastStoryDock } from "../../../stories/support/story-dock";

const { Header, Progress, Panel, Prompt, Options, Other, Review, Footer, CollapsedBar } = composeStories(stories);

afterEach(disposeStoryDocks);

async function show(story: { run(): Promise<void> }) {
  await story.run();
  return within(screen.getByRole("region", { name: "Questions" }));
}

describe("QuestionDock/Parts stories", () => {
  it("each part shows alone what it holds, and nothing of the others", async () => {
    let dock = await show(Header);
    expect(dock.getByRole("group", { name: "Pending requests" })).toBeInTheDocument();
    expect(dock.queryByRole("radio")).not.toBeInTheDocument();
    disposeStoryDocks();
    dock = await show(Progress);
    expect(dock.getByText("Question 1 of 2")).toBeInTheDocument();
    disposeStoryDocks();
    dock = await show(Panel);
    expect(dock.getByRole("radiogroup", { name: "Where should this change deploy first?" })).toBeInTheDocument();
    disposeStoryDocks();
    dock = await show(Prompt);
    expect(dock.getByRole("heading", { name: "Where should this change deploy first?" })).toBeInTheDocument();
    expect(dock.queryByRole("radio")).not.toBeInTheDocument();
    disposeStoryDocks();
    dock = await show(Other);
    expect(dock.getByRole("textbox", { name: "Other" })).toBeInTheDocument();
    disposeStoryDocks();
    dock = await show(Review);
    expect(dock.getByRole("heading", { name: "Check your answers" })).toBeInTheDocument();
    disposeStoryDocks();
    dock = await show(Footer);
    expect(dock.getByRole("button", { name: "Next" })).toHaveAttribute("aria-disabled", "true");
    disposeStoryDocks();
    dock = await show(CollapsedBar);
    expect(dock.getByRole("button", { name: "Expand questions" })).toBeInTheDocument();
  });

  it("Options: the root's digit keys pick in a part placed alone", async () => {
    const dock = await show(Options);
    const user = userEvent.setup();
    dock.getByRole("radio", { name: "Staging (Recommended)" }).focus();
    await user.keyboard("2");
    // A pick on a single-select step moves on by itself after a short delay, which a slow machine may already have
    // passed here; so the choice is read from the draft once the next question shows.
    expect(await dock.findByRole("heading", { name: "Which checks should run before merging?" })).toBeInTheDocument();
    const story = lastStoryDock();
    expect(story.state().views.get(story.activeId())?.drafts["deploy_target"]?.selected).toEqual(["Production"]);
  });
});
