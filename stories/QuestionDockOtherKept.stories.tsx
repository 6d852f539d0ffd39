import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import type { QuestionDock } from "../src";
import { dockLoader, dockStoryMeta } from "./support/dock-story";
import { REGION, ask } from "./support/sample-questions";

/** Text typed in Other is never thrown away: picking an option keeps it, marked as not the answer. */
const meta = {
  title: "QuestionDock/Other text kept",
  ...dockStoryMeta,
} satisfies Meta<typeof QuestionDock>;

export default meta;
type Story = StoryObj<typeof meta>;

/**
 * The person typed their own answer, then picked an option: the option is the answer and the typed text stays
 * in the field, muted and marked "Not chosen". Focusing the field, or pressing its digit, makes it the answer again.
 */
export const TypedTextNotChosen: Story = {
  loaders: [
    dockLoader({
      requests: [ask(REGION)],
      drive: async (d) => {
        d.type("region", "Sydney, if the latency numbers hold");
        d.choose("region", "EU (Frankfurt)");
      },
    }),
  ],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("radio", { name: "EU (Frankfurt)" })).toBeChecked();
    await expect(canvas.getByRole("textbox", { name: "Other" })).toHaveAccessibleDescription("Not chosen");
  },
};
