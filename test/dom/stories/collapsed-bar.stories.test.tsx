import { composeStories } from "@storybook/react";
import { screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import * as stories from "../../../stories/CollapsedBar.stories";
import { CHECKS, DEPLOY, REGION } from "../../../stories/support/sample-questions";
import { disposeStoryDocks } from "../../../stories/support/story-dock";

const { Count, Newest, TimeLeft, NewQuestion, NewQuestionDark } = composeStories(stories);

afterEach(disposeStoryDocks);

async function show(story: { run(): Promise<void> }) {
  await story.run();
  const region = screen.getByRole("region", { name: "Questions" });
  expect(region).toHaveAttribute("data-state", "collapsed");
  return within(region);
}

describe("QuestionDock/Collapsed bar stories", () => {
  it("Count says how many requests wait, with the newest question and Expand", async () => {
    const bar = await show(Count);
    expect(bar.getByText("3 requests waiting")).toBeInTheDocument();
    expect(bar.getByText(CHECKS.question)).toBeInTheDocument();
    expect(bar.getByRole("button", { name: "Expand questions" })).toHaveAttribute("aria-keyshortcuts", "Alt+Shift+Q");
    expect(bar.queryByText("New")).not.toBeInTheDocument();
  });

  it("Newest shows the newest question, not the active older one", async () => {
    const bar = await show(Newest);
    expect(bar.getByText(REGION.question)).toBeInTheDocument();
    expect(bar.queryByText(DEPLOY.question)).not.toBeInTheDocument();
  });

  it("TimeLeft shows the newest question's time left, in digits and in words", async () => {
    const bar = await show(TimeLeft);
    expect(bar.getByText("00:42")).toBeInTheDocument();
    expect(bar.getByText("Time left: less than a minute")).toBeInTheDocument();
  });

  it.each([
    ["NewQuestion", NewQuestion],
    ["NewQuestionDark", NewQuestionDark],
  ])("%s marks the question that arrived while collapsed with the word New", async (_name, story) => {
    const bar = await show(story);
    expect(bar.getByText("New")).toBeInTheDocument();
    expect(bar.getByText(REGION.question)).toBeInTheDocument();
    expect(bar.getByText("2 requests waiting")).toBeInTheDocument();
  });
});
