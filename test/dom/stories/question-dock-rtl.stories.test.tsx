import { composeStories } from "@storybook/react";
import { act, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import * as stories from "../../../stories/QuestionDockRTL.stories";
import { disposeStoryDocks } from "../../../stories/support/story-dock";

const { HebrewRightToLeft, EnglishLeftToRight } = composeStories(stories);

afterEach(disposeStoryDocks);

async function show(story: { run(): Promise<void> }) {
  await story.run();
  return within(screen.getByRole("region", { name: "Questions" }));
}

describe("QuestionDock/Right to left stories", () => {
  it("HebrewRightToLeft runs its options right to left and swaps the request arrow keys", async () => {
    const dock = await show(HebrewRightToLeft);
    expect(dock.getByRole("radiogroup", { name: "באיזה אזור לארח את מסד הנתונים החדש?" })).toHaveAttribute("dir", "rtl");
    expect(dock.getByText("Question 2 of 2")).toBeInTheDocument();
    expect(dock.getByText("Request 2 of 2")).toBeInTheDocument();
    act(() => dock.getByRole("button", { name: "Previous request" }).focus());
    // Right to left, ArrowRight points back to the first request.
    await userEvent.keyboard("{ArrowRight}");
    expect(dock.getByText("Request 1 of 2")).toBeInTheDocument();
    expect(dock.getByRole("radiogroup", { name: "לשלוח הודעה לצוות?" })).toBeInTheDocument();
    await userEvent.keyboard("{ArrowLeft}");
    expect(dock.getByText("Request 2 of 2")).toBeInTheDocument();
  });

  it("EnglishLeftToRight keeps ArrowRight pointing forward", async () => {
    const dock = await show(EnglishLeftToRight);
    expect(dock.getByRole("radiogroup", { name: "Which region should host the new database?" })).toHaveAttribute("dir", "ltr");
    expect(dock.getByText("Request 2 of 2")).toBeInTheDocument();
    act(() => dock.getByRole("button", { name: "Previous request" }).focus());
    await userEvent.keyboard("{ArrowLeft}");
    expect(dock.getByText("Request 1 of 2")).toBeInTheDocument();
    await userEvent.keyboard("{ArrowRight}");
    expect(dock.getByText("Request 2 of 2")).toBeInTheDocument();
  });
});
