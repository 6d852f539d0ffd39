import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { DockLayout, QuestionDock, QuestionDockProvider } from "../src";
import { ChatComposer, ChatTranscript } from "./support/chat-parts";
import { disposeLoadedDock, dockLoader, loadedDock } from "./support/dock-story";
import { longTranscript, unbrokenWord } from "./support/long-transcript";
import { CHECKS, DEPLOY, REGION } from "./support/sample-questions";

const MESSAGES = longTranscript(200);

/** A request whose question text and one option label are each a single 10 kB word. */
const UNBROKEN = {
  questionId: "unbroken",
  header: "Long word",
  question: unbrokenWord(10_000, "Pneumonoultramicroscopic"),
  options: [{ label: unbrokenWord(10_000, "Floccinaucinihilipilification") }, { label: "Keep it short" }],
};

/**
 * A chat 200 messages long (some 10 kB, one a single 10 kB word) above the dock: the dock keeps its own height
 * up to 60% of the viewport and the transcript scrolls in what is left.
 */
const meta = {
  title: "DockLayout/Long transcript",
  component: DockLayout,
  parameters: { layout: "fullscreen" },
  beforeEach: disposeLoadedDock,
  render: (_args, context) => {
    const dock = loadedDock(context);
    const layout = context.parameters["dockLayout"] === "stacked" ? "stacked" : "stepper";
    return (
      <QuestionDockProvider store={dock.store}>
        <div className="story-chat">
          <DockLayout
            transcript={<ChatTranscript messages={MESSAGES} />}
            dock={<QuestionDock layout={layout} />}
            composer={<ChatComposer />}
          />
        </div>
      </QuestionDockProvider>
    );
  },
} satisfies Meta<typeof DockLayout>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Two questions in the stepper under the long chat. */
export const LongTranscript: Story = {
  loaders: [dockLoader({ requests: [{ questions: [REGION, DEPLOY] }] })],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("radiogroup", { name: REGION.question })).toBeVisible();
    await expect(canvas.getByRole("button", { name: "Skip" })).toBeVisible();
  },
};

/** The phone layout: three questions as stacked cards, taller than the dock may grow, under the long chat. */
export const LongTranscriptNarrow: Story = {
  loaders: [dockLoader({ requests: [{ questions: [REGION, DEPLOY, CHECKS] }] })],
  parameters: { dockLayout: "stacked" },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("group", { name: CHECKS.question })).toBeInTheDocument();
    await expect(canvas.getByRole("button", { name: "Submit" })).toBeVisible();
  },
};

/** A 10 kB word as the question text and as an option label: it wraps inside the dock, which scrolls. */
export const LongUnbrokenWord: Story = {
  loaders: [dockLoader({ requests: [{ questions: [UNBROKEN] }] })],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("radio", { name: "Keep it short" })).toBeInTheDocument();
    await expect(canvas.getByRole("button", { name: "Submit" })).toBeVisible();
  },
};
