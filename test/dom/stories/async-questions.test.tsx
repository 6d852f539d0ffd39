import { composeStories } from "@storybook/react";
import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import * as stories from "../../../stories/AsyncQuestions.stories";
import { asyncRequestId } from "../../../src/store";
import { lastAsyncStoryDock } from "../../../stories/support/async-story";
import { BRANCH, CHANGELOG, NOTES, QUOTING_ANSWER, REFUSAL } from "../../../stories/support/sample-async-questions";
import { DEPLOY } from "../../../stories/support/sample-questions";
import { disposeStoryDocks } from "../../../stories/support/story-dock";

const {
  AsyncQuestion,
  AsyncMultiQuestion,
  AsyncCollapsed,
  BlockingOverAsync,
  AnswerQueued,
  AnswerQueuedEditing,
  WaitingForReconnect,
  AnswerSending,
  AnswerNotSent,
  AnswerRefusedForGood,
  AnswerNotSentDark,
  DeliveryUnconfirmed,
  AnswerSent,
  NoLongerPending,
  NoLongerPendingDark,
  AsyncSkipped,
  AmbiguousReply,
  HistoryNotLoadedYet,
} = composeStories(stories);

afterEach(disposeStoryDocks);

const userMessages = () => lastAsyncStoryDock().sim.history().filter((m) => m.role === "user");
// The outbox entry of the stories' one async answer; its id is the chat.send idempotency key.
const answerKey = () => lastAsyncStoryDock().answerOf(asyncRequestId("item-1"))?.id;

async function dockOf(story: { run(): Promise<void> }) {
  await story.run();
  return screen.getByRole("region", { name: "Questions" });
}

async function summaryOf(story: { run(): Promise<void> }, outcome: string) {
  await story.run();
  return screen.getByRole("article", { name: `Question, ${outcome}` });
}

const buttonNames = (summary: HTMLElement) => within(summary).queryAllByRole("button").map((b) => b.textContent);

describe("QuestionDock/AsyncQuestions stories", () => {
  describe("In the dock", () => {
    it("AsyncQuestion waits in the dock without taking focus, beside the composer and its draft", async () => {
      const dock = await dockOf(AsyncQuestion);
      expect(within(dock).getByRole("radiogroup", { name: BRANCH.title })).toBeInTheDocument();
      expect(within(dock).getByRole("radio", { name: "main" })).not.toBeChecked();
      expect(dock).not.toContainElement(document.activeElement as HTMLElement | null);
      expect(screen.getByRole("textbox", { name: "Message" })).toHaveValue("Also bump the version");
      // Async questions do not expire, so no countdown.
      expect(within(dock).queryByText(/Time left/)).not.toBeInTheDocument();
    });

    it("AsyncMultiQuestion steps through the titles, on the second after the first was picked", async () => {
      const dock = await dockOf(AsyncMultiQuestion);
      expect(within(dock).getByText("Question 2 of 3")).toBeInTheDocument();
      expect(within(dock).getByRole("radiogroup", { name: CHANGELOG.title })).toBeInTheDocument();
      expect(within(dock).getByRole("button", { name: `Question 1: ${BRANCH.title}, answered` })).toBeInTheDocument();
      await userEvent.click(within(dock).getByRole("button", { name: "Back" }));
      expect(within(dock).getByRole("radio", { name: "release/2.4" })).toBeChecked();
    });

    it("AsyncCollapsed shows the count and the newest question, and Expand brings the first one's prompt back", async () => {
      const dock = await dockOf(AsyncCollapsed);
      expect(within(dock).getByText("2 requests waiting, 2 unanswered questions")).toBeInTheDocument();
      // The bar names the newest question; the prompt keeps the first one in its slot: a later one never takes it.
      expect(within(dock).getByText(NOTES.title)).toBeInTheDocument();
      expect(within(dock).queryByText(BRANCH.title)).not.toBeInTheDocument();
      expect(within(dock).queryByRole("radiogroup")).not.toBeInTheDocument();
      await userEvent.click(within(dock).getByRole("button", { name: "Expand questions" }));
      expect(within(dock).getByRole("radiogroup", { name: BRANCH.title })).toBeInTheDocument();
    });

    it("BlockingOverAsync puts the blocking question first; the arrows lead to the async one", async () => {
      const dock = await dockOf(BlockingOverAsync);
      expect(within(dock).getByText("Request 2 of 2")).toBeInTheDocument();
      expect(within(dock).getByRole("radiogroup", { name: DEPLOY.question })).toBeInTheDocument();
      await userEvent.click(within(dock).getByRole("button", { name: "Previous request" }));
      expect(within(dock).getByText("Request 1 of 2")).toBeInTheDocument();
      expect(within(dock).getByRole("radiogroup", { name: BRANCH.title })).toBeInTheDocument();
    });
  });

  describe("Delivery in the summary", () => {
    it("AnswerQueued says so and offers Edit answer and Discard, which puts the draft back in the dock unsent", async () => {
      const summary = await summaryOf(AnswerQueued, "answered");
      expect(within(summary).getByRole("status")).toHaveTextContent("Answer queued");
      expect(buttonNames(summary)).toEqual(["Edit answer", "Discard"]);
      expect(screen.queryByRole("region", { name: "Questions" })).not.toBeInTheDocument();

      await userEvent.click(within(summary).getByRole("button", { name: "Discard" }));
      const dock = await screen.findByRole("region", { name: "Questions" });
      expect(within(dock).getByRole("radio", { name: "release/2.4" })).toBeChecked();
      expect(screen.queryByRole("article")).not.toBeInTheDocument();
      expect(userMessages()).toEqual([]);
    });

    it("AnswerQueuedEditing holds the queued text in a field; Save re-queues the same entry, and the run's end sends the edit once", async () => {
      const summary = await summaryOf(AnswerQueuedEditing, "answered");
      const field = within(summary).getByRole("textbox", { name: "Your answer" });
      expect(field).toHaveValue(`> ${BRANCH.title}\n\nrelease/2.4, after the freeze`);
      expect(field).toHaveFocus();
      expect(buttonNames(summary)).toEqual(["Save", "Cancel"]);
      expect(within(summary).getByRole("status")).toHaveTextContent("Answer queued");
      const key = answerKey();

      await userEvent.click(within(summary).getByRole("button", { name: "Save" }));
      expect(within(summary).getByRole("button", { name: "Edit answer" })).toHaveFocus();
      expect(within(summary).getByText("release/2.4, after the freeze")).toBeInTheDocument();
      expect(answerKey()).toBe(key);
      const d = lastAsyncStoryDock();
      for (const run of d.sim.activeRuns()) d.sim.completeRun(run.runId, "Done.");
      await within(summary).findByText("Answer sent");
      expect(userMessages()).toEqual([expect.objectContaining({ content: `> ${BRANCH.title}\n\nrelease/2.4, after the freeze`, idempotencyKey: `${key}:user` })]);
    });

    it("WaitingForReconnect says the answer waits for the connection, and it can be discarded", async () => {
      const summary = await summaryOf(WaitingForReconnect, "answered");
      expect(within(summary).getByRole("status")).toHaveTextContent("Waiting for reconnect");
      expect(buttonNames(summary)).toEqual(["Edit answer", "Discard"]);
    });

    it("AnswerSending says Sending answer and offers neither Retry nor Discard", async () => {
      const summary = await summaryOf(AnswerSending, "answered");
      expect(within(summary).getByRole("status")).toHaveTextContent("Sending answer");
      expect(within(summary).getByText("release/2.4")).toBeInTheDocument();
      expect(buttonNames(summary)).toEqual([]);
    });

    it("AnswerRefusedForGood offers Discard but no Retry, and says why", async () => {
      const summary = await summaryOf(AnswerRefusedForGood, "answered");
      expect(within(summary).getByRole("status")).toHaveTextContent("Answer not sent");
      expect(within(summary).getByText(/must not contain null bytes/)).toBeInTheDocument();
      expect(within(summary).getByText(/will refuse this answer as it is/)).toBeInTheDocument();
      expect(buttonNames(summary)).toEqual(["Discard"]);
    });

    it("AnswerNotSent gives the gateway's reason, and Retry answer sends it once", async () => {
      const summary = await summaryOf(AnswerNotSent, "answered");
      expect(within(summary).getByRole("status")).toHaveTextContent("Answer not sent");
      expect(within(summary).getByText(new RegExp(REFUSAL.message.replace(/[.;]/g, "\\$&")))).toBeInTheDocument();
      expect(buttonNames(summary)).toEqual(["Retry answer", "Discard"]);
      expect(userMessages()).toEqual([]);
      const key = answerKey();

      await userEvent.click(within(summary).getByRole("button", { name: "Retry answer" }));
      await within(summary).findByText("Answer sent");
      expect(buttonNames(summary)).toEqual([]);
      // The existing entry went out again under its own key; no second answer was made.
      expect(userMessages()).toEqual([expect.objectContaining({ content: `> ${BRANCH.title}\n\nrelease/2.4`, idempotencyKey: `${key}:user` })]);
    });

    it("AnswerNotSentDark is the failed answer under the dark theme", async () => {
      const summary = await summaryOf(AnswerNotSentDark, "answered");
      expect(document.documentElement).toHaveAttribute("data-theme", "dark");
      expect(within(summary).getByRole("status")).toHaveTextContent("Answer not sent");
    });

    it("DeliveryUnconfirmed says delivery is uncertain, and Retry answer ends with exactly one message", async () => {
      const summary = await summaryOf(DeliveryUnconfirmed, "answered");
      expect(within(summary).getByRole("status")).toHaveTextContent("Delivery unconfirmed");
      expect(within(summary).getByText(/delivery is uncertain/)).toBeInTheDocument();
      expect(buttonNames(summary)).toEqual(["Retry answer", "Discard"]);
      expect(userMessages()).toEqual([]);
      const key = answerKey();

      await userEvent.click(within(summary).getByRole("button", { name: "Retry answer" }));
      await within(summary).findByText("Answer sent");
      expect(userMessages()).toEqual([expect.objectContaining({ idempotencyKey: `${key}:user` })]);
    });

    it("AnswerSent keeps the question with its answer, confirmed from the saved history", async () => {
      const summary = await summaryOf(AnswerSent, "answered");
      expect(within(summary).getByRole("status")).toHaveTextContent("Answer sent");
      expect(within(summary).getByRole("listitem")).toHaveTextContent(`${BRANCH.title}release/2.4`);
      expect(buttonNames(summary)).toEqual([]);
      expect(userMessages()).toHaveLength(1);
    });
  });

  describe("Out of the dock, unanswered", () => {
    it("NoLongerPending keeps the question with Answer, which reopens it without sending anything", async () => {
      const summary = await summaryOf(NoLongerPending, "no longer pending");
      expect(within(summary).getByText(BRANCH.title)).toBeInTheDocument();
      expect(screen.queryByRole("region", { name: "Questions" })).not.toBeInTheDocument();
      expect(buttonNames(summary)).toEqual(["Answer"]);

      await userEvent.click(within(summary).getByRole("button", { name: "Answer" }));
      const dock = await screen.findByRole("region", { name: "Questions" });
      expect(within(dock).getByRole("radiogroup", { name: BRANCH.title })).toBeInTheDocument();
      expect(screen.queryByRole("article")).not.toBeInTheDocument();
      expect(userMessages()).toEqual([]);
    });

    it("NoLongerPendingDark is the retired reminder under the dark theme", async () => {
      const summary = await summaryOf(NoLongerPendingDark, "no longer pending");
      expect(document.documentElement).toHaveAttribute("data-theme", "dark");
      expect(buttonNames(summary)).toEqual(["Answer"]);
    });

    it("AsyncSkipped sends nothing, and Answer reopens it with the draft it had", async () => {
      const summary = await summaryOf(AsyncSkipped, "skipped");
      expect(within(summary).getByRole("listitem")).toHaveTextContent(`${BRANCH.title}Skipped`);
      expect(userMessages()).toEqual([]);
      await userEvent.click(within(summary).getByRole("button", { name: "Answer" }));
      const dock = await screen.findByRole("region", { name: "Questions" });
      expect(within(dock).getByRole("radio", { name: "main" })).toBeChecked();
    });
  });

  it("AmbiguousReply shows the saved reply whole, not split under the questions", async () => {
    const summary = await summaryOf(AmbiguousReply, "answered");
    const saved = userMessages();
    expect(saved).toHaveLength(1);
    expect(saved[0]?.content).toContain(QUOTING_ANSWER);
    expect(within(summary).getByRole("status")).toHaveTextContent("Answer sent");
    // Each question is listed bare; the reply follows in one piece, exactly as saved.
    expect(within(summary).getAllByRole("listitem").map((li) => li.textContent)).toEqual([BRANCH.title, NOTES.title]);
    expect(within(summary).getByText((_, el) => el?.tagName === "P" && el.textContent === saved[0]?.content)).toBeInTheDocument();
  });

  describe("Near the dock", () => {
    it("HistoryNotLoadedYet says the history is asked again; once it loads the notice goes and the question stays", async () => {
      const dock = await dockOf(HistoryNotLoadedYet);
      const notice = screen.getByText(/^The conversation history could not be loaded yet: .*UNAVAILABLE: session rows are initializing; reload the conversation\. Trying again\.$/);
      expect(notice.closest("[role=status]")).toBeInTheDocument();
      await act(async () => lastAsyncStoryDock().clock.advance(1000));
      await waitFor(() => expect(screen.queryByText(/could not be loaded/)).not.toBeInTheDocument());
      expect(within(dock).getByRole("radiogroup", { name: BRANCH.title })).toBeInTheDocument();
    });
  });
});
