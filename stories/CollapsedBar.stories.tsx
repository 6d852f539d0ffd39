import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import type { QuestionDock } from "../src";
import { dockLoader, dockStoryMeta, loadedDock } from "./support/dock-story";
import { CHECKS, DEPLOY, REGION, ask } from "./support/sample-questions";

/** The slim bar of a collapsed dock: how many wait, the newest question, its time left, and the mark of a new one. */
const meta = {
  title: "QuestionDock/Collapsed bar",
  ...dockStoryMeta,
} satisfies Meta<typeof QuestionDock>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Three requests wait behind the collapsed bar. */
export const Count: Story = {
  loaders: [dockLoader({ requests: [ask(DEPLOY), ask(REGION), ask(CHECKS)], drive: (d) => d.actions().collapse() })],
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText("3 requests waiting")).toBeVisible();
  },
};

/** The person went back to the older request, then collapsed: the bar still shows the newest question. */
export const Newest: Story = {
  loaders: [
    dockLoader({
      requests: [ask(DEPLOY), ask(REGION)],
      drive: (d) => {
        d.actions().previousRequest();
        d.actions().collapse();
      },
    }),
  ],
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText(REGION.question)).toBeVisible();
  },
};

/** The newest question has 42 seconds left; the bar counts them down as the expanded dock does. */
export const TimeLeft: Story = {
  loaders: [dockLoader({ requests: [{ ...ask(DEPLOY), timeoutMs: 42_000 }], drive: (d) => d.actions().collapse() })],
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText("00:42")).toBeVisible();
  },
};

/** A blocking question arrived while the dock was collapsed: "New" marks it, and the dock stays collapsed. */
export const NewQuestion: Story = {
  loaders: [dockLoader({ requests: [ask(DEPLOY)], drive: (d) => d.actions().collapse() })],
  play: async (context) => {
    // Asked once the bar is on screen: only what arrives while it shows is new.
    await loadedDock(context).ask(ask(REGION));
    const canvas = within(context.canvasElement);
    await expect(await canvas.findByText("New")).toBeVisible();
    await expect(canvas.getByText(REGION.question)).toBeVisible();
  },
};

/** The new mark in the dark theme, which the provider's `theme` sets. */
export const NewQuestionDark: Story = {
  ...NewQuestion,
  parameters: { theme: "dark" },
};
