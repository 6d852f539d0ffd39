import type { Meta, StoryContext, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { QuestionTranscript, type QuestionTranscriptProps } from "../src";
import type { TranscriptMessage } from "../src/store";
import { disposeLoadedDock, withStoryDock } from "./support/dock-story";
import { DEPLOY, REGION, ask } from "./support/sample-questions";
import { createStoryDock, type StoryDock } from "./support/story-dock";

/** A host's chat message: what the kit's placement reads, and the text the host shows. */
export interface HostMessage extends TranscriptMessage {
  text: string;
}

const HOST_ROLES: Record<string, string> = { user: "You", assistant: "Agent" };

/** The host's rendering of one message: who wrote it, and its text as text. */
function renderMessage(message: HostMessage) {
  return (
    <>
      <span className="story-transcript__who">{HOST_ROLES[message.role] ?? message.role}</span> <span>{message.text}</span>
    </>
  );
}

/**
 * Two agent turns, each asking a question on the dock's stopped clock: the person answers the first and skips the
 * second; the host's messages carry their runs and times, as a Control UI reads them from chat.history.
 */
async function twoTurns(): Promise<{ dock: StoryDock; messages: HostMessage[] }> {
  const dock = await createStoryDock();
  const first = dock.clock.now();
  const messages: HostMessage[] = [
    { id: "u1", role: "user", at: first - 3_000, runId: "run-1", text: "Ship the hotfix, please." },
    { id: "a1", role: "assistant", at: first - 2_000, runId: "run-1", text: "The build is green. One thing first." },
  ];
  await dock.ask({ ...ask(DEPLOY), runId: "run-1" });
  dock.choose("deploy_target", "Production");
  await dock.actions().submit(dock.activeId());
  messages.push({ id: "a2", role: "assistant", at: first + 5_000, runId: "run-1", text: "Deploying to Production." });
  dock.clock.advance(7_000);
  const second = dock.clock.now();
  messages.push({ id: "u2", role: "user", at: second - 1_000, runId: "run-2", text: "Now move the database." });
  await dock.ask({ ...ask(REGION), runId: "run-2" });
  await dock.actions().skip(dock.activeId());
  messages.push({ id: "a3", role: "assistant", at: second + 2_000, runId: "run-2", text: "Keeping it where it is." });
  return { dock, messages };
}

const messagesOf = (context: Pick<StoryContext, "loaded">) => context.loaded["messages"] as HostMessage[];

/** A conversation as one list: the host's messages, each question's summary at the turn that asked it. */
const meta = {
  title: "Transcript/QuestionTranscript",
  decorators: [withStoryDock],
  beforeEach: disposeLoadedDock,
  loaders: [twoTurns],
  render: (args, context) => <QuestionTranscript {...args} messages={messagesOf(context)} renderMessage={renderMessage} />,
} satisfies Meta<Pick<QuestionTranscriptProps<HostMessage>, "pageSize">>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Each summary stands at its turn, before the agent's reply to the answer, not below the conversation. */
export const SummariesAtTheirTurns: Story = {
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("list", { name: "Conversation" })).toBeVisible();
    await expect(within(canvasElement).getByRole("article", { name: "Question, answered" })).toBeVisible();
  },
};

/** A long conversation: the newest rows, and a button before them that shows earlier ones. */
export const LongTranscript: Story = {
  args: { pageSize: 3 },
};

/** The transcript in the dark theme. */
export const Dark: Story = {
  globals: { theme: "dark" },
};
