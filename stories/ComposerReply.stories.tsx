import type { Meta, StoryObj } from "@storybook/react-vite";
import { useId } from "react";
import { expect, within } from "storybook/test";
import { ComposerClaimHint, QuestionDock } from "../src";
import { useComposerAnswer } from "../src";
import type { SubmitErrorCode } from "../src";
import { disposeLoadedDock, dockLoader, withStoryDock } from "./support/dock-story";
import type { StoryDock } from "./support/story-dock";
import { DEPLOY, REGION, type Question } from "./support/sample-questions";

/** Props of the story's composer: its text, and the reason a reply was not taken, if one was refused. */
interface ReplyingComposerProps {
  draft: string;
  refusal?: { code: SubmitErrorCode; detail?: string };
}

// A composer as a host writes one with the kit's hook: the field, and the hint it describes it with.
function ReplyingComposer({ draft, refusal }: ReplyingComposerProps) {
  const { claim } = useComposerAnswer(draft);
  const id = useId();
  return (
    <div className="story-composer">
      <ComposerClaimHint id={`${id}-hint`} claim={claim} {...(refusal ? { refusal } : {})} />
      <label className="qd-visually-hidden" htmlFor={id}>
        Message
      </label>
      <textarea id={id} rows={2} value={draft} readOnly aria-describedby={claim || refusal ? `${id}-hint` : undefined} />
    </div>
  );
}

// The agent asks from inside a run: the gateway gives the creator's chat message to the question as its answer.
function askedInARun(...questions: Question[]) {
  return dockLoader({
    drive: async (d: StoryDock) => {
      const runId = d.sim.startRun();
      await d.ask({ questions, runId });
    },
  });
}

/** The composer while an agent run's question waits: a line says what the typed message will answer, before Enter. */
const meta = {
  title: "Composer/Reply answers the question",
  component: ReplyingComposer,
  decorators: [withStoryDock],
  beforeEach: disposeLoadedDock,
  render: (args) => (
    <>
      <QuestionDock layout="stepper" />
      <ReplyingComposer {...args} />
    </>
  ),
} satisfies Meta<typeof ReplyingComposer>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The message is an option's number: it will answer with that option. */
export const WillAnswer: Story = {
  args: { draft: "2" },
  loaders: [askedInARun(DEPLOY)],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("textbox", { name: "Message" })).toHaveAccessibleDescription(/Your message will answer 'Deploy':\s*Deploy: Production/);
  },
};

/** Two questions, one line: the hint names the question left without an answer, which the gateway would refuse. */
export const LeavesAQuestionUnanswered: Story = {
  args: { draft: "2" },
  loaders: [askedInARun(DEPLOY, REGION)],
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText(/Still without an answer: Region/)).toBeVisible();
  },
};

/** Text shaped like a key: it would become the answer and stay in the chat, so the hint warns. */
export const CredentialWarning: Story = {
  args: { draft: "sk-proj-4f9a8b7c6d5e4f3a2b1c0d9e8f7a6b5c" },
  loaders: [askedInARun(DEPLOY)],
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText(/This looks like a password or key/)).toBeVisible();
  },
};

/** The gateway did not take the reply (another connection's policy): the reason stays beside the kept text. */
export const Refused: Story = {
  args: { draft: "Production", refusal: { code: "not-creator" } },
  loaders: [askedInARun(DEPLOY)],
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("textbox", { name: "Message" })).toHaveAccessibleDescription(/only from a connection with the same permissions/);
  },
};
