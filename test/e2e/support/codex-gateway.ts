// Browser specs against a REAL OpenClaw gateway whose agent runs go through the official Codex plugin to a scripted
// app-server (test/gateway/codex): the pool's shared Codex gateway under `npm test`, else one per worker, like
// real-gateway.ts. Each test opens its own session and scripts its runs by keys of its own.
import { randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import { startCodexGateway } from "../../gateway/codex/codex-gateway";
import { codexScripts, type CodexScripts } from "../../gateway/codex/codex-script";
import { ensureGatewayRuntime } from "../../gateway/harness";
import { gatewayPool } from "../../gateway/pool";
import { connectRaw, type RawClient } from "../../gateway/raw-client";
import { connectionStatus } from "./playground";
import { playgroundPathFor } from "./real-gateway";
import { expect, test as base } from "./test";

/** A saved chat.history row; only the fields the specs read. */
export interface SavedRow {
  role: string;
  content: unknown;
  customType?: string;
  stopReason?: string;
  openclawAsyncDelivery?: { itemId: string };
  __openclaw?: { id?: string; runId?: string; runTerminal?: boolean; mirrorIdentity?: string };
}

/** A Codex gateway as a spec uses it. */
export interface SpecCodexGateway {
  url: string;
  token: string;
  codex: CodexScripts;
}

/** `test` with `codexGateway` (the shared one, or one started once per worker) and `admin` (a raw operator client per test). */
export const codexTest = base.extend<{ admin: RawClient }, { codexGateway: SpecCodexGateway }>({
  codexGateway: [
    // eslint-disable-next-line no-empty-pattern -- Playwright requires the destructuring form
    async ({}, use) => {
      const pooled = gatewayPool()?.codex;
      if (pooled) return use({ url: pooled.url, token: pooled.token, codex: codexScripts(pooled.scriptsDir!) });
      ensureGatewayRuntime();
      const gateway = await startCodexGateway();
      try {
        await use(gateway);
      } finally {
        await gateway.stop();
      }
    },
    // A start took 30–70 s on a busy machine; the limit is for one that never gets ready.
    { scope: "worker", timeout: 300_000 },
  ],
  admin: async ({ codexGateway }, use) => {
    const client = await connectRaw(codexGateway.url, codexGateway.token, { retryForMs: 30_000 });
    await use(client);
    await client.close();
  },
});

/** A script key of its own: random, so no text the gateway adds to a turn can contain it. */
export function newKey(label: string): string {
  return `${label}${randomUUID().slice(0, 8)}`;
}

/** Opens the playground on a fresh session of `gw` (so tests never see each other's rows); returns the session key. */
export async function openCodexSession(page: Page, gw: SpecCodexGateway, label: string, session = `agent:main:${newKey(label)}`): Promise<string> {
  await page.goto(playgroundPathFor(gw, { session }));
  await expect(connectionStatus(page)).toContainText("Connected", { timeout: 60_000 });
  return session;
}

/** Starts a run of `session` from the raw client, as another surface would; the run id is the idempotency key. */
export async function sendRun(admin: RawClient, session: string, message: string): Promise<string> {
  const runId = `run-${randomUUID().slice(0, 8)}`;
  await admin.request("chat.send", { sessionKey: session, message, idempotencyKey: runId }, { timeoutMs: 60_000 });
  return runId;
}

/** The session's saved rows, oldest first. */
export async function savedRows(admin: RawClient, session: string): Promise<SavedRow[]> {
  const { messages } = await admin.request<{ messages: SavedRow[] }>("chat.history", { sessionKey: session, limit: 200 });
  return messages;
}

/** Plain text of a saved row's content (a string or text parts). */
export function rowText(row: SavedRow): string {
  return Array.isArray(row.content) ? (row.content as Array<{ text?: string }>).map((p) => p.text ?? "").join("") : String(row.content);
}

/** How a run ended in the saved history: its terminal message, its failure record, or not yet. */
export async function runEnding(admin: RawClient, session: string, runId: string): Promise<"success" | "failure" | "aborted" | "running"> {
  const rows = (await savedRows(admin, session)).filter((r) => r.__openclaw?.runId === runId);
  if (rows.some((r) => r.role === "custom" && r.customType === "run-failed-before-reply")) return "failure";
  const terminal = rows.find((r) => r.__openclaw?.runTerminal === true);
  if (!terminal) return "running";
  return terminal.stopReason === "aborted" ? "aborted" : "success";
}

/** Waits (a hang guard, not a pace) until the saved history shows how `runId` ended. */
export async function expectRunEnded(admin: RawClient, session: string, runId: string, ending: "success" | "failure" | "aborted"): Promise<void> {
  await expect.poll(() => runEnding(admin, session, runId), { timeout: 90_000, message: `run ${runId} ends with ${ending}` }).toBe(ending);
}

/** Waits until the raw client has seen streamed text of `runId`, so an abort now has a partial answer to keep. */
export async function expectStreaming(admin: RawClient, runId: string): Promise<void> {
  const isDelta = (e: { event: string; payload?: unknown }) => {
    const p = e.payload as { runId?: string; state?: string } | undefined;
    return e.event === "chat" && p?.runId === runId && p.state === "delta";
  };
  await admin.waitForEvent(isDelta, 90_000);
}

/** Every transcript row top to bottom, as "summary: …" (a question's summary) or "message: …", to check where a summary sits. */
export async function transcriptOrder(page: Page): Promise<string[]> {
  return page
    .getByRole("region", { name: "Transcript" })
    .locator("ol > li")
    .evaluateAll((items) => items.map((li) => `${li.querySelector("article") ? "summary" : "message"}: ${li.textContent ?? ""}`));
}
