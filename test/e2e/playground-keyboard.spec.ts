// A prompt answered from the keyboard alone in real Chromium, where focus really moves: a multi-step prompt walked
// with digits, the Other field and Ctrl/Cmd+Enter, and the dock's Tab order. What each key means (digits and their
// modifiers, Ctrl+Enter and Cmd+Enter from each place, Esc) is the keyboard hook's, tested in jsdom
// (test/dom/keyboard.test.tsx, keyboard-intent.test.ts).
import { composer, dock, openPlayground, runScenario, simRecord, transcript } from "./support/playground";
import { expect, test } from "./support/test";

test.beforeEach(async ({ page }) => {
  await openPlayground(page);
});

test("three questions: digits, the Other field, Cmd+Enter from the field and Ctrl+Enter from the panel, focus following each step", async ({ page }) => {
  await runScenario(page, "Three questions");
  const questions = dock(page);
  await expect(questions.getByText("Question 1 of 3")).toBeVisible();
  // Nothing chosen yet: Ctrl+Enter does not move on.
  await page.keyboard.press("Control+Enter");
  await expect(questions.getByText("Question 1 of 3")).toBeVisible();
  expect((await simRecord(page, "environment")).status).toBe("pending");

  // A single-select pick moves on by itself after a short pause.
  await page.keyboard.press("2");
  await expect(questions.getByText("Question 2 of 3")).toBeVisible();
  await expect(questions.getByRole("radio", { name: "eu-west-1" })).toBeFocused();

  // N+1 focuses Other; digits typed there are text, and plain Enter adds a line instead of continuing.
  await page.keyboard.press("4");
  const other = questions.getByRole("textbox", { name: "Other" });
  await expect(other).toBeFocused();
  await page.keyboard.type("eu-central-1");
  await page.keyboard.press("Enter");
  await page.keyboard.type("then us-east-1");
  await expect(other).toHaveValue("eu-central-1\nthen us-east-1");
  await expect(questions.getByText("Question 2 of 3")).toBeVisible();
  await expect(questions.getByRole("radio", { name: "us-east-1" })).not.toBeChecked();

  await page.keyboard.press("Meta+Enter");
  await expect(questions.getByText("Question 3 of 3")).toBeVisible();
  await expect(questions.getByRole("checkbox", { name: "Release channel" })).toBeFocused();

  // Multi-select: digits toggle, and Ctrl+Enter from a choice continues to the review.
  await page.keyboard.press("1");
  await page.keyboard.press("3");
  await page.keyboard.press("2");
  await page.keyboard.press("2");
  await expect(questions.getByRole("checkbox", { name: "Release channel" })).toBeChecked();
  await expect(questions.getByRole("checkbox", { name: "On-call" })).not.toBeChecked();
  await expect(questions.getByRole("checkbox", { name: "Support" })).toBeChecked();
  await page.keyboard.press("Control+Enter");

  const review = questions.getByRole("group", { name: "Check your answers" });
  await expect(review).toContainText("Production");
  await expect(review).toContainText("eu-central-1");
  await expect(review).toContainText("Release channel, Support");
  await expect(questions.getByRole("button", { name: "Submit" })).toBeVisible();
  await expect(composer(page)).not.toBeFocused();

  // Focus sits on the review panel itself; Ctrl+Enter there submits.
  await page.keyboard.press("Control+Enter");
  await expect(dock(page)).toBeHidden();
  expect(await simRecord(page, "environment")).toMatchObject({
    status: "answered",
    answers: { answers: { environment: ["Production"], region: ["eu-central-1\nthen us-east-1"], notify: ["Release channel", "Support"] } },
  });
  await expect(transcript(page).getByRole("article", { name: "Question, answered" })).toContainText("Who should hear about it?");
});

test("Tab runs Collapse → the choice → Other → Skip → Submit → the composer, and Shift+Tab back", async ({ page }) => {
  await runScenario(page, "Single question");
  const questions = dock(page);
  await expect(questions.getByRole("radio", { name: "Staging (Recommended)" })).toBeFocused();

  // A radio group is one tab stop; arrows move inside it.
  const forward = [
    questions.getByRole("textbox", { name: "Other" }),
    questions.getByRole("button", { name: "Skip" }),
    questions.getByRole("button", { name: "Submit" }),
    composer(page),
  ];
  for (const next of forward) {
    await page.keyboard.press("Tab");
    await expect(next).toBeFocused();
  }
  for (const previous of [forward[2]!, forward[1]!, forward[0]!, questions.getByRole("radio", { name: "Staging (Recommended)" })]) {
    await page.keyboard.press("Shift+Tab");
    await expect(previous).toBeFocused();
  }
  await page.keyboard.press("Shift+Tab");
  await expect(questions.getByRole("button", { name: "Collapse questions" })).toBeFocused();
});
