import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { QuestionSummary, QuestionSummaryList } from "../src";
import { disposeLoadedDock, dockLoader, lastOutcome, withStoryDock } from "./support/dock-story";
import { API_KEY, CHECKS, DEPLOY, REGION, ask } from "./support/sample-questions";
import type { StoryDock } from "./support/story-dock";

/** The transcript's record of a finished request: every question with its answer, or with how it ended. */
const meta = {
  title: "Transcript/QuestionSummary",
  component: QuestionSummary,
  decorators: [withStoryDock],
  beforeEach: disposeLoadedDock,
  render: (_args, context) => <QuestionSummary outcome={lastOutcome(context)} />,
} satisfies Meta<typeof QuestionSummary>;

export default meta;
type Story = StoryObj<typeof QuestionSummary>;

async function answer(d: StoryDock, questionId: string, labels: string[], typed?: string): Promise<void> {
  d.choose(questionId, ...labels);
  if (typed !== undefined) d.type(questionId, typed);
  await d.actions().submit(d.activeId());
}

async function expire(d: StoryDock): Promise<void> {
  const id = d.activeId();
  const record = d.state().records.get(id);
  d.clock.advance((record?.expiresAtMs ?? 0) - d.clock.now());
  await d.until((s) => s.outcomes.has(id), "the request to expire");
}

/** Answered here: the full question with the chosen option. */
export const Answered: Story = {
  loaders: [dockLoader({ requests: [ask(DEPLOY)], drive: (d) => answer(d, "deploy_target", ["Production"]) })],
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("article", { name: "Question, answered" })).toBeVisible();
  },
};

/** A multi-select answer: the ticked options and the typed one, on one line. */
export const AnsweredMultiSelect: Story = {
  loaders: [dockLoader({ requests: [ask(CHECKS)], drive: (d) => answer(d, "checks", ["Lint", "Type check"], "Fuzzing") })],
};

/** Ends a story's request with an answer from somewhere other than this dock, as the gateway records it. */
function answeredBy(resolvedBy: string) {
  return async (d: StoryDock) => {
    const id = d.activeId();
    d.sim.resolve(id, { region: ["Asia Pacific"] }, resolvedBy);
    await d.until((s) => s.outcomes.has(id), "the answer from elsewhere");
  };
}

/** Another device answered first; the summary shows that answer. */
export const AnsweredElsewhere: Story = {
  loaders: [dockLoader({ requests: [ask(REGION)], drive: answeredBy("control-ui:phone") })],
};

/** Skipped: the wording stays, with the outcome instead of an answer. */
export const Skipped: Story = {
  loaders: [dockLoader({ requests: [ask(DEPLOY, REGION)], drive: (d) => d.actions().skip(d.activeId()) })],
};

/** Ends a story's request with a cancel from somewhere other than this dock, as the gateway records it. */
function cancelledBy(resolvedBy: string) {
  return async (d: StoryDock) => {
    const id = d.activeId();
    d.sim.cancel(id, resolvedBy);
    await d.until((s) => s.outcomes.has(id), "the cancel");
  };
}

/** The agent's run was stopped while it waited: cancelled, with the reason, and never called a skip. */
export const CancelledRunAborted: Story = {
  loaders: [dockLoader({ requests: [ask(DEPLOY)], drive: cancelledBy("run-abort") })],
};

/** Another Control UI page (a phone, another tab) skipped it. */
export const SkippedElsewhere: Story = {
  loaders: [dockLoader({ requests: [ask(REGION)], drive: cancelledBy("control-ui:phone") })],
};

/** The person replied with an image while the agent waited: the gateway set the question aside, with the reason. */
export const CancelledImageReply: Story = {
  loaders: [dockLoader({ requests: [ask(DEPLOY)], drive: cancelledBy("image-reply") })],
};

/** Ended by a `resolvedBy` the kit has no words for: said as the gateway wrote it, never as someone else's skip. */
export const EndedUnknown: Story = {
  loaders: [dockLoader({ requests: [ask(REGION)], drive: cancelledBy("harness-v9:reset") })],
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("article", { name: "Question, ended: harness-v9:reset" })).toBeVisible();
  },
};

/** Someone answered in the chat (the gateway took their reply as the answer, "plain-text"); this page sent none. */
export const AnsweredByChatReply: Story = {
  loaders: [dockLoader({ requests: [ask(REGION)], drive: answeredBy("plain-text") })],
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("article", { name: "Question, answered by a chat reply" })).toBeVisible();
  },
};

/** Time ran out before anyone answered. */
export const Expired: Story = {
  loaders: [dockLoader({ requests: [{ ...ask(REGION), timeoutMs: 30_000 }], drive: expire })],
};

/** The gateway restarted and no longer knows the request. */
export const Unavailable: Story = {
  loaders: [
    dockLoader({
      requests: [ask(DEPLOY)],
      drive: async (d) => {
        const id = d.activeId();
        d.sim.restart();
        await d.until((s) => s.outcomes.has(id), "the restarted gateway to forget the request");
      },
    }),
  ],
};

/** A secret answer is masked; the typed value appears nowhere. */
export const SecretMasked: Story = {
  loaders: [dockLoader({ requests: [ask(API_KEY)], drive: (d) => answer(d, "api_key", [], "sk_test_4eC39HqLyjWDarjtT1zdp7dc") })],
};

/** Several finished requests in the transcript, oldest first; none is evicted by time. */
export const SummaryList: Story = {
  loaders: [
    dockLoader({
      drive: async (d) => {
        await d.ask(ask(DEPLOY, REGION));
        d.choose("deploy_target", "Staging (Recommended)");
        await answer(d, "region", ["EU (Frankfurt)"]);
        await d.ask(ask(CHECKS));
        await d.actions().skip(d.activeId());
        await d.ask({ ...ask(REGION), timeoutMs: 30_000 });
        await expire(d);
      },
    }),
  ],
  render: () => <QuestionSummaryList />,
};

/** A long conversation: the newest page of summaries, and a button before it that shows earlier ones. */
export const SummaryListLong: Story = {
  loaders: [
    dockLoader({
      drive: async (d) => {
        for (let n = 1; n <= 12; n++) {
          await d.ask(ask({ ...REGION, question: `Which region should build ${n} use?` }));
          await d.actions().skip(d.activeId());
        }
      },
    }),
  ],
  render: () => <QuestionSummaryList pageSize={5} />,
};

/** The summary list in the dark theme. */
export const SummaryListDark: Story = {
  ...SummaryList,
  globals: { theme: "dark" },
};
