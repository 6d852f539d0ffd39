// Several pending requests and Skip, in real Chromium: the arrows keep every draft (typed text equal to an
// option label included), switching never answers or skips, and Skip declines the whole prompt.
import { dock, openPlayground, runScenario, simRecord, simRecords, transcript } from "./support/playground";
import { expect, test } from "./support/test";

test.beforeEach(async ({ page }) => {
  await openPlayground(page);
});

test("request arrows keep each request's draft, and switching never answers or skips", async ({ page }) => {
  await runScenario(page, "Two requests at once");
  const questions = dock(page);
  // The newer blocking request takes priority.
  await expect(questions.getByText("Request 2 of 2")).toBeVisible();
  await expect(questions.getByRole("radio", { name: "Casual" })).toBeFocused();

  // Typed text that equals an option label stays typed text.
  await page.keyboard.press("3");
  await page.keyboard.type("Formal");
  await expect(questions.getByRole("radio", { name: "Formal" })).not.toBeChecked();

  await questions.getByRole("button", { name: "Previous request" }).focus();
  await page.keyboard.press("Enter");
  await expect(questions.getByText("Request 1 of 2")).toBeVisible();
  await expect(questions.getByRole("heading", { name: "Which branch should the fix start from?" })).toBeVisible();
  // Focus stays on the arrows, and digits still pick for the request on screen.
  await expect(questions.getByRole("button", { name: "Previous request" })).toBeFocused();
  await page.keyboard.press("2");
  await expect(questions.getByRole("radio", { name: "release/2.4" })).toBeChecked();

  await questions.getByRole("button", { name: "Next request" }).focus();
  await page.keyboard.press("Enter");
  await expect(questions.getByText("Request 2 of 2")).toBeVisible();
  await expect(questions.getByRole("textbox", { name: "Other" })).toHaveValue("Formal");
  await expect(questions.getByRole("radio", { name: "Formal" })).not.toBeChecked();
  await expect(questions.getByRole("radio", { name: "Casual" })).not.toBeChecked();

  await questions.getByRole("button", { name: "Previous request" }).focus();
  await page.keyboard.press("Enter");
  await expect(questions.getByRole("radio", { name: "release/2.4" })).toBeChecked();
  expect((await simRecords(page)).map((r) => r.status)).toEqual(["pending", "pending"]);

  // Answer both: the first from its choice, then the remaining one, which takes the dock.
  await questions.getByRole("radio", { name: "release/2.4" }).focus();
  await page.keyboard.press("Control+Enter");
  await expect(questions.getByText(/Request \d of \d/)).toBeHidden();
  await expect(questions.getByRole("textbox", { name: "Other" })).toHaveValue("Formal");
  await expect(questions.getByRole("radio", { name: "Casual" })).toBeFocused();
  await page.keyboard.press("Control+Enter");
  await expect(dock(page)).toBeHidden();

  expect(await simRecord(page, "base_branch")).toMatchObject({ status: "answered", answers: { answers: { base_branch: ["release/2.4"] } } });
  expect(await simRecord(page, "tone")).toMatchObject({ status: "answered", answers: { answers: { tone: ["Formal"] } } });
  await expect(transcript(page).getByRole("article", { name: "Question, answered" })).toHaveCount(2);
});

test("Skip on a later step declines the whole prompt and the summary keeps every question's wording", async ({ page }) => {
  await runScenario(page, "Three questions");
  await page.keyboard.press("1");
  await expect(dock(page).getByText("Question 2 of 3")).toBeVisible();

  await dock(page).getByRole("button", { name: "Skip" }).focus();
  await page.keyboard.press("Enter");
  await expect(dock(page)).toBeHidden();

  expect((await simRecord(page, "environment")).status).toBe("cancelled");
  const summary = transcript(page).getByRole("article", { name: "Question, skipped" });
  await expect(summary).toContainText("Skipped");
  for (const question of ["Which environment should the release go to?", "Which region goes first?", "Who should hear about it?"]) {
    await expect(summary).toContainText(question);
  }
});

test("Skip with Space on a single question declines it", async ({ page }) => {
  await runScenario(page, "Single question");
  await page.keyboard.press("Tab");
  await page.keyboard.press("Tab");
  await expect(dock(page).getByRole("button", { name: "Skip" })).toBeFocused();
  await page.keyboard.press("Space");
  await expect(dock(page)).toBeHidden();
  expect((await simRecord(page, "deploy_target")).status).toBe("cancelled");
});

test("summaries stay in the transcript, oldest first, as more questions finish", async ({ page }) => {
  await runScenario(page, "Single question");
  await page.keyboard.press("1");
  await page.keyboard.press("Control+Enter");
  await runScenario(page, "Multi-select");
  await page.keyboard.press("2");
  await page.keyboard.press("4");
  await page.keyboard.press("Control+Enter");
  await runScenario(page, "Single question");
  await dock(page).getByRole("button", { name: "Skip" }).click();

  const summaries = transcript(page).getByRole("article");
  await expect(summaries).toHaveCount(3);
  await expect(summaries.nth(0)).toContainText("Staging (Recommended)");
  await expect(summaries.nth(1)).toContainText("Lint, Benchmarks");
  await expect(summaries.nth(2)).toContainText("Skipped");
  expect(await simRecord(page, "checks")).toMatchObject({ answers: { answers: { checks: ["Lint", "Benchmarks"] } } });
});
