import { composeStories } from "@storybook/react";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import * as stories from "../../../stories/PromptError.stories";

const { RenderFailed } = composeStories(stories);

describe("QuestionDock/PromptError stories", () => {
  it("RenderFailed shows the raw question text as text and lets the person skip", async () => {
    const onSkip = vi.fn();
    await RenderFailed.run({ args: { ...RenderFailed.args, onSkip } });
    const alert = screen.getByRole("alert");
    expect(within(alert).getByText("Where should <b>this</b> deploy?")).toBeInTheDocument();
    expect(alert.querySelector("b")).toBeNull();
    await userEvent.click(within(alert).getByRole("button", { name: "Skip" }));
    expect(onSkip).toHaveBeenCalled();
  });
});
