import { composeStories } from "@storybook/react";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import * as stories from "../../../stories/PromptError.stories";

const { RenderFailed } = composeStories(stories);

describe("QuestionDock/PromptError stories", () => {
  it("RenderFailed shows the raw question text as text and lets the person skip", async () => {
    await RenderFailed.run();
    const alert = screen.getByRole("alert");
    expect(within(alert).getByText("Where should <b>this</b> deploy?")).toBeInTheDocument();
    expect(alert.querySelector("b")).toBeNull();
    // The story's play pressed Skip once already.
    expect(RenderFailed.args.onSkip).toHaveBeenCalledTimes(1);
    await userEvent.click(within(alert).getByRole("button", { name: "Skip" }));
    expect(RenderFailed.args.onSkip).toHaveBeenCalledTimes(2);
  });
});
