// Async answers across page reloads in real Chromium. The embedded simulated gateway keeps its
// conversation in sessionStorage (so a reload finds the same gateway), the outbox lives in IndexedDB,
// and `?latency=` makes chat.send slow enough to reload while it is on its way. The rule under test:
// an answer is never lost and never sent twice.
import type { Page } from "@playwright/test";
import { asyncSummary, deliveryMessageId, deliveryStatus, dockSightings, simCall, storedOutbox, userMessages, watchDock, type StoredOutboxEntry } from "./support/async";
import { a11yViolations } from "./support/axe";
import { connectionStatus, dock, openPlayground, pauseClock, runScenario } from "./support/playground";
import { expect, test } from "./support/test";

const ITEM = "reload-item";
const BRANCH = { title: "Which branch should the hotfix land on?", options: ["main", "release/2.4"] };
/** How long the slow gateway takes to receive a chat.send, and again to answer it. */
const LATENCY_MS = 2500;

/**
 * Reloads, waits for the connection, and checks the answered question never showed up in the dock again. A clock
 * paused before (pauseClock) runs again once the old page is gone, so nothing of it happens after the moment chosen.
 */
async function reloadPlayground(page: Page, { pausedClock = false } = {}): Promise<void> {
  await watchDock(page);
  await page.reload();
  if (pausedClock) await page.clock.resume();
  await expect(connectionStatus(page)).toContainText("Connected");
  await expect(asyncSummary(page, "answered")).toBeVisible();
  expect(await dockSightings(page), "the dock after the reload").toEqual([]);
}

/** Waits until the page's IndexedDB holds the answer in `state`, so a reload now finds it there. */
async function expectStored(page: Page, state: StoredOutboxEntry["state"]): Promise<void> {
  await expect.poll(async () => (await storedOutbox(page)).map((e) => `${e.itemId}:${e.state}`)).toEqual([`${ITEM}:${state}`]);
}

async function answerRelease(page: Page): Promise<void> {
  await simCall(page, "askAsync", { itemId: ITEM, questions: [BRANCH] });
  await dock(page).getByRole("radio", { name: "release/2.4" }).click();
  await dock(page).getByRole("button", { name: "Submit" }).click();
}

async function expectOneReply(page: Page): Promise<void> {
  const sent = await userMessages(page);
  expect(sent, "user messages in the saved history").toHaveLength(1);
  expect(sent[0]?.content).toBe(`> ${BRANCH.title}\n\nrelease/2.4`);
  expect(sent[0]?.replyToId).toBe(await deliveryMessageId(page, ITEM));
}

test("reloading before a slow send reached the gateway: the answer is unconfirmed, and Retry sends it exactly once", async ({ page }) => {
  await page.clock.install();
  await openPlayground(page, `/?latency=${LATENCY_MS}`);
  // The send is still on its way at the reload however long the steps before it take: its latency waits on the clock.
  await pauseClock(page);
  await answerRelease(page);
  await expect(deliveryStatus(asyncSummary(page, "answered"))).toHaveText("Sending answer");
  await expectStored(page, "sending");
  expect(await userMessages(page)).toHaveLength(0);

  await reloadPlayground(page, { pausedClock: true });
  const summary = asyncSummary(page, "answered");
  // The page cannot know whether the gateway got it; it says so instead of guessing.
  await expect(deliveryStatus(summary)).toHaveText("Delivery unconfirmed");
  await expect(dock(page)).toBeHidden();
  expect(await userMessages(page)).toHaveLength(0);

  await summary.getByRole("button", { name: "Retry answer" }).click();
  await expect(deliveryStatus(summary)).toHaveText("Answer sent");
  await expectOneReply(page);
  await expectStored(page, "confirmed");
});

test("reloading after the gateway saved a slow send but before it answered: the answer is confirmed from the history", async ({ page }) => {
  await page.clock.install();
  await openPlayground(page, `/?latency=${LATENCY_MS}`);
  // Time moves only as the test moves it: one latency, so the gateway saves the message and its answer is still
  // LATENCY_MS away at the reload, however long the steps take.
  await pauseClock(page);
  await answerRelease(page);
  await expectStored(page, "sending");
  await page.clock.runFor(LATENCY_MS);
  await page.waitForFunction(() => {
    const sim = (window as unknown as { __questionDockSim: { history(): Array<{ role: string }> } }).__questionDockSim;
    return sim.history().some((m) => m.role === "user");
  }, undefined, { polling: 10 });
  await reloadPlayground(page, { pausedClock: true });

  const summary = asyncSummary(page, "answered");
  await expect(deliveryStatus(summary)).toHaveText("Answer sent");
  await expect(summary.getByRole("button", { name: "Retry answer" })).toHaveCount(0);
  await expectOneReply(page);
});

test("a queued answer survives a reload, goes out when the run completes, and stays sent after another reload", async ({ page }) => {
  await openPlayground(page);
  await runScenario(page, "Agent busy");
  await answerRelease(page);
  const summary = asyncSummary(page, "answered");
  await expect(deliveryStatus(summary)).toHaveText("Answer queued");
  await expectStored(page, "queued");

  await reloadPlayground(page);
  // The agent is still busy after the reload, so the answer still waits.
  expect(await simCall<unknown[]>(page, "activeRuns")).toHaveLength(1);
  await expect(deliveryStatus(summary)).toHaveText("Answer queued");
  await expect(summary.getByRole("button", { name: "Discard" })).toBeVisible();
  await expect(dock(page)).toBeHidden();
  expect(await userMessages(page)).toHaveLength(0);
  expect(await a11yViolations(page)).toEqual([]);

  await runScenario(page, "Run completes");
  await expect(deliveryStatus(summary)).toHaveText("Answer sent");
  await expectOneReply(page);

  await reloadPlayground(page);
  await expect(deliveryStatus(summary)).toHaveText("Answer sent");
  await expect(summary).toContainText("release/2.4");
  await expect(dock(page)).toBeHidden();
  await expectOneReply(page);
});
