// Answering from the keyboard alone in real Chromium: digits, Ctrl+Enter and Cmd+Enter, the Other field, Tab.
import { composer, dock, openPlayground, runScenario, simRecord, transcript } from "./support/playground";
import { expect, test } from "./support/test";

test.beforeEach(async ({ page }) => {
  await openPlayground(page);
});

test.describe("Digit keys and Ctrl+Enter", () => {
  test("a digit picks an option and Ctrl+Enter on the choice submits a single question", async ({ page }) => {
    await runScenario(page, "Single question");
    await expect(dock(page).getByRole("radio", { name: "Staging (Recommended)" })).toBeFocused();

    await page.keyboard.press("2");
    await expect(dock(page).getByRole("radio", { name: "Production" })).toBeChecked();
    await expect(dock(page).getByRole("radio", { name: "Staging (Recommended)" })).not.toBeChecked();

    await page.keyboard.press("Control+Enter");
    await expect(dock(page)).toBeHidden();
    const summary = transcript(page).getByRole("article", { name: "Question, answered" });
    await expect(summary).toContainText("Where should this build deploy?");
    await expect(summary).toContainText("Production");
    expect(await simRecord(page, "deploy_target")).toMatchObject({ status: "answered", answers: { answers: { deploy_target: ["Production"] } } });
  });

  test("a digit held with Ctrl or Alt picks nothing", async ({ page }) => {
    await runScenario(page, "Single question");
    await page.keyboard.press("Control+2");
    await page.keyboard.press("Alt+2");
    await expect(dock(page).getByRole("radio", { name: "Production" })).not.toBeChecked();
    await expect(dock(page).getByRole("button", { name: "Submit" })).toHaveAttribute("aria-disabled", "true");
  });

  test("three questions: digits, the Other field, Cmd+Enter from the field and Ctrl+Enter from the panel", async ({ page }) => {
    await runScenario(page, "Three questions");
    const questions = dock(page);
    await expect(questions.getByText("Question 1 of 3")).toBeVisible();

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

  test("Cmd+Enter submits with focus on the panel itself", async ({ page }) => {
    await runScenario(page, "Single question");
    await page.keyboard.press("2");
    // A click on the question's text lands focus on the prompt panel, which is focusable but not a control.
    await dock(page).getByRole("heading", { name: "Where should this build deploy?" }).click();
    await expect(dock(page).getByRole("radio", { name: "Production" })).not.toBeFocused();
    expect(await page.evaluate(() => document.activeElement?.className)).toContain("qd-prompt");
    await page.keyboard.press("Meta+Enter");
    await expect(dock(page)).toBeHidden();
    expect(await simRecord(page, "deploy_target")).toMatchObject({ status: "answered", answers: { answers: { deploy_target: ["Production"] } } });
  });

  test("Ctrl+Enter does nothing while the question has no answer", async ({ page }) => {
    await runScenario(page, "Three questions");
    await page.keyboard.press("Control+Enter");
    await expect(dock(page).getByText("Question 1 of 3")).toBeVisible();
    expect((await simRecord(page, "environment")).status).toBe("pending");
  });
});

test.describe("Tab order", () => {
  test("runs Collapse → the choice → Other → Skip → Submit → the composer", async ({ page }) => {
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

  test("arrow keys move and check within the radio group", async ({ page }) => {
    await runScenario(page, "Single question");
    // Radix checks the radio that arrow focus lands on while the key is still down, as a person's key is.
    await page.keyboard.down("ArrowDown");
    await expect(dock(page).getByRole("radio", { name: "Production" })).toBeFocused();
    await expect(dock(page).getByRole("radio", { name: "Production" })).toBeChecked();
    await page.keyboard.up("ArrowDown");
  });
});
