import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { chatHistoryFeature, QuestionDock, QuestionTranscript, useChatTranscript, type ChatTranscriptMessage } from "../src";
import { disposeLoadedDock, dockLoader, withStoryDock } from "./support/dock-story";
import type { StoryDock } from "./support/story-dock";
import { DEPLOY } from "./support/sample-questions";

const SENT_KEY = "story-send-1";

/** The host's rendering of one message: who wrote it, and its text as text. */
function renderMessage(row: ChatTranscriptMessage) {
  return (
    <p className="story-message" data-from={row.role}>
      {row.role === "user" ? "You" : "Agent"}: {row.message.text}
    </p>
  );
}

/** A blocking-only host's chat: its own transcript of the conversation the store reads, and the dock below it. */
function HostChat() {
  const messages = useChatTranscript();
  return (
    <div className="story-chat">
      <div className="story-transcript">
        <QuestionTranscript messages={messages} renderMessage={renderMessage} />
      </div>
      <QuestionDock layout="stepper" />
    </div>
  );
}

// The person asks for a deploy; the agent's run asks where, the person answers, and the run replies.
async function answeredInARun(d: StoryDock): Promise<void> {
  await d.client.request("chat.send", { sessionKey: "main", message: "Ship the hotfix, please.", idempotencyKey: SENT_KEY });
  // The gateway's own record id, which the history's ask_user call names too.
  const { id } = d.sim.ask({ questions: [DEPLOY], runId: SENT_KEY });
  await d.until((s) => s.activeId === id, "the question in the dock");
  d.choose(DEPLOY.questionId, "Production");
  await d.actions().submit(d.activeId());
  d.clock.advance(2_000);
  d.sim.completeRun(SENT_KEY, "Deploying to Production.");
  await d.until((s) => s.chat.messages.some((m) => m.text === "Deploying to Production."), "the run's reply in the conversation");
}

/** A host without async questions places each question's summary in its own transcript: `chatHistoryFeature` and `useChatTranscript`. */
const meta = {
  title: "Transcript/Your own transcript",
  component: HostChat,
  decorators: [withStoryDock],
  beforeEach: disposeLoadedDock,
  loaders: [dockLoader({ setup: () => ({ store: { chatHistory: chatHistoryFeature() } }), drive: answeredInARun })],
} satisfies Meta<typeof HostChat>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The summary stands at the turn that asked, before the run's reply to the answer. */
export const BlockingOnlyHost: Story = {
  play: async ({ canvasElement }) => {
    const list = within(canvasElement).getByRole("list", { name: "Conversation" });
    await expect(within(list).getByRole("article", { name: "Question, answered" })).toBeVisible();
    await expect(within(list).getByText(/Deploying to Production/)).toBeVisible();
  },
};
