// The playground's states under axe (WCAG A/AA, contrast included) in both themes, and a phone-width
// viewport without sideways scrolling.
//
// States that follow one another in use are reached one after another on one page, with the checks at each:
// a fresh page (a new context, the page load, axe's injection and first run) cost several times the check
// itself. Each chain starts from a freshly opened page, and a state that comes later in a chain keeps only what
// an earlier one left in the transcript, which the checks then also cover.
import type { Page } from "@playwright/test";
import { a11yViolations } from "./support/axe";
import { dock, openPlayground, runScenario, scrollsSideways, transcript } from "./support/playground";
import { expect, test } from "./support/test";
import { THEMES, applyTheme } from "./support/theme";

/** Checks the page as it is now under axe in both themes; soft, so that a chain goes on to its later states. */
async function expectNoViolations(page: Page, state: string): Promise<void> {
  await test.step(`axe: ${state}`, async () => {
    for (const theme of THEMES) {
      await applyTheme(page, theme);
      expect.soft(await a11yViolations(page), `${state}, ${theme} theme`).toEqual([]);
    }
  });
}

/** Asserts nothing scrolls sideways and the dock, when there is one, ends within the 390 px viewport. */
async function expectNoSidewaysScroll(page: Page, state: string): Promise<void> {
  await test.step(`no sideways scroll: ${state}`, async () => {
    expect(await scrollsSideways(page), `${state}: page scrolls sideways`).toBe(false);
    if ((await dock(page).count()) > 0) {
      const box = (await dock(page).boundingBox())!;
      expect(box.x + box.width, `${state}: right edge of the dock`).toBeLessThanOrEqual(390);
    }
  });
}

/** Idle, a single question with a choice, multi-select, then the transcript they leave; each checked by `check`. */
async function singleMultiTranscript(page: Page, check: (state: string) => Promise<void>, { choices }: { choices: boolean }): Promise<void> {
  await expect(transcript(page)).toContainText("No messages yet");
  await check("idle");

  await runScenario(page, "Single question");
  await page.keyboard.press("1");
  await expect(dock(page).getByRole("radio", { name: "Staging (Recommended)" })).toBeChecked();
  if (choices) await check("a single question with a choice");
  await page.keyboard.press("Control+Enter");

  await runScenario(page, "Multi-select");
  if (choices) {
    await page.keyboard.press("1");
    await expect(dock(page).getByRole("checkbox", { name: "Unit tests (Recommended)" })).toBeChecked();
    await check("multi-select");
    // Unticked again, so that the request below is skipped with nothing chosen.
    await page.keyboard.press("1");
    await expect(dock(page).getByRole("checkbox", { name: "Unit tests (Recommended)" })).not.toBeChecked();
  }
  await dock(page).getByRole("button", { name: "Skip" }).click();
  await page.getByRole("textbox", { name: "Message" }).fill("Thanks");
  await page.keyboard.press("Enter");
  await expect(transcript(page).getByText("Noted: Thanks")).toBeVisible();
  await expect(transcript(page).getByRole("article")).toHaveCount(2);
  await check("a transcript of summaries and messages");
}

/** Two requests collapsed, expanded again with a third that shows the warning clock. */
async function collapsedThenWarningClock(page: Page, check: (state: string) => Promise<void>): Promise<void> {
  await runScenario(page, "Two requests at once");
  // Escape collapses the dock from inside it: both requests shown and the focus taken first.
  await expect(dock(page).getByText(/^Request \d of 2$/)).toBeVisible();
  await expect.poll(() => dock(page).evaluate((el) => el.contains(document.activeElement))).toBe(true);
  await page.keyboard.press("Escape");
  await expect(dock(page).getByRole("button", { name: "Expand questions" })).toBeVisible();
  await check("collapsed");

  await dock(page).getByRole("button", { name: "Expand questions" }).click();
  await runScenario(page, "Expires in 30 s");
  await expect(dock(page).getByText("Request 3 of 3")).toBeVisible();
  await check("two requests with the warning clock");
}

test("the playground has no WCAG A/AA violations (idle, a single question, multi-select, a transcript, step 2 of three questions) in either theme", async ({ page }) => {
  const check = (state: string) => expectNoViolations(page, state);
  await openPlayground(page);
  await singleMultiTranscript(page, check, { choices: true });

  await runScenario(page, "Three questions");
  await page.keyboard.press("1");
  await expect(dock(page).getByText("Question 2 of 3")).toBeVisible();
  await page.keyboard.press("4");
  await page.keyboard.type("eu-central-1");
  await expect(dock(page).getByRole("textbox", { name: "Other" })).toHaveValue("eu-central-1");
  await check("step 2 of three questions with typed Other text");
});

test("the playground has no WCAG A/AA violations (the review step, collapsed, the warning clock, reconnecting) in either theme", async ({ page }) => {
  const check = (state: string) => expectNoViolations(page, state);
  await openPlayground(page);
  await runScenario(page, "Three questions");
  await page.keyboard.press("1");
  await expect(dock(page).getByText("Question 2 of 3")).toBeVisible();
  await page.keyboard.press("1");
  await expect(dock(page).getByText("Question 3 of 3")).toBeVisible();
  await page.keyboard.press("2");
  await page.keyboard.press("Control+Enter");
  await expect(dock(page).getByRole("group", { name: "Check your answers" })).toBeVisible();
  await check("the review step");
  await dock(page).getByRole("button", { name: "Submit" }).click();
  await expect(dock(page)).toHaveCount(0);

  await collapsedThenWarningClock(page, check);

  // Last: the dropped connection stays down for the rest of the page's life as far as this test cares.
  await runScenario(page, "Single question");
  await runScenario(page, "Drop connection");
  await expect(dock(page)).toContainText("Reconnecting…");
  await check("reconnecting");
});

test.describe("at 390 px wide", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("nothing scrolls sideways (idle, a transcript of summaries and messages, collapsed, two requests with the warning clock)", async ({ page }) => {
    const check = (state: string) => expectNoSidewaysScroll(page, state);
    await openPlayground(page);
    await singleMultiTranscript(page, check, { choices: false });
    await collapsedThenWarningClock(page, check);
  });

  test("the dock shows stacked cards and stays above the composer, and nothing scrolls sideways with long typed text", async ({ page }) => {
    await openPlayground(page);
    await runScenario(page, "Three questions");
    await expect(dock(page)).toHaveAttribute("data-layout", "stacked");
    await expect(dock(page).getByRole("radiogroup")).toHaveCount(2);
    const dockBox = (await dock(page).boundingBox())!;
    const composerBox = (await page.getByRole("textbox", { name: "Message" }).boundingBox())!;
    expect(dockBox.y + dockBox.height).toBeLessThanOrEqual(composerBox.y);
    expect(composerBox.y + composerBox.height).toBeLessThanOrEqual(844);

    await dock(page).getByRole("textbox", { name: "Other" }).first().fill("a-very-long-region-name-without-any-spaces-".repeat(4));
    await expectNoSidewaysScroll(page, "three questions as cards, with long typed text");
  });
});
