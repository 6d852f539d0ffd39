import type { Decorator, Meta, StoryObj } from "@storybook/react-vite";
import type { CSSProperties } from "react";
import { expect, within } from "storybook/test";
import { QuestionDock, QuestionSummaryList } from "../src";
import { dockLoader, dockStoryMeta } from "./support/dock-story";
import { DEPLOY, REGION, ask } from "./support/sample-questions";

// A host's design tokens as light and dark pairs: the scheme of each view picks one, whichever decides it (the
// host's `.dark` class or the provider's `theme`). Tokens left alone keep the kit's own pairs.
const HOST_TOKENS = {
  "--qd-bg": "light-dark(#fffdf8, #1a1625)",
  "--qd-surface": "light-dark(#f6f1e7, #262034)",
  "--qd-text": "light-dark(#2b2118, #ece8f5)",
  "--qd-accent": "light-dark(#6d28d9, #c4b5fd)",
  "--qd-accent-text": "light-dark(#ffffff, #1a1030)",
  "--qd-accent-soft": "light-dark(#ede9fe, #2e2550)",
  "--qd-focus": "light-dark(#6d28d9, #c4b5fd)",
  "--qd-radius": "0.875rem",
  "--qd-gap": "0.625rem",
  padding: "1rem",
  background: "var(--qd-bg)",
  color: "var(--qd-text)",
} as CSSProperties;

/** The host's app element: its tokens, and `.dark` with its own colour scheme when `parameters.hostDark` says. */
const withHostApp: Decorator = (Story, context) => {
  const dark = context.parameters["hostDark"] === true;
  return (
    <div className={dark ? "host-app dark" : "host-app"} style={{ ...HOST_TOKENS, colorScheme: dark ? "dark" : "light" }}>
      <Story />
    </div>
  );
};

/** A host's look: its own `--qd-*` tokens over the kit's, and its class-based dark mode, on a dock and its summaries. */
const meta = {
  title: "Theming/Host tokens",
  ...dockStoryMeta,
  decorators: [withHostApp, ...dockStoryMeta.decorators],
  loaders: [
    dockLoader({
      requests: [ask(DEPLOY)],
      drive: async (d) => {
        d.choose(DEPLOY.questionId, "Production");
        await d.actions().submit(d.activeId());
        await d.ask(ask(REGION));
      },
    }),
  ],
  render: (args) => (
    <>
      <QuestionSummaryList />
      <QuestionDock {...args} />
    </>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("article", { name: "Question, answered" })).toBeVisible();
    await expect(canvas.getByRole("radiogroup", { name: REGION.question })).toBeVisible();
  },
} satisfies Meta<typeof QuestionDock>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The host's light theme. */
export const Light: Story = {};

/** The host's dark mode: `.dark` on its app element flips the dock and the summary with it. */
export const Dark: Story = { parameters: { hostDark: true } };

/** The provider's `theme="dark"` on the host's light page: every view follows the provider. */
export const ProviderDark: Story = { parameters: { theme: "dark" } };
