import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, within } from "storybook/test";
import { PromptError } from "../src/components/DockRoot";
import type { QuestionRecord } from "../src/protocol";
import "./support/story-frame.css";

/** What the dock shows in place of a prompt that failed to render: the raw question text, as text, and Skip. */
const meta = {
  title: "QuestionDock/PromptError",
  component: PromptError,
  args: {
    onSkip: fn(),
    record: {
      id: "broken",
      questions: [{ questionId: "target", header: "Deploy", question: "Where should <b>this</b> deploy?", options: [] }],
      createdAtMs: 0,
      expiresAtMs: 60_000,
      status: "pending",
    } satisfies QuestionRecord,
  },
  decorators: [
    (Story) => (
      <section className="qd-dock" aria-label="Questions">
        <Story />
      </section>
    ),
  ],
} satisfies Meta<typeof PromptError>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A prompt whose record broke rendering. */
export const RenderFailed: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("alert")).toHaveTextContent("This question could not be shown.");
    await expect(canvas.getByText("Where should <b>this</b> deploy?")).toBeVisible();
    canvas.getByRole("button", { name: "Skip" }).click();
    await expect(args.onSkip).toHaveBeenCalled();
  },
};
