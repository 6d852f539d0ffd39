import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, userEvent, within } from "storybook/test";
import type { QuestionDock } from "../src";
import { dockLoader, dockStoryMeta, withWidth } from "./support/dock-story";
import { CHECKS, DEPLOY, REGION, ask } from "./support/sample-questions";

/** A three-question prompt: one question at a time with progress, then a review; or every question as a card. */
const meta = {
  title: "QuestionDock/Stepper",
  ...dockStoryMeta,
} satisfies Meta<typeof QuestionDock>;

export default meta;
type Story = StoryObj<typeof meta>;

const THREE = ask(DEPLOY, REGION, CHECKS);

/** The first of three questions: progress reads "Question 1 of 3" and the primary button reads Next. */
export const ThreeQuestionsStep1: Story = {
  loaders: [dockLoader({ requests: [THREE] })],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText("Question 1 of 3")).toBeVisible();
    await expect(canvas.getByRole("button", { name: "Next" })).toBeVisible();
  },
};

/** The second question after answering the first: Back appears and the first segment shows as answered. */
export const ThreeQuestionsStep2: Story = {
  loaders: [
    dockLoader({
      requests: [THREE],
      drive: (d) => {
        d.choose("deploy_target", "Staging (Recommended)");
        d.goToStep(1);
      },
    }),
  ],
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText("Question 2 of 3")).toBeVisible();
  },
};

/** The review step lists every answer with an Edit button; the primary button reads Submit. */
export const ThreeQuestionsReview: Story = {
  loaders: [
    dockLoader({
      requests: [THREE],
      drive: (d) => {
        d.choose("deploy_target", "Production");
        d.choose("region", "EU (Frankfurt)");
        d.choose("checks", "Lint", "Type check");
        d.goToStep(3);
      },
    }),
  ],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("heading", { name: "Check your answers" })).toBeVisible();
    await expect(canvas.getByRole("button", { name: "Submit" })).toBeVisible();
  },
};

/** The review step in the dark theme. */
export const ThreeQuestionsReviewDark: Story = {
  ...ThreeQuestionsReview,
  globals: { theme: "dark" },
};

/** The touch-friendly idiom: every question as its own card, one Submit for all. */
export const Stacked: Story = {
  args: { layout: "stacked" },
  loaders: [dockLoader({ requests: [THREE], drive: (d) => d.choose("deploy_target", "Staging (Recommended)") })],
};

/** Stacked cards with the Checks card still open: Submit names it, and focus moves into its group. */
export const StackedOneMissing: Story = {
  args: { layout: "stacked" },
  loaders: [
    dockLoader({
      requests: [THREE],
      drive: (d) => {
        d.choose("deploy_target", "Production");
        d.choose("region", "EU (Frankfurt)");
      },
    }),
  ],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole("button", { name: "Submit" }));
    await expect(canvas.getByRole("alert")).toHaveTextContent("Still to answer: Checks.");
  },
};

/** A 390 px phone: stacked cards, and nothing scrolls sideways. */
export const Narrow390: Story = {
  args: { layout: "stacked" },
  decorators: [withWidth(390)],
  globals: { viewport: { value: "390-844", isRotated: false } },
  loaders: [dockLoader({ requests: [THREE] })],
  play: async ({ canvasElement }) => {
    const dock = within(canvasElement).getByRole("region", { name: "Questions" });
    await expect(dock.scrollWidth).toBeLessThanOrEqual(dock.clientWidth);
  },
};
