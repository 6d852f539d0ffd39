import { composeStories } from "@storybook/react";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import * as stories from "../../../stories/QuestionTranscript.stories";
import { DEPLOY, REGION } from "../../../stories/support/sample-questions";
import { disposeStoryDocks } from "../../../stories/support/story-dock";
import { transcriptRows as rows } from "../../support/transcript-rows";

const { SummariesAtTheirTurns, LongTranscript, Dark } = composeStories(stories);

afterEach(disposeStoryDocks);


const CONVERSATION = [
  "You Ship the hotfix, please.",
  "Agent The build is green. One thing first.",
  "summary: Question, answered",
  "Agent Deploying to Production.",
  "You Now move the database.",
  "summary: Question, skipped",
  "Agent Keeping it where it is.",
];

describe("Transcript/QuestionTranscript stories", () => {
  it("SummariesAtTheirTurns puts each summary at its turn, before the agent's reply to it", async () => {
    await SummariesAtTheirTurns.run();
    expect(rows()).toEqual(CONVERSATION);
    const answered = screen.getByRole("article", { name: "Question, answered" });
    expect(within(answered).getByText(DEPLOY.question)).toBeInTheDocument();
    expect(within(answered).getByText("Production")).toBeInTheDocument();
    expect(within(screen.getByRole("article", { name: "Question, skipped" })).getByText(REGION.question)).toBeInTheDocument();
  });

  it("LongTranscript shows the newest rows, earlier ones a press away, then moves focus to the list", async () => {
    await LongTranscript.run();
    expect(rows()).toEqual(CONVERSATION.slice(4));
    await userEvent.click(screen.getByRole("button", { name: "Show earlier messages (4 not shown)" }));
    expect(rows()).toEqual(CONVERSATION.slice(1));
    await userEvent.click(screen.getByRole("button", { name: "Show the earlier message" }));
    expect(rows()).toEqual(CONVERSATION);
    expect(screen.queryByRole("button", { name: /earlier/ })).not.toBeInTheDocument();
    // The button went with the last press: focus is on the list, not lost to the page.
    expect(screen.getByRole("list", { name: "Conversation" })).toHaveFocus();
  });

  it("Dark is the transcript under the dark theme", async () => {
    await Dark.run();
    expect(document.documentElement).toHaveAttribute("data-theme", "dark");
    expect(rows()).toEqual(CONVERSATION);
  });
});
