// Problems behind async questions are kinds, never words: the store holds the history's latest problem in
// `chat.error` and the outbox's storage failure in `outbox.storageError`, keeping the same object while nothing
// changed so a dismissed notice stays away, and the outbox branches on the history's problem before it trusts it.
import { describe, expect, it } from "vitest";
import { createStore } from "zustand/vanilla";
import type { GatewayConnection } from "../../../src/gateway/connection";
import { startHistoryReader } from "../../../src/store/async/history-reader";
import { asyncReducer } from "../../../src/store/async/reducer";
import type { DockContext, StoreEvent } from "../../../src/store/context";
import { emptyDockState } from "../../../src/store/dock/dock-reducer";
import type { StoreState, DockStore } from "../../../src/store/dock/state";
import { createMachine } from "../../../src/store/machine";
import type { ConversationProblem } from "../../../src/store/conversation";
import type { StorageFailure } from "../../../src/store/outbox";
import { createSentLedger } from "../../../src/store/keep/keep";

const SAVE: StorageFailure = { kind: "storage-failed", operation: "save" };
const REFUSED: ConversationProblem = { kind: "delivery-refused", count: 1, source: "session.message", itemId: "q1", reason: "questions: must have 1 to 12 questions, got 0" };
const UNREADABLE = { source: "session.message", itemId: "q1", errors: [{ path: "questions", message: "must have 1 to 12 questions, got 0" }] };

const empty = (): StoreState => emptyDockState("main", { state: "connected", attempt: 0 });
const apply = (s: StoreState, ...events: Array<{ type: string; [key: string]: unknown }>) => events.reduce((state, e) => asyncReducer(state, e), s);

describe("The store's async problems", () => {
  it("holds the kinds the history and the storage report, and stays the same object while nothing changed", () => {
    const once = apply(empty(), { type: "storageFailed", operation: "save", at: 1 }, { type: "itemRejected", item: UNREADABLE });
    expect(once.outbox.storageError).toEqual(SAVE);
    expect(once.chat.error).toEqual(REFUSED);
    expect(apply(once, { type: "storageFailed", operation: "save", at: 2 })).toBe(once);
    expect(apply(empty(), { type: "storageFailed", operation: "load", at: 1 }).outbox.storageError).toEqual({ kind: "storage-failed", operation: "load" });
  });

  it("drops the history's problem once a history is read cleanly; the storage failure stays", () => {
    const failed = apply(empty(), { type: "storageFailed", operation: "save", at: 1 }, { type: "historyLoadFailed", reason: "chat.history failed: UNAVAILABLE", retrying: true });
    expect(failed.chat.error).toEqual({ kind: "load-failed", reason: "chat.history failed: UNAVAILABLE", retrying: true });
    const read = apply(failed, { type: "historyLoaded", messages: [], rejected: [], runs: { active: false, ids: [] } });
    expect(read.chat.error).toBeUndefined();
    expect(read.outbox.storageError).toEqual(SAVE);
  });
});

// The history link of a store on a connected client that answers chat.history with `history`.
function historyLinkOver(history: () => Promise<unknown>) {
  const client: GatewayConnection = {
    getConnection: () => ({ state: "connected", attempt: 0 }),
    subscribeConnection: () => () => undefined,
    request: (method) => (method === "chat.history" ? history() : Promise.reject(new Error(`${method} is not offered here`))),
    onEvent: () => () => undefined,
    onConnected: () => () => undefined,
    onGap: () => () => undefined,
  };
  const store = createStore<DockStore>()(() => ({ ...empty(), actions: undefined as unknown as DockStore["actions"] }));
  const machine = createMachine<DockStore, StoreEvent>(store, (s, e) => asyncReducer(s, e));
  const options = { client, sessionKey: "main", now: () => 0, timers: { setTimeout, clearTimeout }, typingGraceMs: 0, showSessionless: false, resolverId: "test" };
  const ctx: DockContext = { ...machine, options, sent: createSentLedger(() => undefined) };
  return startHistoryReader(ctx, 100);
}

describe("The outbox's view of the history", () => {
  it("refuses a history that failed to load: a stale view is never proof that a message is absent", async () => {
    const history = historyLinkOver(() => Promise.reject(new Error("chat.history failed: UNAVAILABLE")));
    await expect(history.reload()).rejects.toThrow("chat.history failed: UNAVAILABLE");
    history.dispose();
  });

  it("refuses one never read", async () => {
    const history = historyLinkOver(async () => ({ messages: [] }));
    history.dispose();
    await expect(history.reload()).rejects.toThrow();
  });

  it("takes a history that loaded with items it could not read: the rest was read", async () => {
    const history = historyLinkOver(async () => ({ messages: [{ text: "no role" }, { role: "user", text: "hello" }] }));
    await expect(history.reload()).resolves.toBeUndefined();
    history.dispose();
  });
});
