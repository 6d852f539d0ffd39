import { composeStories } from "@storybook/react";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import * as stories from "../../../stories/QuestionDockOtherKept.stories";
import { disposeStoryDocks } from "../../../stories/support/story-dock";

const { TypedTextNotChosen } = composeStories(stories);

afterEach(disposeStoryDocks);

describe("QuestionDock/Other text kept stories", () => {
  it("TypedTextNotChosen keeps the typed text beside the chosen option, marked not chosen", async () => {
    await TypedTextNotChosen.run();
    const dock = within(screen.getByRole("region", { name: "Questions" }));
    const other = dock.getByRole("textbox", { name: "Other" });
    expect(dock.getByRole("radio", { name: "EU (Frankfurt)" })).toBeChecked();
    expect(other).toHaveValue("Sydney, if the latency numbers hold");
    expect(other).toHaveAccessibleDescription("Not chosen");
    expect(other).toHaveClass("qd-other__input--not-chosen");

    await userEvent.click(other);
    expect(dock.getByRole("radio", { name: "EU (Frankfurt)" })).not.toBeChecked();
    expect(other).not.toHaveAccessibleDescription();
    expect(dock.queryByText("Not chosen")).not.toBeInTheDocument();
  });
});
