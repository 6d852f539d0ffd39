import { composeStories } from "@storybook/react";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { defaultMessages } from "../../../src/messages";
import * as stories from "../../../stories/QuestionSummary.stories";
import { API_KEY, CHECKS, DEPLOY, REGION } from "../../../stories/support/sample-questions";
import { disposeStoryDocks } from "../../../stories/support/story-dock";

const { Answered, AnsweredMultiSelect, AnsweredElsewhere, Skipped, CancelledRunAborted, SkippedElsewhere, Expired, Unavailable, SecretMasked, SummaryList, SummaryListLong, SummaryListDark } =
  composeStories(stories);

afterEach(disposeStoryDocks);

// Each line of a summary: the full question, then its answer or its outcome.
function lines(summary: HTMLElement) {
  return within(summary)
    .getAllByRole("listitem")
    .map((li) => Array.from(li.children, (part) => part.textContent));
}

async function summary(story: { run(): Promise<void> }, outcome: string) {
  await story.run();
  return screen.getByRole("article", { name: `Question, ${outcome}` });
}

describe("Transcript/QuestionSummary stories", () => {
  it("Answered keeps the question with the chosen option", async () => {
    const s = await summary(Answered, "answered");
    expect(within(s).getByText("Answered")).toBeInTheDocument();
    expect(lines(s)).toEqual([[DEPLOY.question, "Production"]]);
  });

  it("AnsweredMultiSelect puts every value on one line", async () => {
    const s = await summary(AnsweredMultiSelect, "answered");
    expect(lines(s)).toEqual([[CHECKS.question, "Lint, Type check, Fuzzing"]]);
  });

  it("AnsweredElsewhere says so, with the answer given elsewhere", async () => {
    const s = await summary(AnsweredElsewhere, "answered elsewhere");
    expect(within(s).getByText("Answered elsewhere")).toBeInTheDocument();
    expect(lines(s)).toEqual([[REGION.question, "Asia Pacific"]]);
  });

  it("Skipped keeps every question's wording with the outcome", async () => {
    const s = await summary(Skipped, "skipped");
    expect(lines(s)).toEqual([
      [DEPLOY.question, "Skipped"],
      [REGION.question, "Skipped"],
    ]);
  });

  it("CancelledRunAborted says the agent's run was stopped, not that the person skipped", async () => {
    const s = await summary(CancelledRunAborted, "cancelled");
    expect(within(s).getByText("The agent's run was stopped.")).toBeInTheDocument();
    expect(lines(s)).toEqual([[DEPLOY.question, "Cancelled"]]);
  });

  it("SkippedElsewhere says another surface skipped it", async () => {
    const s = await summary(SkippedElsewhere, "skipped elsewhere");
    expect(lines(s)).toEqual([[REGION.question, "Skipped elsewhere"]]);
  });

  it("Expired keeps the wording with the outcome", async () => {
    const s = await summary(Expired, "expired");
    expect(lines(s)).toEqual([[REGION.question, "Expired"]]);
  });

  it("Unavailable keeps the wording with the outcome", async () => {
    const s = await summary(Unavailable, "unavailable");
    expect(lines(s)).toEqual([[DEPLOY.question, "Unavailable"]]);
  });

  it("SecretMasked shows the mask and never the secret", async () => {
    await SecretMasked.run();
    // Only the masking is asserted: the outcome wording of a secret answer is the store's concern.
    const s = screen.getByRole("article");
    expect(lines(s)).toEqual([[API_KEY.question, defaultMessages.secretMask]]);
    expect(document.body).not.toHaveTextContent("sk_test_4eC39HqLyjWDarjtT1zdp7dc");
  });

  it("SummaryList lists finished requests oldest first", async () => {
    await SummaryList.run();
    const summaries = screen.getAllByRole("article");
    expect(summaries.map((a) => a.getAttribute("aria-label"))).toEqual(["Question, answered", "Question, skipped", "Question, expired"]);
    expect(lines(summaries[0]!)).toEqual([
      [DEPLOY.question, "Staging (Recommended)"],
      [REGION.question, "EU (Frankfurt)"],
    ]);
  });

  it("SummaryListLong shows the newest five, and five more per press of Show earlier questions", async () => {
    await SummaryListLong.run();
    const questions = () => screen.getAllByRole("article").map((a) => within(a).getAllByRole("listitem")[0]!.firstChild?.textContent);
    expect(questions()).toEqual([8, 9, 10, 11, 12].map((n) => `Which region should build ${n} use?`));
    await userEvent.click(screen.getByRole("button", { name: "Show earlier questions (7 not shown)" }));
    expect(await screen.findByRole("button", { name: "Show earlier questions (2 not shown)" })).toBeInTheDocument();
    expect(questions()).toHaveLength(10);
  });

  it("SummaryListDark is the list under the dark theme", async () => {
    await SummaryListDark.run();
    expect(document.documentElement).toHaveAttribute("data-theme", "dark");
    expect(screen.getAllByRole("article")).toHaveLength(3);
  });
});
