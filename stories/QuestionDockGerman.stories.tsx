import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import type { QuestionDock } from "../src";
import { deMessages } from "../src/messages/de";
import { dockLoader, dockStoryMeta } from "./support/dock-story";
import { CHECKS, DEPLOY, ask } from "./support/sample-questions";

/**
 * The dock's own words in German (`locale="de"` and `messages={deMessages}` from `/locales/de` on the provider); the
 * agent's words stay as the agent wrote them.
 */
const meta = {
  title: "QuestionDock/German",
  ...dockStoryMeta,
  parameters: { locale: "de", messages: deMessages },
} satisfies Meta<typeof QuestionDock>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Two requests waiting, the first on its second question: buttons, progress and the request count in German. */
export const TwoRequests: Story = {
  loaders: [
    dockLoader({
      requests: [ask(DEPLOY, CHECKS), ask(DEPLOY)],
      drive: (d) => {
        d.actions().showRequest(d.ids[0]!);
        d.choose("deploy_target", "Production");
        d.goToStep(1);
      },
    }),
  ],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("button", { name: "Zurück" })).toBeInTheDocument();
  },
};

/** Collapsed: the bar counts the unanswered questions with German plurals. */
export const Collapsed: Story = {
  loaders: [
    dockLoader({
      requests: [ask(DEPLOY), ask(CHECKS)],
      drive: (d) => d.actions().collapse(),
    }),
  ],
};
