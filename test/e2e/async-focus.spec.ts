// Async questions and focus in real Chromium, on the simulated gateway: a collapsed dock stays collapsed as the chat
// moves and a newer async question arrives, the playground's Async questions scenario leaves focus where it was, and
// an async question that arrives while nothing has focus leaves it on the page as the dock renders again.
// That an async question never takes the keyboard from the person typing is the real-gateway spec's
// (async-codex.gateway.spec.ts), and the dock's in jsdom (test/dom/async-dock.test.tsx).
import { simCall } from "./support/async";
import { a11yViolations } from "./support/axe";
import type { Page } from "@playwright/test";
import { composer, dock, openPlayground, runScenario } from "./support/playground";
import { expect, test } from "./support/test";

const BRANCH = { title: "Which branch should the hotfix land on?", options: ["main", "release/2.4"] };
const NOTES = { title: "Anything the release notes should mention?" };
const LATER = { title: "Should the nightly build run again?", options: ["Yes", "No"] };

test.beforeEach(async ({ page }) => {
  await openPlayground(page);
});

test("collapsed, the dock shows the count and newest question, and the chat moving on does not reopen it", async ({ page }) => {
  await composer(page).click();
  await page.keyboard.type("Draft");
  await simCall(page, "askAsync", { questions: [BRANCH, NOTES] });
  await expect(dock(page).getByRole("radiogroup", { name: BRANCH.title })).toBeVisible();

  await dock(page).getByRole("button", { name: "Collapse questions" }).click();
  await expect(composer(page)).toBeFocused();
  await expect(dock(page)).toHaveAttribute("data-state", "collapsed");
  await expect(dock(page)).toContainText("1 request waiting, 2 unanswered questions");
  await expect(dock(page)).toContainText(BRANCH.title);

  // New messages: a streamed commentary turn, and a failed run.
  const commentary = await simCall<string>(page, "startRun");
  await simCall(page, "streamRun", commentary, "Still compiling…");
  await simCall(page, "completeRun", commentary, "Still compiling, two more minutes.", { phase: "commentary" });
  const failing = await simCall<string>(page, "startRun");
  await simCall(page, "failRun", failing, "The model timed out.");
  // Another async question, whose own turn completes as it arrives.
  await simCall(page, "askAsync", { questions: [LATER] });

  await expect(dock(page)).toContainText("2 requests waiting, 3 unanswered questions");
  await expect(page.getByRole("region", { name: "Transcript" })).toContainText("The model timed out.");
  await expect(dock(page)).toHaveAttribute("data-state", "collapsed");
  await expect(dock(page).getByRole("radio")).toHaveCount(0);
  // The bar names the newest question; the prompt behind it keeps the first one (below, on Expand).
  await expect(dock(page)).toContainText(LATER.title);
  await expect(composer(page)).toBeFocused();
  await page.keyboard.type(" goes on");
  await expect(composer(page)).toHaveValue("Draft goes on");

  // Nothing was dismissed and the newer question did not take over: the first is in front, the other one arrow away.
  await dock(page).getByRole("button", { name: "Expand questions" }).click();
  await expect(dock(page).getByRole("radiogroup", { name: BRANCH.title })).toBeVisible();
  await expect(dock(page).getByText("Request 1 of 2")).toBeVisible();
  await dock(page).getByRole("button", { name: "Next request" }).click();
  await expect(dock(page).getByRole("radiogroup", { name: LATER.title })).toBeVisible();
});

test("the Async questions scenario asks two questions, one with choices, and leaves focus where it was", async ({ page }) => {
  await runScenario(page, "Async questions");
  const scenario = page.getByRole("region", { name: "Scenarios" }).getByRole("button", { name: "Async questions" });
  await expect(dock(page).getByRole("radiogroup", { name: "Which branch should the hotfix land on?" })).toBeVisible();
  await expect(dock(page).getByText("Question 1 of 2")).toBeVisible();
  await expect(scenario).toBeFocused();
  await expect(page.getByRole("region", { name: "Transcript" })).toContainText("Two questions for when you have a moment");
  expect(await a11yViolations(page)).toEqual([]);
});

/** Waits until the page has painted twice, so the effects of what it just rendered have run. */
async function painted(page: Page): Promise<void> {
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
}

/** The tag of the element that has focus: BODY when nothing has. */
const focusedTag = (page: Page) => page.evaluate(() => document.activeElement?.tagName);

test("an async question that arrives while nothing has focus leaves focus on the page through layout changes and more questions", async ({ page }) => {
  await simCall(page, "askAsync", { questions: [BRANCH, NOTES] });
  await expect(dock(page).getByRole("radiogroup", { name: BRANCH.title })).toBeVisible();
  await painted(page);
  expect(await focusedTag(page)).toBe("BODY");

  // Narrow: the dock shows its questions as stacked cards, a view made afresh.
  await page.setViewportSize({ width: 390, height: 800 });
  await expect(dock(page)).toHaveAttribute("data-layout", "stacked");
  await painted(page);
  expect(await focusedTag(page)).toBe("BODY");

  await simCall(page, "askAsync", { questions: [LATER] });
  await expect(dock(page)).toContainText("Request 1 of 2");
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(dock(page)).toHaveAttribute("data-layout", "stepper");
  await painted(page);
  expect(await focusedTag(page)).toBe("BODY");

  // Space belongs to the page, not to an answer.
  await page.keyboard.press("Space");
  await expect(dock(page).getByRole("radio", { checked: true })).toHaveCount(0);
});
