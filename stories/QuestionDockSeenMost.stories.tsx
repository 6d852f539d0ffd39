import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, waitFor, within } from "storybook/test";
import type { QuestionDock } from "../src";
import { dockLoader, dockStoryMeta } from "./support/dock-story";
import { CHECKS, DEPLOY, ask } from "./support/sample-questions";
import { OtherTyped as OtherTypedStepper } from "./QuestionDock.stories";
import { SubmitFailed as SubmitFailedStepper } from "./QuestionDockStates.stories";
import { ThreeQuestionsReview } from "./QuestionDockStepper.stories";

/**
 * The states a person sees most, in the layout the window picks (the stepper when wide, stacked cards on a
 * phone). The screenshot tests (test/e2e/screenshots.spec.ts) compare each with its picture, in both themes, at
 * 1280 and 390 px.
 */
const meta = {
  title: "QuestionDock/Seen Most",
  ...dockStoryMeta,
  args: { layout: "auto" },
} satisfies Meta<typeof QuestionDock>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A blocking question arrives with a description under each option, and focus lands on the first option. */
export const ArrivingWithDescriptions: Story = {
  loaders: [dockLoader({ requests: [ask(DEPLOY)] })],
  play: async ({ canvasElement }) => {
    // Focus comes once the question has been painted.
    await waitFor(() => expect(within(canvasElement).getByRole("radio", { name: "Staging (Recommended)" })).toHaveFocus());
  },
};

/** A checkbox group with two choices ticked. */
export const MultiSelect: Story = {
  loaders: [dockLoader({ requests: [ask(CHECKS)], drive: (d) => d.choose("checks", "Lint", "Unit tests") })],
};

/** A typed answer in Other replaces the single-select choice. */
export const OtherTyped: Story = {
  loaders: OtherTypedStepper.loaders,
};

/** Every answer given: the review step when wide; on a phone, the cards with each answer chosen above Submit. */
export const AllAnswered: Story = {
  loaders: ThreeQuestionsReview.loaders,
};

/** Collapsed to a slim indicator: the header, the question, the waiting count and Expand. */
export const Collapsed: Story = {
  loaders: [dockLoader({ requests: [ask(DEPLOY)], drive: (d) => d.actions().collapse() })],
};

/** The answer never reached the gateway: the draft is kept and the error says so. */
export const AnswerFailed: Story = {
  loaders: SubmitFailedStepper.loaders,
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("alert")).toHaveTextContent("Your answer did not reach the gateway");
  },
};
