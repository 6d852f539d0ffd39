import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, userEvent, within } from "storybook/test";
import { DockLayout, QuestionDock, QuestionDockProvider } from "../src";
import { asyncDockLoader, type AsyncStoryDock } from "./support/async-story";
import { ChatComposer, ChatTranscript, type ChatMessage } from "./support/chat-parts";
import { disposeLoadedDock, loadedDock } from "./support/dock-story";
import { BRANCH, CHANGELOG, HISTORY_NOT_READY, NOTES, QUOTING_ANSWER, REFUSAL, REFUSAL_FOR_GOOD, REPEATED, askAsync } from "./support/sample-async-questions";
import { DEPLOY, ask } from "./support/sample-questions";

const MESSAGES: ChatMessage[] = [
  { from: "user", text: "Fix the rounding bug in checkout totals and get it ready to ship." },
  { from: "assistant", text: "On it. I will keep running the test suite; answer my questions whenever you have a moment." },
];

/**
 * Async (Codex) questions in the chat column: they wait in the dock without taking focus while the agent works,
 * and once answered the transcript's summary tracks the answer's delivery through the outbox.
 */
const meta = {
  title: "QuestionDock/AsyncQuestions",
  component: QuestionDock,
  args: { layout: "stepper" },
  parameters: { layout: "fullscreen" },
  beforeEach: disposeLoadedDock,
  render: (args, context) => {
    const dock = loadedDock(context);
    return (
      <QuestionDockProvider store={dock.store}>
        <div className="story-chat">
          <DockLayout
            transcript={<ChatTranscript messages={MESSAGES} />}
            dock={<QuestionDock {...args} />}
            composer={<ChatComposer draft="Also bump the version" />}
          />
        </div>
      </QuestionDockProvider>
    );
  },
} satisfies Meta<typeof QuestionDock>;

export default meta;
type Story = StoryObj<typeof meta>;

// Picks the branch and submits; the outbox takes it from there.
async function answerBranch(d: AsyncStoryDock, label = "release/2.4"): Promise<string> {
  const id = d.activeId();
  d.choose("q0", label);
  await d.actions().submit(id);
  return id;
}

/** An async question waits in the dock; the composer keeps focus and its draft. */
export const AsyncQuestion: Story = {
  loaders: [asyncDockLoader({ asks: [askAsync(BRANCH)] })],
  play: async ({ canvasElement }) => {
    const dock = within(canvasElement).getByRole("region", { name: "Questions" });
    await expect(within(dock).getByRole("radiogroup", { name: BRANCH.title })).toBeVisible();
    await expect(dock).not.toContainElement(document.activeElement as HTMLElement | null);
  },
};

/** One async delivery with three questions: the stepper, on the second one after the first was picked. */
export const AsyncMultiQuestion: Story = {
  loaders: [
    asyncDockLoader({
      asks: [askAsync(BRANCH, CHANGELOG, NOTES)],
      drive: (d) => {
        d.choose("q0", "release/2.4");
        d.goToStep(1);
      },
    }),
  ],
};

/** Collapsed while two async questions wait: the count and the newest question stay visible. */
export const AsyncCollapsed: Story = {
  loaders: [asyncDockLoader({ asks: [askAsync(BRANCH), askAsync(NOTES)], drive: (d) => d.actions().collapse() })],
};

/** The agent repeated a label: every option is shown, and only the one picked (the second "Staging") is checked. */
export const AsyncRepeatedLabel: Story = {
  loaders: [asyncDockLoader({ asks: [askAsync(REPEATED)], drive: (d) => d.actions().select(d.activeId(), "q0", "Staging", 2) })],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("radiogroup", { name: REPEATED.title })).toBeVisible();
    const [first, , last] = canvas.getAllByRole("radio", { name: /Staging|Production/ });
    await expect(first).not.toBeChecked();
    await expect(last).toBeChecked();
  },
};

/** A blocking question arrived and took priority; the async one is still reachable through the request arrows. */
export const BlockingOverAsync: Story = {
  loaders: [
    asyncDockLoader({
      asks: [askAsync(BRANCH)],
      drive: async (d) => {
        const id = await d.ask(ask(DEPLOY));
        await d.until((s) => s.activeId === id, "the blocking question in front");
      },
    }),
  ],
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText("Request 2 of 2")).toBeVisible();
  },
};

/** The agent is busy, so the answer waits in the outbox until the run goes idle; it can still be discarded. */
export const AnswerQueued: Story = {
  loaders: [
    asyncDockLoader({
      asks: [askAsync(BRANCH)],
      drive: async (d) => {
        await d.startRun();
        await d.untilAnswer(await answerBranch(d), "queued");
      },
    }),
  ],
};

/** Edit answer on a queued answer: its text open in a field, with Save and Cancel; nothing is sent meanwhile. */
export const AnswerQueuedEditing: Story = {
  ...AnswerQueued,
  play: async ({ canvasElement }) => {
    const summary = within(canvasElement).getByRole("article", { name: "Question, answered" });
    await userEvent.click(within(summary).getByRole("button", { name: "Edit answer" }));
    await userEvent.type(within(summary).getByRole("textbox", { name: "Your answer" }), ", after the freeze");
    await expect(within(summary).getByRole("button", { name: "Save" })).toBeVisible();
  },
};

/** The connection is down: the answer waits for the reconnect. */
export const WaitingForReconnect: Story = {
  loaders: [
    asyncDockLoader({
      asks: [askAsync(BRANCH)],
      drive: async (d) => {
        d.sim.setOffline(true);
        d.sim.dropConnections();
        await d.until((s) => s.connection.state === "reconnecting", "a reconnecting client");
        await d.untilAnswer(await answerBranch(d), "waiting");
      },
    }),
  ],
};

/** The answer is on its way: the link is stalled, so it stays in flight while the story is on screen. */
export const AnswerSending: Story = {
  loaders: [
    asyncDockLoader({
      asks: [askAsync(BRANCH)],
      drive: async (d) => {
        d.link.stall();
        await d.untilAnswer(await answerBranch(d), "sending");
      },
    }),
  ],
};

// The gateway refuses the answer's first send with `refusal`.
const refusedAnswerLoader = (refusal: typeof REFUSAL) =>
  asyncDockLoader({
    asks: [askAsync(BRANCH)],
    drive: async (d) => {
      d.refusals.refuseNext("chat.send", refusal);
      await d.untilAnswer(await answerBranch(d), "failed");
    },
  });

/** The gateway refused the answer: the summary says why, with Retry answer and Discard. */
export const AnswerNotSent: Story = {
  loaders: [refusedAnswerLoader(REFUSAL)],
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("button", { name: "Retry answer" })).toBeVisible();
  },
};

/** The gateway refused the message itself: no Retry (it would be refused again), only Discard to edit it. */
export const AnswerRefusedForGood: Story = {
  loaders: [refusedAnswerLoader(REFUSAL_FOR_GOOD)],
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("button", { name: "Discard" })).toBeVisible();
  },
};

/** The failed answer in the dark theme. */
export const AnswerNotSentDark: Story = {
  ...AnswerNotSent,
  globals: { theme: "dark" },
};

/** The connection dropped mid-send and the saved history does not show the answer: delivery is uncertain. */
export const DeliveryUnconfirmed: Story = {
  loaders: [
    asyncDockLoader({
      asks: [askAsync(BRANCH)],
      drive: async (d) => {
        d.link.stall();
        const id = await answerBranch(d);
        await d.untilAnswer(id, "sending");
        d.link.resume();
        d.sim.dropConnections();
        await d.untilAnswer(id, "unconfirmed");
        await d.until((s) => s.connection.state === "connected", "the connection back after the drop");
      },
    }),
  ],
};

/** The saved conversation history holds the answer. */
export const AnswerSent: Story = {
  loaders: [asyncDockLoader({ asks: [askAsync(BRANCH)], drive: async (d) => d.untilAnswer(await answerBranch(d), "confirmed") })],
};

/** A later run completed, so the reminder left the dock; Answer reopens it. */
export const NoLongerPending: Story = {
  loaders: [
    asyncDockLoader({
      asks: [askAsync(BRANCH)],
      drive: async (d) => {
        const id = d.activeId();
        d.sim.startRun();
        d.sim.completeRun(undefined, "All checkout tests pass.");
        await d.until((s) => s.outcomes.get(id)?.kind === "retired", "the reminder moved into history");
      },
    }),
  ],
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("button", { name: "Answer" })).toBeVisible();
  },
};

/** The retired reminder in the dark theme. */
export const NoLongerPendingDark: Story = {
  ...NoLongerPending,
  globals: { theme: "dark" },
};

/** Skipped: out of the dock with nothing sent; the summary keeps the question and offers Answer. */
export const AsyncSkipped: Story = {
  loaders: [
    asyncDockLoader({
      asks: [askAsync(BRANCH)],
      drive: async (d) => {
        d.choose("q0", "main");
        await d.actions().skip(d.activeId());
      },
    }),
  ],
};

/** The saved reply quotes a question heading, so splitting it would be a guess: the summary shows it whole. */
export const AmbiguousReply: Story = {
  loaders: [
    asyncDockLoader({
      asks: [askAsync(BRANCH, NOTES)],
      drive: async (d) => {
        const id = d.activeId();
        d.choose("q0", "release/2.4");
        d.type("q1", QUOTING_ANSWER);
        await d.actions().submit(id);
        await d.untilAnswer(id, "confirmed");
        await d.until((s) => s.outcomes.get(id)?.async?.replyText !== undefined, "the saved reply");
      },
    }),
  ],
};

/** The gateway could not give the conversation's history after a reconnect: a notice says so and that it asks again. */
export const HistoryNotLoadedYet: Story = {
  loaders: [
    asyncDockLoader({
      asks: [askAsync(BRANCH)],
      drive: async (d) => {
        d.refusals.refuseNext("chat.history", HISTORY_NOT_READY);
        d.sim.dropConnections();
        await d.until((s) => s.chat.error?.reason.endsWith(HISTORY_NOT_READY.message) === true, "the history refused after the reconnect");
      },
    }),
  ],
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText(/could not be loaded yet.*Trying again\.$/)).toBeVisible();
  },
};
