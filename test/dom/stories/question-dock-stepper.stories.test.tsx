import { composeStories } from "@storybook/react";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import * as stories from "../../../stories/QuestionDockStepper.stories";
import { CHECKS, DEPLOY, REGION } from "../../../stories/support/sample-questions";
import { disposeStoryDocks } from "../../../stories/support/story-dock";

const { ThreeQuestionsStep1, ThreeQuestionsStep2, ThreeQuestionsReview, ThreeQuestionsReviewDark, Stacked, StackedOneMissing, Narrow390 } = composeStories(stories);

afterEach(disposeStoryDocks);

async function show(story: { run(): Promise<void> }) {
  await story.run();
  return within(screen.getByRole("region", { name: "Questions" }));
}

// The clickable progress segments, one per question.
function segments(): HTMLElement[] {
  return screen.getAllByRole("button", { name: /^Question \d:/ });
}

describe("QuestionDock/Stepper stories", () => {
  it("ThreeQuestionsStep1 shows the first question, its progress and Next", async () => {
    const dock = await show(ThreeQuestionsStep1);
    expect(dock.getByText("Question 1 of 3")).toBeInTheDocument();
    expect(dock.getByRole("radiogroup", { name: DEPLOY.question })).toBeInTheDocument();
    expect(dock.queryByRole("radiogroup", { name: REGION.question })).not.toBeInTheDocument();
    expect(dock.getByRole("button", { name: "Next" })).toHaveAttribute("aria-disabled", "true");
    expect(dock.queryByRole("button", { name: "Back" })).not.toBeInTheDocument();
    expect(segments().map((s) => s.getAttribute("aria-current"))).toEqual(["step", null, null]);
  });

  it("ThreeQuestionsStep2 shows the second question with Back, the first marked answered", async () => {
    const dock = await show(ThreeQuestionsStep2);
    expect(dock.getByText("Question 2 of 3")).toBeInTheDocument();
    expect(dock.getByRole("radiogroup", { name: REGION.question })).toBeInTheDocument();
    expect(dock.getByRole("button", { name: "Question 1: Deploy, answered" })).toBeInTheDocument();
    expect(segments()[1]).toHaveAttribute("aria-current", "step");
    await userEvent.click(dock.getByRole("button", { name: "Back" }));
    expect(dock.getByText("Question 1 of 3")).toBeInTheDocument();
    expect(dock.getByRole("radio", { name: "Staging (Recommended)" })).toBeChecked();
  });

  it("ThreeQuestionsReview lists every answer before Submit", async () => {
    const dock = await show(ThreeQuestionsReview);
    expect(dock.getByText("Review your answers")).toBeInTheDocument();
    const review = dock.getByRole("group", { name: "Check your answers" });
    expect(within(review).getAllByRole("listitem").map((li) => li.textContent)).toEqual([
      `${DEPLOY.question}ProductionEdit`,
      `${REGION.question}EU (Frankfurt)Edit`,
      `${CHECKS.question}Lint, Type checkEdit`,
    ]);
    expect(dock.getByRole("button", { name: `Edit: ${REGION.question}` })).toBeInTheDocument();
    expect(dock.getByRole("button", { name: "Submit" })).not.toHaveAttribute("aria-disabled");
    expect(dock.queryByRole("button", { name: "Next" })).not.toBeInTheDocument();
  });

  it("ThreeQuestionsReviewDark is the review step under the dark theme", async () => {
    const dock = await show(ThreeQuestionsReviewDark);
    expect(document.documentElement).toHaveAttribute("data-theme", "dark");
    expect(dock.getByRole("heading", { name: "Check your answers" })).toBeInTheDocument();
  });

  it("Stacked shows every question as a card with one Submit and no stepper", async () => {
    const dock = await show(Stacked);
    expect(dock.getByRole("radiogroup", { name: DEPLOY.question })).toBeInTheDocument();
    expect(dock.getByRole("radiogroup", { name: REGION.question })).toBeInTheDocument();
    expect(dock.getByRole("group", { name: CHECKS.question })).toBeInTheDocument();
    expect(dock.getByRole("radio", { name: "Staging (Recommended)" })).toBeChecked();
    expect(dock.getAllByRole("button", { name: "Submit" })).toHaveLength(1);
    expect(dock.queryByText(/Question \d of \d/)).not.toBeInTheDocument();
    expect(dock.queryByRole("button", { name: "Next" })).not.toBeInTheDocument();
  });

  it("StackedOneMissing names the open card, focuses its group, and Go to leads back to it", async () => {
    const dock = await show(StackedOneMissing);
    expect(dock.getByRole("alert")).toHaveTextContent("Still to answer: Checks.");
    const checks = dock.getByRole("group", { name: CHECKS.question });
    expect(within(checks).getAllByRole("checkbox")[0]).toHaveFocus();
    expect(dock.getByRole("button", { name: "Submit" })).toHaveAttribute("aria-disabled", "true");
    dock.getByRole("button", { name: "Submit" }).focus();
    await userEvent.click(dock.getByRole("button", { name: "Go to Checks" }));
    expect(within(checks).getAllByRole("checkbox")[0]).toHaveFocus();
    await userEvent.keyboard(" ");
    expect(dock.queryByRole("alert")).not.toBeInTheDocument();
    expect(dock.getByRole("button", { name: "Submit" })).not.toHaveAttribute("aria-disabled");
  });

  it("Narrow390 renders the stacked cards in a 390 px column", async () => {
    const dock = await show(Narrow390);
    const region = screen.getByRole("region", { name: "Questions" });
    expect(region.closest<HTMLElement>(".story-width")?.style.width).toBe("390px");
    expect(dock.getAllByRole("heading").map((h) => h.textContent)).toEqual([DEPLOY.question, REGION.question, CHECKS.question]);
  });
});
