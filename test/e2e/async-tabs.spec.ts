// Two tabs of one conversation in real Chromium: two pages of one browser context share IndexedDB and
// BroadcastChannel. Each tab runs its own simulated gateway, scripted with the same async delivery
// (same itemId), as two tabs of one real gateway would both see it. What one tab does to the answer
// outbox shows in the other.
import type { Page } from "@playwright/test";
import { asyncSummary, deliveryStatus, simCall, userMessages } from "./support/async";
import { dock, openPlayground, runScenario, transcript } from "./support/playground";
import { expect, expectNoPageProblems, test, watchPageProblems } from "./support/test";

const BRANCH = { title: "Which branch should the hotfix land on?", options: ["main", "release/2.4"] };
const NOTES = { title: "Anything the release notes should mention?" };

/** Opens the tab, makes its agent busy, and delivers the shared question into it. */
async function openBusyTab(page: Page): Promise<void> {
  await openPlayground(page);
  await runScenario(page, "Agent busy");
  await simCall(page, "askAsync", { itemId: "shared-item", questions: [BRANCH, NOTES] });
  await expect(dock(page).getByRole("radiogroup", { name: BRANCH.title })).toBeVisible();
}

/** Answers the shared question in `page`: a choice, then typed text on the second step. */
async function answer(page: Page): Promise<void> {
  await dock(page).getByRole("radio", { name: "release/2.4" }).click();
  // A single-select pick moves on by itself.
  await expect(dock(page).getByText("Question 2 of 2")).toBeVisible();
  await dock(page).getByRole("textbox", { name: "Other" }).fill("Mention the rollback");
  await dock(page).getByRole("button", { name: "Next" }).click();
  await dock(page).getByRole("button", { name: "Submit" }).click();
}

test.describe("two tabs of one conversation", () => {
  let tabB: Page;
  let problemsB: ReturnType<typeof watchPageProblems>;

  test.beforeEach(async ({ page }) => {
    tabB = await page.context().newPage();
    problemsB = watchPageProblems(tabB);
    await openBusyTab(page);
    await openBusyTab(tabB);
  });

  test.afterEach(() => {
    expectNoPageProblems(problemsB);
  });

  test("an answer queued in one tab shows queued in the other, and Discard reopens its draft in both", async ({ page: tabA }) => {
    await answer(tabA);
    await expect(deliveryStatus(asyncSummary(tabA, "answered"))).toHaveText("Answer queued");

    // Tab B learns of it through BroadcastChannel: the same summary, and the prompt leaves its dock.
    const summaryB = asyncSummary(tabB, "answered");
    await expect(deliveryStatus(summaryB)).toHaveText("Answer queued");
    await expect(summaryB).toContainText("release/2.4");
    await expect(summaryB).toContainText("Mention the rollback");
    await expect(summaryB.getByRole("button", { name: "Discard" })).toBeVisible();
    await expect(dock(tabB)).toBeHidden();

    await asyncSummary(tabA, "answered").getByRole("button", { name: "Discard" }).click();

    for (const tab of [tabA, tabB]) {
      await expect(dock(tab).getByRole("radiogroup", { name: BRANCH.title })).toBeVisible();
      await expect(dock(tab).getByRole("radio", { name: "release/2.4" })).toBeChecked();
      await dock(tab).getByRole("button", { name: "Next" }).click();
      await expect(dock(tab).getByRole("textbox", { name: "Other" })).toHaveValue("Mention the rollback");
      await expect(asyncSummary(tab, "answered")).toHaveCount(0);
    }

    // Discarded means never sent, even once each agent is idle again. The run that completes was going before the
    // question came but saved nothing until its end, so it counts as a later run: with no answer on its way any more,
    // the question moves to history, and the reopened draft stays with its summary.
    await runScenario(tabA, "Run completes");
    await runScenario(tabB, "Run completes");
    await expect(transcript(tabA).getByText("Mention the rollback")).toBeVisible();
    expect(await userMessages(tabA)).toHaveLength(0);
    expect(await userMessages(tabB)).toHaveLength(0);
  });

  test("the tab that queued the answer sends it once its run completes, and the other tab shows it sent", async ({ page: tabA }) => {
    await answer(tabA);
    await expect(deliveryStatus(asyncSummary(tabB, "answered"))).toHaveText("Answer queued");

    await runScenario(tabA, "Run completes");
    await expect(deliveryStatus(asyncSummary(tabA, "answered"))).toHaveText("Answer sent");
    await expect(deliveryStatus(asyncSummary(tabB, "answered"))).toHaveText("Answer sent");
    await expect(asyncSummary(tabB, "answered").getByRole("button", { name: "Discard" })).toHaveCount(0);
    expect(await userMessages(tabA)).toHaveLength(1);
    // Only the tab that owns the answer sends it.
    await runScenario(tabB, "Run completes");
    await expect(dock(tabB)).toBeHidden();
    expect(await userMessages(tabB)).toHaveLength(0);
  });
});
