// The answer outbox against the REAL OpenClaw gateway: idempotent chat.send, and answers that
// survive a gateway restart or a page reload with exactly one copy in the saved history. It restarts the gateway
// the restart project's files share (restart-global-setup.ts), once with the other suites of plain.restart.test.ts.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { createGatewayClient, createWebSocketTransport, GatewayRequestError, type GatewayClient } from "../../src/gateway";
import { classifySendError } from "../../src/store/outbox";
import { createAsyncQuestionsFeature, createMemoryStorage, createPaneBus, openStore, type DockStorage, type DockStore, type OutboxEntry, type SavedDraft } from "../../src/store";
import { outboxOf, scopedRecords, storageScope } from "../../src/testing";
import type { StoreApi } from "zustand/vanilla";
import { withWireFaults, type WireFaults } from "../node/outbox/wire-faults";
import type { RestartableGateway } from "./restartable-gateway";
import { poller } from "./wait";

const ORIGIN = "http://127.0.0.1:5173";
// A session of its own: the store's suite, beside it on the same gateway, watches the main one.
const SESSION = "agent:main:outbox";

/** The suite, on `gateway()`, the restart project's gateway as a beforeAll hands it over. */
export function outboxRestartSuite(gateway: () => RestartableGateway): void {
  let gw: RestartableGateway;
  let faults: WireFaults;
  let client: GatewayClient;
  const pages: Array<StoreApi<DockStore>> = [];

  const waitFor = poller({ timeoutMs: 60_000, intervalMs: 100, detail: () => gw.logTail(30) });

  interface HistoryMessage {
    role: string;
    content: unknown;
    idempotencyKey?: string;
    __openclaw?: { id?: string; runId?: string; replyToId?: string };
  }

  async function messages(): Promise<HistoryMessage[]> {
    const result = (await client.request("chat.history", { sessionKey: SESSION, limit: 1000 }, { timeoutMs: 60_000 })) as { messages: HistoryMessage[] };
    return result.messages;
  }

  /** User messages saved under this chat.send key. */
  async function copiesOf(key: string): Promise<HistoryMessage[]> {
    return (await messages()).filter((m) => m.role === "user" && m.idempotencyKey === `${key}:user`);
  }

  /** True while the gateway says no run is going in the session. */
  async function idle(): Promise<boolean> {
    const result = (await client.request("chat.history", { sessionKey: SESSION, limit: 1 }, { timeoutMs: 60_000 })) as { sessionInfo?: { hasActiveRun?: boolean } };
    return result.sessionInfo?.hasActiveRun !== true;
  }

  /** Waits until the run a chat.send started has written its reply and ended; returns the reply. */
  async function replied(runId: string): Promise<HistoryMessage> {
    const reply = await waitFor(async () => (await messages()).find((m) => m.role === "assistant" && m.__openclaw?.runId === runId), `the reply of ${runId}`, 150_000);
    await waitFor(idle, "the run to end");
    return reply;
  }

  function draft(itemId: string): SavedDraft {
    return { requestId: `async:${itemId}`, step: 0, answers: [{ questionId: "q0", selected: ["main"], other: "" }], edited: true, updatedAt: Date.now() };
  }

  /** What an earlier page of this identity left in `storage`. */
  async function leftBehind(storage: DockStorage, entry: OutboxEntry): Promise<void> {
    await scopedRecords(storage, storageScope(client.getConnection().identity!, SESSION)).put("outbox", entry.id, entry);
  }

  /** A page of the conversation on `storage`, as a reload opens one. */
  function page(storage: DockStorage): StoreApi<DockStore> {
    const store = openStore({ client, sessionKey: SESSION, asyncQuestions: createAsyncQuestionsFeature({ storage, bus: createPaneBus(`real-${Math.random()}`) }) });
    pages.push(store);
    return store;
  }

  const stateOf = (store: StoreApi<DockStore>, id: string) => store.getState().outbox.entries[id]?.state;

  beforeAll(async () => {
    gw = gateway();
    faults = withWireFaults(createWebSocketTransport(WebSocket, { origin: ORIGIN }));
    client = createGatewayClient({ url: gw.url, token: gw.token, transport: faults.transport, backoff: { baseMs: 250, maxMs: 2000 }, requestTimeoutMs: 30_000 });
    client.start();
    await waitFor(() => client.getConnection().state === "connected", "the first connection", 120_000);
  }, 240_000);

  afterAll(async () => {
    for (const store of pages) store.getState().actions.dispose();
    client?.stop();
  }, 60_000);

  // Model runs are slow on a busy machine, so the file starts few of them: each test waits only for
  // what it needs (the restart an idle session).
  describe.sequential("The outbox against OpenClaw", () => {
    const firstKey = randomUUID();
    let firstReplyId: string | undefined;

    it("gets one saved message for a chat.send repeated under the same idempotencyKey", async () => {
      const params = { sessionKey: SESSION, message: "An answer sent twice", idempotencyKey: firstKey };
      expect(await client.request("chat.send", params)).toMatchObject({ runId: firstKey, status: "started" });
      const again = (await client.request("chat.send", params)) as { status: string };
      expect(["in_flight", "ok"]).toContain(again.status);
      firstReplyId = (await replied(firstKey)).__openclaw?.id;
      // The gateway lets go of a run (its abort controller) a little after the reply is saved and the session reports
      // no active run; until then the same key still answers in_flight (docs/gateway-findings.md §3).
      const settled = await waitFor(async () => {
        const repeated = (await client.request("chat.send", params)) as { status: string };
        return repeated.status === "in_flight" ? undefined : repeated;
      }, "the run to be let go");
      expect(settled).toEqual({ runId: firstKey, status: "ok" });
      expect(await copiesOf(firstKey)).toHaveLength(1);
    }, 200_000);

    it("after a reload, confirms a send that did arrive and retries one that never left: one copy each", async () => {
      const storage = createMemoryStorage();
      const neverLeft = randomUUID();
      // What a page left behind when it closed mid-send: one chat.send reached the gateway (the one above), the other did not.
      const saved = (id: string, itemId: string, message: string): OutboxEntry => ({
        id, sessionKey: SESSION, itemId, message, state: "sending", createdAt: Date.now(), updatedAt: Date.now(), failureCount: 0, isPaused: false, attempts: 1, draft: draft(itemId),
      });
      await leftBehind(storage, saved(firstKey, "item-arrived", "An answer sent twice"));
      await leftBehind(storage, saved(neverLeft, "item-never-left", "staging"));
      const sendsBefore = faults.requests("chat.send").length;

      const box = page(storage);
      await waitFor(() => stateOf(box, firstKey) === "confirmed", "the delivered answer to be confirmed");
      expect(stateOf(box, neverLeft)).toBe("unconfirmed");
      expect(faults.requests("chat.send")).toHaveLength(sendsBefore);

      expect(outboxOf(box).retry(neverLeft)).toBe(true);
      await waitFor(() => stateOf(box, neverLeft) === "confirmed", "the retried answer to be confirmed", 120_000);
      expect(faults.requests("chat.send").slice(sendsBefore).map((r) => r.params.idempotencyKey)).toEqual([neverLeft]);
      expect(await copiesOf(firstKey)).toHaveLength(1);
      expect(await copiesOf(neverLeft)).toHaveLength(1);
      await replied(neverLeft);
    }, 300_000);

    it("delivers an answer given while the gateway restarts once it is back: confirmed, one copy", async () => {
      const box = page(createMemoryStorage());
      await waitFor(() => box.getState().outbox.ready && box.getState().chat.loaded, "the outbox to load");
      // A live connection and no run going in the session: the restart cuts off none of this suite's runs, and the
      // answer cannot leave before it.
      await messages();
      await waitFor(async () => client.getConnection().state === "connected" && (await idle()) && !box.getState().chat.runActive, "a connected, idle session");
      const bootBefore = client.getHello()?.server.bootId;
      // The restart comes once every suite sharing it has asked: a limit for a hang.
      const restarting = gw.restart();
      await waitFor(() => client.getConnection().state !== "connected", "the connection to drop", 540_000);
      const entry = outboxOf(box).enqueue({ itemId: "item-restart", ...(firstReplyId ? { replyToId: firstReplyId } : {}), message: "> Which branch?\n\nmain", draft: draft("item-restart") });
      expect(box.getState().outbox.entries[entry.id]).toMatchObject({ state: "queued", isPaused: true });

      await restarting;
      await waitFor(() => stateOf(box, entry.id) === "confirmed", "confirmation", 150_000);
      expect(client.getHello()?.server.bootId).not.toBe(bootBefore);
      const [copy, ...more] = await copiesOf(entry.id);
      expect(more).toEqual([]);
      expect(copy).toMatchObject({ content: "> Which branch?\n\nmain", __openclaw: { replyToId: firstReplyId } });
      expect(faults.requests("chat.send").filter((r) => r.params.idempotencyKey === entry.id)).toHaveLength(1);
    }, 600_000);

    it("confirms, after the restart, an answer left failed before it, from the history and without sending", async () => {
      const storage = createMemoryStorage();
      const at = Date.now();
      await leftBehind(storage, {
        id: firstKey, sessionKey: SESSION, itemId: "item-before-restart", message: "An answer sent twice", state: "failed",
        createdAt: at, updatedAt: at, failureCount: 1, failureReason: "The gateway went away.", isPaused: false, attempts: 1, draft: draft("item-before-restart"),
      });
      const sendsBefore = faults.requests("chat.send").length;
      const box = page(storage);
      await waitFor(() => stateOf(box, firstKey) === "confirmed", "confirmation from the history");
      expect(faults.requests("chat.send")).toHaveLength(sendsBefore);
    }, 60_000);

    // Seen on openclaw 2026.9.6 after a restart, for a key whose run had finished: sometimes
    // UNAVAILABLE "chat turn was not durably admitted", sometimes status "started" with no new message.
    // Either way the saved history keeps one copy, which is why the outbox trusts only the history.
    it("never saves a second copy for a key from before the restart", async () => {
      const outcome = await client.request("chat.send", { sessionKey: SESSION, message: "An answer sent twice", idempotencyKey: firstKey }).then(
        (result) => ({ result }),
        (error: unknown) => ({ error }),
      );
      if ("error" in outcome) {
        expect(outcome.error).toBeInstanceOf(GatewayRequestError);
        expect(classifySendError(outcome.error)).toMatchObject({ kind: "not-admitted" });
      } else {
        expect(outcome.result).toMatchObject({ runId: firstKey });
      }
      expect(await copiesOf(firstKey)).toHaveLength(1);
    }, 60_000);
  });
}
