import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { QuestionDock, useDockParts, useFooterButtons } from "../src";
import { disposeLoadedDock, dockLoader, withStoryDock } from "./support/dock-story";
import { CHECKS, DEPLOY, REGION, ask } from "./support/sample-questions";

/** A footer of the host's own markup on the kit's footer props: Submit first, Skip last, no shortcut hint. */
function HostFooter() {
  const { record, mode } = useDockParts();
  const f = useFooterButtons(record.id, mode);
  if (!f) return null;
  return (
    <footer style={{ display: "flex", gap: 8, justifyContent: "flex-end", borderTop: "1px solid #767676", paddingTop: 8 }}>
      {f.error && <p role="alert">{f.error}</p>}
      {f.status}
      <button {...f.primaryProps} />
      {f.backProps && <button {...f.backProps} />}
      <button {...f.skipProps} />
    </footer>
  );
}

/** The parts in a host's own order: the options first and the question's words after them, and the host's own footer. */
function HostLayoutDock(props: { layout?: "stepper" | "stacked" }) {
  return (
    <QuestionDock.Root {...props}>
      <QuestionDock.CollapsedBar />
      <QuestionDock.Header />
      <QuestionDock.Panel>
        <QuestionDock.Questions>
          <QuestionDock.Options />
          <QuestionDock.Other />
          <QuestionDock.Prompt />
        </QuestionDock.Questions>
        <QuestionDock.Review />
        <QuestionDock.Missing />
        <HostFooter />
      </QuestionDock.Panel>
    </QuestionDock.Root>
  );
}

/** A host's arrangement of the parts; it keeps every key of the default dock. */
const meta = {
  title: "QuestionDock/Host Layout",
  component: HostLayoutDock,
  args: { layout: "stepper" },
  decorators: [withStoryDock],
  beforeEach: disposeLoadedDock,
} satisfies Meta<typeof HostLayoutDock>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Two questions, the second a multi-select, answered from the keyboard alone. */
export const MultiStep: Story = {
  loaders: [dockLoader({ requests: [ask(REGION, CHECKS)] })],
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("radiogroup", { name: REGION.question })).toBeInTheDocument();
  },
};

/** One question with descriptions, in stacked cards. */
export const Stacked: Story = {
  args: { layout: "stacked" },
  loaders: [dockLoader({ requests: [ask(DEPLOY, REGION)] })],
};
