import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, userEvent, within } from "storybook/test";
import type { QuestionDock } from "../src";
import { dockLoader, dockStoryMeta } from "./support/dock-story";
import { HOSTILE_LINK_TEXT, RELEASE, ROLLOUT } from "./support/sample-markdown";
import { ask } from "./support/sample-questions";

/** Markdown from the agent in question text and option descriptions, and long descriptions cut to three lines. */
const meta = {
  title: "QuestionDock/Markdown",
  ...dockStoryMeta,
} satisfies Meta<typeof QuestionDock>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Code, emphasis, a list and links in the question and its descriptions; a javascript: link stays text. Labels never change. */
export const MarkdownText: Story = {
  loaders: [dockLoader({ requests: [ask(RELEASE)] })],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("radiogroup", { name: /^Before tagging v2\.4\.0, which check must pass\?/ })).toBeVisible();
    await expect(canvas.getByRole("link", { name: "release checklist" })).toHaveAttribute("href", "https://docs.example.com/release");
    await expect(canvas.getByText(HOSTILE_LINK_TEXT, { exact: false })).toBeVisible();
  },
};

/** The same question in the dark theme. */
export const MarkdownTextDark: Story = {
  ...MarkdownText,
  globals: { theme: "dark" },
};

/** A description longer than three lines is cut, with Show more under it (where the text really overflows). */
export const LongDescription: Story = {
  loaders: [dockLoader({ requests: [ask(ROLLOUT)] })],
};

/** The long description in the dark theme. */
export const LongDescriptionDark: Story = {
  ...LongDescription,
  globals: { theme: "dark" },
};

/** Show more pressed: the whole description shows, and the button reads Show less. */
export const LongDescriptionExpanded: Story = {
  ...LongDescription,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole("button", { name: "Show more" }));
    await expect(canvas.getByRole("button", { name: "Show less" })).toHaveAttribute("aria-expanded", "true");
  },
};
