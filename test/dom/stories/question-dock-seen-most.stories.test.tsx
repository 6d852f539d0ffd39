import { composeStories } from "@storybook/react";
import { screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import * as stories from "../../../stories/QuestionDockSeenMost.stories";
import { disposeStoryDocks } from "../../../stories/support/story-dock";

const { ArrivingWithDescriptions, MultiSelect, OtherTyped, AllAnswered, Collapsed, AnswerFailed } = composeStories(stories);

afterEach(disposeStoryDocks);

async function show(story: { run(): Promise<void> }) {
  await story.run();
  return within(screen.getByRole("region", { name: "Questions" }));
}

/** The dock's `data-state` and the data-* flags a host styles, as one list. */
const states = () => {
  const region = screen.getByRole("region", { name: "Questions" });
  const flags = ["collapsed", "answering", "reviewing", "submitting", "failed"].filter((f) => region.hasAttribute(`data-${f}`));
  return [region.getAttribute("data-state"), ...flags];
};

describe("QuestionDock/Seen Most stories", () => {
  it("ArrivingWithDescriptions puts focus on the first option, described by its description", async () => {
    const dock = await show(ArrivingWithDescriptions);
    const first = dock.getByRole("radio", { name: "Staging (Recommended)" });
    expect(first).toHaveFocus();
    expect(first).toHaveAccessibleDescription("Safe to try; only the team sees it");
    expect(states()).toEqual(["answering", "answering"]);
  });

  it("MultiSelect shows two choices ticked", async () => {
    const dock = await show(MultiSelect);
    expect(dock.getByRole("checkbox", { name: "Lint" })).toBeChecked();
    expect(dock.getByRole("checkbox", { name: "Unit tests" })).toBeChecked();
  });

  it("OtherTyped shows the typed answer", async () => {
    const dock = await show(OtherTyped);
    expect(dock.getByRole("textbox", { name: "Other" })).toHaveValue("South America (São Paulo)");
  });

  it("AllAnswered is the review step where the stepper shows (jsdom has no media queries, so auto is the stepper)", async () => {
    const dock = await show(AllAnswered);
    expect(dock.getByRole("heading", { name: "Check your answers" })).toBeInTheDocument();
    expect(states()).toEqual(["reviewing", "reviewing"]);
  });

  it("Collapsed offers Expand", async () => {
    const dock = await show(Collapsed);
    expect(dock.getByRole("button", { name: "Expand questions" })).toBeInTheDocument();
    expect(states()).toEqual(["collapsed", "collapsed"]);
  });

  it("AnswerFailed says the answer did not arrive", async () => {
    const dock = await show(AnswerFailed);
    expect(dock.getByRole("alert")).toHaveTextContent("Your answer did not reach the gateway");
    expect(states()[0]).toBe("failed");
    expect(states()).toContain("failed");
  });
});
