// Retirement of async questions in real Chromium: a later run that completes moves an untouched reminder
// into the transcript as "No longer pending" (never answering it), and Answer brings it back, with a draft the
// person typed. Failed runs leave it alone.
import type { Page } from "@playwright/test";
import { a11yViolations } from "./support/axe";
import { asyncSummary, deliveryStatus, simCall, userMessages } from "./support/async";
import { composer, connectionStatus, dock, openPlayground, runScenario, transcript } from "./support/playground";
import { expect, test } from "./support/test";

const BRANCH = { title: "Which branch should the hotfix land on?", options: ["main", "release/2.4"] };

async function askBranch(page: Page): Promise<void> {
  await simCall(page, "askAsync", { itemId: "retire-item", questions: [BRANCH] });
  await expect(dock(page).getByRole("radiogroup", { name: BRANCH.title })).toBeVisible();
}

test.beforeEach(async ({ page }) => {
  await openPlayground(page);
});

test("a later completed run retires the reminder into the transcript, and Answer reopens it", async ({ page }) => {
  await askBranch(page);
  // A failed later run does not retire it.
  const failing = await simCall<string>(page, "startRun");
  await simCall(page, "failRun", failing, "The model timed out.");
  await expect(transcript(page)).toContainText("The model timed out.");
  await expect(dock(page).getByRole("radiogroup", { name: BRANCH.title })).toBeVisible();

  await runScenario(page, "Run completes");
  const retired = asyncSummary(page, "no longer pending");
  await expect(retired).toBeVisible();
  await expect(retired).toContainText("No longer pending");
  await expect(retired).toContainText(BRANCH.title);
  await expect(dock(page)).toBeHidden();
  // Moving it into history answered nothing.
  expect(await userMessages(page)).toHaveLength(0);
  expect(await a11yViolations(page)).toEqual([]);

  // The transcript keeps it across a reload, and it is still not answered.
  await page.reload();
  await expect(connectionStatus(page)).toContainText("Connected");
  await expect(retired).toBeVisible();
  await expect(dock(page)).toBeHidden();

  await retired.getByRole("button", { name: "Answer" }).click();
  await expect(dock(page).getByRole("radiogroup", { name: BRANCH.title })).toBeVisible();
  await expect(retired).toHaveCount(0);
  await dock(page).getByRole("radio", { name: "release/2.4" }).click();
  await dock(page).getByRole("button", { name: "Submit" }).click();
  await expect(deliveryStatus(asyncSummary(page, "answered"))).toHaveText("Answer sent");
  expect((await userMessages(page)).map((m) => m.content)).toEqual([`> ${BRANCH.title}\n\nrelease/2.4`]);
});

test("a later completed run retires a reminder the person typed into too; the draft stays with it and Answer brings it back", async ({ page }) => {
  await askBranch(page);
  await dock(page).getByRole("textbox", { name: "Other" }).fill("hotfix/4711");
  await dock(page).getByRole("button", { name: "Collapse questions" }).click();
  await expect(composer(page)).toBeFocused();

  await runScenario(page, "Run completes");
  await expect(transcript(page)).toContainText("Done: the build is green.");
  const retired = asyncSummary(page, "no longer pending");
  await expect(retired).toBeVisible();
  await expect(retired).toContainText("hotfix/4711");
  await expect(dock(page)).toBeHidden();

  // The draft survives a reload with the summary, and Answer reopens the question with it; nothing was sent.
  await page.reload();
  await expect(connectionStatus(page)).toContainText("Connected");
  await retired.getByRole("button", { name: "Answer", exact: true }).click();
  await expect(dock(page).getByRole("textbox", { name: "Other" })).toHaveValue("hotfix/4711");
  expect(await userMessages(page)).toHaveLength(0);
});
