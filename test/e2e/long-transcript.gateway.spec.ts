// The playground on the REAL OpenClaw gateway, under a long session history of real messages (user messages sent
// with chat.send, the mock model answering, some answers 10 kB long): the dock keeps its height up to 60% of the
// viewport, every control of it can be hit at desktop and phone sizes and with the keyboard open, and the
// transcript scrolls.
import type { RawClient } from "../gateway/raw-client";
import { longTranscriptText } from "../../stories/support/long-transcript";
import { VIEWPORTS, expectDockReachable, expectDockSized, layoutMetrics } from "./support/dock-reach";
import { connectionStatus, dock, transcript } from "./support/playground";
import { expect, gatewayTest as test, playgroundPathFor } from "./support/real-gateway";

const SLOW = { timeoutMs: 60_000 };
// Sends made while a run is busy are steered into it, so the saved history grows by about one message per
// second whatever the send rate: 40 real messages (many of them 10 kB) is what a minute buys.
const SENDS = 30;
const WANTED = 40;

async function historyCount(admin: RawClient): Promise<number> {
  // The page of messages is cut by size; totalMessages counts the whole saved history.
  const h = await admin.request<{ messages: unknown[]; totalMessages?: number }>("chat.history", { sessionKey: "main", limit: 1 }, SLOW);
  return h.totalMessages ?? h.messages.length;
}

// While a run is saving, the gateway may refuse a send with "session changed before chat.send; retry the request".
async function send(admin: RawClient, message: string, idempotencyKey: string): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    try {
      await admin.request("chat.send", { sessionKey: "main", message, idempotencyKey }, SLOW);
      return;
    } catch (error) {
      if (attempt >= 20 || !/retry the request/.test(String(error))) throw error;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}

test("a long real history above the dock never squeezes it", async ({ page, admin, realGateway }) => {
  test.setTimeout(110_000);
  const started = Date.now();
  // Every answer differs; every third is 10 kB long (the model's replies fill the other half of the history).
  realGateway.mockModel.setDefault({ text: "Mock reply." });
  for (let i = 0; i < 120; i++) realGateway.mockModel.enqueue({ text: longTranscriptText(i % 3 === 0 ? 12 : 2 * i + 1), chunks: 1 });

  // The first send prepares the session (slow); the rest follow at once and queue behind the run.
  await send(admin, longTranscriptText(0), "long-0");
  for (let i = 1; i < SENDS; i++) await send(admin, longTranscriptText(2 * i), `long-${i}`);
  await expect.poll(() => historyCount(admin), { timeout: 60_000, intervals: [500, 1000] }).toBeGreaterThanOrEqual(WANTED);
  console.log(`history of ${await historyCount(admin)} messages filled in ${Date.now() - started} ms`);

  await page.setViewportSize(VIEWPORTS[0]);
  await page.goto(playgroundPathFor(realGateway));
  await expect(connectionStatus(page)).toContainText("Connected", { timeout: 60_000 });
  await expect.poll(() => transcript(page).locator(".pg-message").count(), { timeout: 30_000 }).toBeGreaterThanOrEqual(20);
  console.log(`the playground shows ${await transcript(page).locator(".pg-message").count()} messages`);

  await admin.request(
    "question.request",
    {
      sessionKey: "main",
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
  console.log(`whole spec body took ${Date.now() - started} ms`);
});
