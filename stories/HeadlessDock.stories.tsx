import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, userEvent, within } from "storybook/test";
import { PlainDock } from "./headless/PlainDock";
import { disposeLoadedDock, dockLoader, withStoryDock } from "./support/dock-story";
import { CHECKS, DEPLOY, REGION, ask } from "./support/sample-questions";

/** Bring your own markup: a dock built only from the headless hooks (`stories/headless/PlainDock.tsx`). */
const meta = {
  title: "Headless/Bring your own markup",
  component: PlainDock,
  decorators: [withStoryDock],
  beforeEach: disposeLoadedDock,
} satisfies Meta<typeof PlainDock>;

export default meta;
type Story = StoryObj<typeof meta>;

/** One question in native radios; choosing and submitting answers it through the same store as the styled dock. */
export const OneQuestion: Story = {
  loaders: [dockLoader({ requests: [ask(DEPLOY)] })],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("button", { name: "Submit" })).toBeDisabled();
    await userEvent.click(canvas.getByRole("radio", { name: "Staging (Recommended)" }));
    await expect(canvas.getByRole("button", { name: "Submit" })).toBeEnabled();
  },
};

/** Two questions and a multi-select: Next, Back and a review list, all from `useQuestionStep`. */
export const Stepper: Story = {
  loaders: [dockLoader({ requests: [ask(REGION, CHECKS)] })],
};

/** Nothing pending. */
export const Empty: Story = {
  loaders: [dockLoader()],
};
