// The playground on the REAL OpenClaw gateway, under a long saved history (200 messages, some 10 kB long, one a
// single 10 kB word): the dock keeps its height up to 60% of the viewport, every control of it can be hit at desktop
// and phone sizes and with the keyboard open, and the transcript scrolls.
import { sessionScope } from "../gateway/mock-model";
import type { RawClient } from "../gateway/raw-client";
import { ensureSession, historyCount, seedHistory } from "../gateway/seed-history";
import { longTranscriptText } from "../../stories/support/long-transcript";
import { VIEWPORTS, expectDockReachable, expectDockSized, layoutMetrics } from "./support/dock-reach";
import { connectionStatus, dock, transcript } from "./support/playground";
import { expect, gatewayTest as test, playgroundPathFor } from "./support/real-gateway";

const SLOW = { timeoutMs: 60_000 };
// Saved straight into the transcript (chat.inject): a turn through the agent costs about a second each.
const SEEDED = 200;
// The seeded messages, plus one real turn through the agent: the user's message and the model's answer.
const WANTED = SEEDED + 2;

// While a run is saving, the gateway may refuse a send with "session changed before chat.send; retry the request".
async function send(admin: RawClient, sessionKey: string, message: string, idempotencyKey: string): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    try {
      await admin.request("chat.send", { sessionKey, message, idempotencyKey }, SLOW);
      return;
    } catch (error) {
      // How long the saving lasts depends on the machine: retry for half a minute, sooner at first.
      if (attempt >= 20 || !/retry the request/.test(String(error))) throw error;
      await new Promise((r) => setTimeout(r, Math.min(100 * 2 ** attempt, 2_000)));
    }
  }
}

async function runBusy(admin: RawClient, sessionKey: string): Promise<boolean> {
  const h = await admin.request<{ sessionInfo?: { hasActiveRun?: boolean } }>("chat.history", { sessionKey, limit: 1 }, SLOW);
  return h.sessionInfo?.hasActiveRun === true;
}

test("a long real history above the dock never squeezes it", async ({ page, admin, realGateway, session }) => {
  const started = Date.now();
  const inSession = { sessionKey: session };
  // One real turn, both sides 10 kB of prose; the seeding below goes on while the agent answers.
  await realGateway.mock(sessionScope(session)).enqueue({ text: longTranscriptText(37), chunks: 1 });
  await ensureSession(admin, inSession);
  await send(admin, session, longTranscriptText(12), `long-turn-${session}`);
  const seeding = Date.now();
  await seedHistory(admin, Array.from({ length: SEEDED }, (_, i) => longTranscriptText(i)), inSession);
  const seededMs = Date.now() - seeding;
  await expect.poll(async () => (await runBusy(admin, session)) || (await historyCount(admin, inSession)) < WANTED, { timeout: 180_000, intervals: [250, 500] }).toBe(false);
  console.log(`history of ${await historyCount(admin, inSession)} messages filled in ${Date.now() - started} ms (${SEEDED} seeded in ${seededMs} ms)`);

  await page.setViewportSize(VIEWPORTS[0]);
  await page.goto(playgroundPathFor(realGateway, { session }));
  await expect(connectionStatus(page)).toContainText("Connected", { timeout: 60_000 });
  // Every saved message is on the page before any hit test. chat.history cuts a text at 8,000 characters (and
  // marks the cut), so a 10 kB message shows as 8,000 and the marker.
  const messages = transcript(page).getByRole("listitem");
  await expect.poll(() => messages.count(), { timeout: 60_000 }).toBeGreaterThanOrEqual(WANTED);
  const longest = await transcript(page).locator(".pg-message__text").evaluateAll((els) => els.filter((el) => (el.textContent ?? "").length >= 8_000).length);
  console.log(`the playground shows ${await messages.count()} messages, ${longest} of them 8,000 characters or more`);
  expect(longest, "long messages shown").toBeGreaterThanOrEqual(5);

  const asked = await admin.request<{ id: string }>(
    "question.request",
    {
      sessionKey: session,
      timeoutMs: 600_000,
      questions: [
        {
          questionId: "region",
          header: "Region",
          question: "Which region should host the new database?",
          options: [{ label: "EU (Frankfurt)" }, { label: "US East" }, { label: "Asia Pacific" }],
          isOther: true,
        },
        {
          questionId: "checks",
          header: "Checks",
          question: "Which checks should run before merging?",
          options: [{ label: "Lint" }, { label: "Unit tests" }, { label: "End-to-end tests" }, { label: "Type check" }],
          multiSelect: true,
          isOther: true,
        },
      ],
    },
    SLOW,
  );
  await expect(dock(page).locator(".qd-question__text").first()).toBeVisible({ timeout: 30_000 });

  try {
    for (const viewport of VIEWPORTS) {
      await test.step(viewport.name, async () => {
        await page.setViewportSize(viewport);
        await expect(dock(page).getByRole("button", { name: "Skip", exact: true })).toBeVisible();
        const m = await layoutMetrics(page);
        expectDockSized(m);
        expect(m.transcriptScrolls, "the transcript scrolls").toBe(true);
        await expectDockReachable(dock(page));
      });
    }
  } finally {
    // The gateway is shared with the worker's other specs: a question left pending would take their dock.
    await admin.request("question.resolve", { id: asked.id, cancel: true }).catch(() => undefined);
  }
  console.log(`whole spec body took ${Date.now() - started} ms`);
});
