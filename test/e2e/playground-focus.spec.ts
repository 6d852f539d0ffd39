// Focus between the composer and the dock in real Chromium: a new prompt takes focus but never the
// composer's draft; Esc and Collapse hand focus back to the composer; Expand brings the prompt back as it was.
import { composer, dock, openPlayground, runScenario, simAsk } from "./support/playground";
import { expect, test } from "./support/test";

const deploy = {
  questions: [{ questionId: "deploy_target", header: "Deploy", question: "Where should this build deploy?", options: [{ label: "Staging" }, { label: "Production" }] }],
};

test.beforeEach(async ({ page }) => {
  await openPlayground(page);
});

test("a prompt arriving while the person types in the composer takes focus and keeps the draft", async ({ page }) => {
  await composer(page).click();
  await page.keyboard.type("Half a thought");
  await simAsk(page, deploy);

  await expect(dock(page).getByRole("radio", { name: "Staging" })).toBeFocused();
  await expect(composer(page)).toHaveValue("Half a thought");
  // Keys now go to the prompt, not into the draft.
  await page.keyboard.press("2");
  await expect(dock(page).getByRole("radio", { name: "Production" })).toBeChecked();
  await expect(composer(page)).toHaveValue("Half a thought");
});

test("Esc collapses the dock and returns focus to the composer with its draft; Expand restores the prompt", async ({ page }) => {
  await composer(page).click();
  await page.keyboard.type("Draft to keep");
  await simAsk(page, deploy);
  await expect(dock(page).getByRole("radio", { name: "Staging" })).toBeFocused();
  await page.keyboard.press("2");

  await page.keyboard.press("Escape");
  await expect(composer(page)).toBeFocused();
  await expect(composer(page)).toHaveValue("Draft to keep");
  await expect(dock(page).getByRole("radio")).toHaveCount(0);
  await expect(dock(page)).toContainText("1 request waiting");
  await expect(dock(page)).toContainText("Where should this build deploy?");

  // The composer is usable again, right where the person left it.
  await page.keyboard.type(", and more");
  await expect(composer(page)).toHaveValue("Draft to keep, and more");

  await page.keyboard.press("Shift+Tab");
  await expect(dock(page).getByRole("button", { name: "Expand questions" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(dock(page).getByRole("radio", { name: "Production" })).toBeChecked();
  await expect(dock(page).getByRole("radio", { name: "Production" })).toBeFocused();
  await expect(composer(page)).toHaveValue("Draft to keep, and more");
});

test("the Collapse button also hands focus back to the composer", async ({ page }) => {
  await runScenario(page, "Single question");
  await dock(page).getByRole("button", { name: "Collapse questions" }).focus();
  await page.keyboard.press("Enter");
  await expect(composer(page)).toBeFocused();
  await expect(dock(page).getByRole("button", { name: "Expand questions" })).toBeVisible();
});

test("Expand restores every draft of a multi-question prompt: the step, typed text and earlier choices", async ({ page }) => {
  await runScenario(page, "Three questions");
  await page.keyboard.press("2");
  await expect(dock(page).getByText("Question 2 of 3")).toBeVisible();
  await page.keyboard.press("4");
  await page.keyboard.type("eu-north-1");

  // Esc works from inside the Other field too.
  await page.keyboard.press("Escape");
  await expect(composer(page)).toBeFocused();
  await dock(page).getByRole("button", { name: "Expand questions" }).click();

  await expect(dock(page).getByText("Question 2 of 3")).toBeVisible();
  await expect(dock(page).getByRole("textbox", { name: "Other" })).toHaveValue("eu-north-1");
  await dock(page).getByRole("button", { name: "Back" }).click();
  await expect(dock(page).getByText("Question 1 of 3")).toBeVisible();
  await expect(dock(page).getByRole("radio", { name: "Production" })).toBeChecked();
});

test("once the last prompt is answered, focus goes back to the composer", async ({ page }) => {
  await composer(page).click();
  await page.keyboard.type("Still here");
  await simAsk(page, deploy);
  await page.keyboard.press("1");
  await page.keyboard.press("Control+Enter");
  await expect(dock(page)).toBeHidden();
  await expect(composer(page)).toBeFocused();
  await expect(composer(page)).toHaveValue("Still here");
});
