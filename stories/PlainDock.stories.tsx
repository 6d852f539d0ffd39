import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, userEvent, within } from "storybook/test";
import { PlainDock } from "./headless/PlainDock";
import { disposeLoadedDock, dockLoader, withStoryDock } from "./support/dock-story";
import { CHECKS, DEPLOY, REGION, ask } from "./support/sample-questions";

/** Bring your own markup: a dock built only from the headless hooks' prop objects (`stories/headless/PlainDock.tsx`). */
const meta = {
  title: "Headless/PlainDock",
  component: PlainDock,
  decorators: [withStoryDock],
  beforeEach: disposeLoadedDock,
} satisfies Meta<typeof PlainDock>;

export default meta;
type Story = StoryObj<typeof meta>;

/** One question in native radios; a digit picks, as in the kit's dock, and Submit becomes ready. */
export const OneQuestion: Story = {
  loaders: [dockLoader({ requests: [ask(DEPLOY)] })],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("button", { name: "Submit" })).toHaveAttribute("aria-disabled", "true");
    await userEvent.click(canvas.getByRole("radio", { name: "Staging (Recommended)" }));
    await expect(canvas.getByRole("button", { name: "Submit" })).not.toHaveAttribute("aria-disabled");
  },
};

/** Two questions and a multi-select: Next, Back and a review list, answerable from the keyboard alone. */
export const Stepper: Story = {
  loaders: [dockLoader({ requests: [ask(REGION, CHECKS)] })],
};

/** Two requests: the request arrows switch between them. */
export const TwoRequests: Story = {
  loaders: [dockLoader({ requests: [ask(DEPLOY), ask(REGION)] })],
};

/** Nothing pending. */
export const Empty: Story = {
  loaders: [dockLoader()],
};
