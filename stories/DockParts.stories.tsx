import type { Meta, StoryObj } from "@storybook/react-vite";
import type { ReactNode } from "react";
import { expect, within } from "storybook/test";
import { QuestionDock } from "../src";
import { disposeLoadedDock, dockLoader, withStoryDock } from "./support/dock-story";
import { CHECKS, DEPLOY, REGION, ask } from "./support/sample-questions";
import { ThreeQuestionsReview } from "./QuestionDockStepper.stories";

/** One part at a time inside `QuestionDock.Root`, which gives each the request, the keys and the focus. */
const meta = {
  title: "QuestionDock/Parts",
  component: QuestionDock.Root,
  args: { layout: "stepper" },
  decorators: [withStoryDock],
  beforeEach: disposeLoadedDock,
  loaders: [dockLoader({ requests: [ask(DEPLOY, CHECKS)] })],
} satisfies Meta<typeof QuestionDock.Root>;

export default meta;
type Story = StoryObj<typeof meta>;

const inRoot = (part: ReactNode) => ({ render: (args: Story["args"]) => <QuestionDock.Root {...args}>{part}</QuestionDock.Root> });

/** `Header`: the question's short header, the request arrows, time left and Collapse. */
export const Header: Story = { ...inRoot(<QuestionDock.Header />), loaders: [dockLoader({ requests: [ask(DEPLOY), ask(REGION)] })] };

/** `Progress`: "Question 1 of 2" with a segment per question. */
export const Progress: Story = inRoot(<QuestionDock.Progress />);

/** `Panel`: the prompt's box; here with `Questions` in it and nothing else. */
export const Panel: Story = inRoot(
  <QuestionDock.Panel>
    <QuestionDock.Questions />
  </QuestionDock.Panel>,
);

/** `Questions` with `Prompt` alone: the question's words, and its link or hint when it has one. */
export const Prompt: Story = inRoot(
  <QuestionDock.Questions>
    <QuestionDock.Prompt />
  </QuestionDock.Questions>,
);

/** `Options`, named by the question's words in `Prompt`; digits pick. */
export const Options: Story = {
  ...inRoot(
    <QuestionDock.Questions>
      <QuestionDock.Prompt />
      <QuestionDock.Options />
    </QuestionDock.Questions>,
  ),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("radiogroup", { name: DEPLOY.question })).toBeInTheDocument();
  },
};

/** `Other`: the free-text answer. */
export const Other: Story = inRoot(
  <QuestionDock.Questions>
    <QuestionDock.Prompt />
    <QuestionDock.Other />
  </QuestionDock.Questions>,
);

/** `Review`: the stepper's last step, every answer with a way back to its question. */
export const Review: Story = { ...inRoot(<QuestionDock.Review />), loaders: ThreeQuestionsReview.loaders };

/** `Footer`: Skip, Back and Next or Submit, with the submit state and its error. */
export const Footer: Story = inRoot(<QuestionDock.Footer />);

/** `CollapsedBar`: what a collapsed dock shows, and Expand. */
export const CollapsedBar: Story = {
  ...inRoot(<QuestionDock.CollapsedBar />),
  loaders: [dockLoader({ requests: [ask(DEPLOY)], drive: (d) => d.actions().collapse() })],
};
