import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { DockLayout, QuestionDock, QuestionDockProvider } from "../src";
import { ChatComposer, ChatTranscript, VoiceNotesComposer, type ChatMessage } from "./support/chat-parts";
import { disposeLoadedDock, dockLoader, loadedDock } from "./support/dock-story";
import { DEPLOY, REGION, ask } from "./support/sample-questions";

const MESSAGES: ChatMessage[] = [
  { from: "user", text: "Ship the checkout fix and set up the new database." },
  { from: "assistant", text: "The fix is ready. Two decisions are yours before I continue." },
];

// One request already answered, the next one waiting in the dock.
const SECOND_REQUEST_WAITING = dockLoader({
  requests: [ask(REGION)],
  drive: async (d) => {
    d.choose("region", "EU (Frankfurt)");
    await d.actions().submit(d.activeId());
    await d.ask(ask(DEPLOY));
  },
});

/** The chat column as a Control UI lays it out: transcript | dock | composer, each in its own slot. */
const meta = {
  title: "DockLayout/Chat",
  component: DockLayout,
  parameters: { layout: "fullscreen" },
  beforeEach: disposeLoadedDock,
  render: (_args, context) => {
    const dock = loadedDock(context);
    const plugin = context.parameters["composer"] === "plugin";
    return (
      <QuestionDockProvider store={dock.store}>
        <div className="story-chat">
          <DockLayout
            transcript={<ChatTranscript messages={MESSAGES} />}
            dock={<QuestionDock layout="stepper" />}
            composer={plugin ? <VoiceNotesComposer /> : <ChatComposer draft="Also bump the changelog" />}
          />
        </div>
      </QuestionDockProvider>
    );
  },
} satisfies Meta<typeof DockLayout>;

export default meta;
type Story = StoryObj<typeof meta>;

/** An answered request's summary in the transcript, the next request in the dock, and the composer with its draft. */
export const WithTranscriptAndComposer: Story = {
  loaders: [SECOND_REQUEST_WAITING],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("region", { name: "Questions" })).toBeVisible();
    await expect(canvas.getByRole("textbox", { name: "Message" })).toHaveValue("Also bump the changelog");
  },
};

/** The same chat in the dark theme. */
export const WithTranscriptAndComposerDark: Story = {
  ...WithTranscriptAndComposer,
  globals: { theme: "dark" },
};

/** A plugin replaced the composer; the dock keeps its slot above it. */
export const PluginComposer: Story = {
  loaders: [SECOND_REQUEST_WAITING],
  parameters: { composer: "plugin" },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("group", { name: "Voice notes composer" })).toBeVisible();
    await expect(canvas.getByRole("region", { name: "Questions" })).toBeVisible();
  },
};

/** Every request answered: the dock is gone, the transcript keeps the summaries, the composer is back. */
export const AllAnswered: Story = {
  loaders: [
    dockLoader({
      requests: [ask(REGION)],
      drive: async (d) => {
        d.choose("region", "US East");
        await d.actions().submit(d.activeId());
      },
    }),
  ],
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).queryByRole("region", { name: "Questions" })).toBeNull();
  },
};
