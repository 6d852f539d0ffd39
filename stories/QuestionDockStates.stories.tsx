import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import type { QuestionDock } from "../src";
import { dockLoader, dockStoryMeta } from "./support/dock-story";
import { CHECKS, DEPLOY, REGION, ask } from "./support/sample-questions";
import type { StoryDock } from "./support/story-dock";

/** The dock around a prompt: sending, failure, collapse, several requests, time running out, connection. */
const meta = {
  title: "QuestionDock/States",
  ...dockStoryMeta,
} satisfies Meta<typeof QuestionDock>;

export default meta;
type Story = StoryObj<typeof meta>;

// Sends the answer into a stalled link, so it stays in flight until the story is left. The send is wrapped
// in an object because an async function returning a bare promise would wait for it.
async function holdAnswerInFlight(d: StoryDock): Promise<{ sent: Promise<void> }> {
  const id = d.activeId();
  d.choose("region", "EU (Frankfurt)");
  d.link.stall();
  const sent = d.actions().submit(id);
  await d.until((s) => s.submissions.get(id)?.status === "submitting", "an answer in flight");
  return { sent };
}

// Drops the connection under an answer in flight; the stalled frame is let go only once the socket is gone.
async function cutOffAnswer(d: StoryDock, { staysOffline }: { staysOffline: boolean }): Promise<void> {
  const { sent } = await holdAnswerInFlight(d);
  if (staysOffline) d.sim.setOffline(true);
  d.sim.dropConnections();
  d.link.resume();
  await sent;
  if (!staysOffline) await d.until((s) => s.connection.state === "connected", "the connection back after the drop");
}

/** The answer is on its way: Skip and Submit wait, and the footer says Sending…. */
export const Submitting: Story = {
  loaders: [dockLoader({ requests: [ask(REGION)], drive: (d) => holdAnswerInFlight(d).then(() => {}) })],
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText("Sending…")).toBeVisible();
  },
};

/**
 * The connection dropped while the answer was in flight and the gateway is still out of reach: the dock does
 * not guess; it holds the draft as sent and says it is checking whether the answer arrived.
 */
export const CheckingWhetherArrived: Story = {
  loaders: [dockLoader({ requests: [ask(REGION)], drive: (d) => cutOffAnswer(d, { staysOffline: true }) })],
  play: async ({ canvasElement }) => {
    // Once in the footer, once in the polite live region.
    await expect(within(canvasElement).getAllByText("Checking whether your answer arrived…")[0]).toBeVisible();
  },
};

/** The connection dropped while the answer was in flight, and the recovery found it never arrived: the draft is kept and the error says so. */
export const SubmitFailed: Story = {
  loaders: [dockLoader({ requests: [ask(REGION)], drive: (d) => cutOffAnswer(d, { staysOffline: false }) })],
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("alert")).toHaveTextContent("Your answer did not reach the gateway");
  },
};

/** Collapsed to a slim indicator: the header, the question, the waiting count and Expand. */
export const Collapsed: Story = {
  loaders: [dockLoader({ requests: [ask(DEPLOY)], drive: (d) => d.actions().collapse() })],
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("button", { name: "Expand questions" })).toBeVisible();
  },
};

/** Collapsed while three requests wait. */
export const CollapsedSeveralWaiting: Story = {
  loaders: [dockLoader({ requests: [ask(DEPLOY), ask(REGION), ask(CHECKS)], drive: (d) => d.actions().collapse() })],
};

/** The collapsed indicator in the dark theme. */
export const CollapsedDark: Story = {
  ...CollapsedSeveralWaiting,
  globals: { theme: "dark" },
};

/** Two requests wait; the first is shown, with request arrows and "Request 1 of 2". */
export const TwoRequests: Story = {
  loaders: [
    dockLoader({
      requests: [ask(DEPLOY), ask(REGION, CHECKS)],
      drive: (d) => {
        d.actions().showRequest(d.ids[0] ?? "");
        d.choose("deploy_target", "Production");
      },
    }),
  ],
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText("Request 1 of 2")).toBeVisible();
  },
};

/** Under a minute left: the clock reads 00:42 and turns to the warning colour. */
export const ExpiringSoon: Story = {
  loaders: [dockLoader({ requests: [{ ...ask(DEPLOY), timeoutMs: 42_000 }] })],
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText("00:42")).toBeVisible();
  },
};

/** The connection dropped and the gateway does not answer yet: the dock says Reconnecting… and keeps the prompt. */
export const Reconnecting: Story = {
  loaders: [
    dockLoader({
      requests: [ask(DEPLOY)],
      drive: async (d) => {
        d.sim.setOffline(true);
        d.sim.dropConnections();
        await d.until((s) => s.connection.state === "reconnecting", "a reconnecting client");
      },
    }),
  ],
};

/** The client has stopped: the dock says Offline and keeps the prompt and its draft. */
export const Offline: Story = {
  loaders: [
    dockLoader({
      requests: [ask(DEPLOY)],
      drive: async (d) => {
        d.choose("deploy_target", "Production");
        d.client.stop();
        await d.until((s) => s.connection.state === "offline", "an offline client");
      },
    }),
  ],
};

// The gateway sends a record whose options are not a list: the dock refuses it, and says so.
async function sendMalformedRecord(d: StoryDock): Promise<void> {
  const now = d.clock.now();
  d.sim.broadcast("question.requested", {
    id: "malformed",
    questions: [{ questionId: "target", header: "Deploy", question: "Where should this deploy?", options: "staging, production" }],
    sessionKey: "agent:main:main",
    createdAtMs: now,
    expiresAtMs: now + 600_000,
    status: "pending",
  });
  await d.until((s) => s.rejected.length > 0, "the refused record");
}

/** A record the dock could not show: a small notice instead of nothing, with Details and Dismiss. */
export const RecordRejected: Story = {
  loaders: [dockLoader({ drive: sendMalformedRecord })],
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText("A question could not be shown.")).toBeVisible();
  },
};

/** The same notice with its details open: each problem the validator found, as text. */
export const RecordRejectedDetails: Story = {
  loaders: [dockLoader({ drive: sendMalformedRecord })],
  play: async ({ canvasElement }) => {
    within(canvasElement).getByRole("button", { name: "Details" }).click();
    await expect(await within(canvasElement).findByText(/options: must be an array/)).toBeVisible();
  },
};
