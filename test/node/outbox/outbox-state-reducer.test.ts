// The outbox's one writer: every change to its entries, their order, readiness and storage failure is an event
// through outboxReducer, and the offered actions (Retry, Discard, Edit) follow from the same transition table.
import { describe, expect, it } from "vitest";
import { canDiscard, canEdit, canRetry, OUTBOX_TRANSITIONS, outboxReducer, type OutboxData } from "../../../src/store/outbox";
import type { DeliveryState, OutboxEntry } from "../../../src/store/outbox";

const AT = 5_000;
const STATES: DeliveryState[] = ["queued", "sending", "failed", "unconfirmed", "confirmed"];

function entry(id: string, more: Partial<OutboxEntry> = {}): OutboxEntry {
  return { id, sessionKey: "main", itemId: `item-${id}`, message: "Staging", state: "queued", createdAt: 1_000, updatedAt: 1_000, failureCount: 0, isPaused: false, ...more };
}

function holding(...entries: OutboxEntry[]): OutboxData {
  return { entries: Object.fromEntries(entries.map((e) => [e.id, e])), order: entries.map((e) => e.id), ready: true };
}

describe("outboxReducer", () => {
  it("adds an enqueued answer in creation order, and keeps one answer per question", () => {
    const later = entry("b", { createdAt: 2_000 });
    const state = outboxReducer(holding(later), { type: "enqueued", entry: entry("a") }, AT);
    expect(state.order).toEqual(["a", "b"]);
    expect(outboxReducer(state, { type: "enqueued", entry: entry("c", { itemId: "item-a" }) }, AT)).toBe(state);
  });

  it("routes an entry's own event by id, and ignores an id it does not hold", () => {
    const state = holding(entry("a"));
    expect(outboxReducer(state, { type: "sendStarted", id: "a" }, AT).entries.a).toMatchObject({ state: "sending", updatedAt: AT });
    expect(outboxReducer(state, { type: "sendStarted", id: "nope" }, AT)).toBe(state);
    expect(outboxReducer(state, { type: "attempted", id: "a" }, AT)).toBe(state);
  });

  it.each(STATES)("discards from %s only where the table allows it", (status) => {
    const state = holding(entry("a", { state: status }));
    const next = outboxReducer(state, { type: "discarded", id: "a" }, AT);
    if (OUTBOX_TRANSITIONS.discarded.includes(status)) expect(next).toEqual({ ...state, entries: {}, order: [] });
    else expect(next).toBe(state);
  });

  it("takes another pane's copy only when it is newer, and never over a confirmed one", () => {
    const state = holding(entry("a", { updatedAt: 2_000 }));
    expect(outboxReducer(state, { type: "paneUpdated", entry: entry("a", { updatedAt: 1_500, state: "sending" }) }, AT)).toBe(state);
    expect(outboxReducer(state, { type: "paneUpdated", entry: entry("a", { updatedAt: 2_500, state: "sending" }) }, AT).entries.a?.state).toBe("sending");
    expect(outboxReducer(holding(), { type: "paneUpdated", entry: entry("z") }, AT).order).toEqual(["z"]);
    const confirmed = holding(entry("a", { state: "confirmed" }));
    expect(outboxReducer(confirmed, { type: "paneUpdated", entry: entry("a", { updatedAt: 9_000, state: "failed" }) }, AT)).toBe(confirmed);
  });

  it("drops an entry another pane removed, whatever its status", () => {
    expect(outboxReducer(holding(entry("a", { state: "sending" })), { type: "paneRemoved", id: "a" }, AT).order).toEqual([]);
  });

  it("restores saved entries behind the ones another pane sent meanwhile, and is ready afterwards", () => {
    const state = { ...holding(entry("a", { state: "sending" })), ready: false };
    const next = outboxReducer(state, { type: "restored", entries: [entry("a", { state: "queued" }), entry("b", { createdAt: 500 })], isPaused: false }, AT);
    expect(next.ready).toBe(true);
    expect(next.order).toEqual(["b", "a"]);
    expect(next.entries.a?.state).toBe("sending");
  });

  it("restores queued entries paused while this page is offline, and a send the closed page left open as uncertain", () => {
    const saved = [entry("a"), entry("b", { state: "sending", updatedAt: 1_500 })];
    const offline = outboxReducer({ entries: {}, order: [], ready: false }, { type: "restored", entries: saved, isPaused: true }, AT);
    expect(offline.entries.a).toMatchObject({ state: "queued", isPaused: true, updatedAt: 1_000 });
    expect(offline.entries.b).toMatchObject({ state: "unconfirmed", failureCode: "page-closed", updatedAt: 1_501 });
    const online = outboxReducer({ entries: {}, order: [], ready: false }, { type: "restored", entries: [entry("a", { isPaused: true })], isPaused: false }, AT);
    expect(online.entries.a).toMatchObject({ state: "queued", isPaused: false });
  });

  it("records a storage failure as a kind and an operation, no words", () => {
    const state = outboxReducer(holding(), { type: "storageFailed", operation: "save" }, AT);
    expect(state.storageError).toEqual({ kind: "storage-failed", operation: "save" });
    expect(outboxReducer(state, { type: "storageFailed", operation: "save" }, AT)).toBe(state);
    expect(outboxReducer(state, { type: "storageFailed", operation: "load" }, AT).storageError).toEqual({ kind: "storage-failed", operation: "load" });
  });
});

describe("The offered actions follow the transition table", () => {
  it.each(STATES)("from %s", (status) => {
    const e = entry("a", { state: status });
    expect(canRetry(e)).toBe(OUTBOX_TRANSITIONS.requeued.includes(status));
    expect(canDiscard(e)).toBe(OUTBOX_TRANSITIONS.discarded.includes(status));
    expect(canEdit(e)).toBe(OUTBOX_TRANSITIONS.edited.includes(status));
  });

  it("with their guards: no Retry of a refusal for good, no Edit once sent", () => {
    expect(canRetry(entry("a", { state: "failed", refusedForGood: true }))).toBe(false);
    expect(canDiscard(entry("a", { state: "failed", refusedForGood: true }))).toBe(true);
    expect(canEdit(entry("a", { attempts: 1 }))).toBe(false);
  });
});
