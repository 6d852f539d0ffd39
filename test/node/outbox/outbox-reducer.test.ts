// The outbox's rules, one row each: from a status, an event gives a status and fields; an event from any
// status its rule does not name leaves the entry exactly as it was (the same object).
import { describe, expect, it } from "vitest";
import { OUTBOX_TRANSITIONS, outboxEntryReducer, type OutboxEntryEvent } from "../../../src/store/outbox";
import type { DeliveryState, OutboxEntry } from "../../../src/store/outbox";

const AT = 5_000;
const STATES: DeliveryState[] = ["queued", "sending", "failed", "unconfirmed", "confirmed"];

function entry(state: DeliveryState, more: Partial<OutboxEntry> = {}): OutboxEntry {
  return { id: "e1", sessionKey: "main", itemId: "item-1", message: "Staging", state, createdAt: 1_000, updatedAt: 1_000, failureCount: 0, isPaused: false, ...more };
}

interface Row {
  rule: string;
  from: OutboxEntry;
  event: OutboxEntryEvent;
  expect: Partial<OutboxEntry> & { absent?: (keyof OutboxEntry)[] };
}

const ROWS: Row[] = [
  { rule: "the drain starts a queued entry and clears an old failure", from: entry("queued", { isPaused: true, failureCode: "timeout" }), event: { type: "sendStarted" }, expect: { state: "sending", isPaused: false, absent: ["failureCode"] } },
  { rule: "each chat.send counts an attempt", from: entry("sending", { attempts: 1 }), event: { type: "attempted" }, expect: { attempts: 2 } },
  { rule: "history holding the message confirms it, from sending", from: entry("sending"), event: { type: "confirmed" }, expect: { state: "confirmed", confirmedAt: AT } },
  { rule: "…and from an uncertain delivery", from: entry("unconfirmed", { failureCode: "disconnected" }), event: { type: "confirmed" }, expect: { state: "confirmed", absent: ["failureCode"] } },
  { rule: "…and from a failed one", from: entry("failed", { failureReason: "busy" }), event: { type: "confirmed" }, expect: { state: "confirmed", absent: ["failureReason"] } },
  { rule: "a cut-off send is uncertain with the dock's own finding", from: entry("sending"), event: { type: "uncertain", cause: { failureCode: "disconnected" } }, expect: { state: "unconfirmed", failureCode: "disconnected", failureCount: 0 } },
  { rule: "…or with the gateway's words, never both", from: entry("sending", { failureCode: "timeout" }), event: { type: "uncertain", cause: { failureReason: "not durably admitted" } }, expect: { state: "unconfirmed", failureReason: "not durably admitted", absent: ["failureCode"] } },
  { rule: "a refusal fails it and counts the failure", from: entry("sending", { failureCount: 1 }), event: { type: "refused", reason: "busy", forGood: false }, expect: { state: "failed", failureReason: "busy", failureCount: 2, absent: ["refusedForGood"] } },
  { rule: "a refusal of the message itself is for good", from: entry("sending"), event: { type: "refused", reason: "invalid message", forGood: true }, expect: { state: "failed", refusedForGood: true, failureCount: 1 } },
  { rule: "a restart's unadmittable key gets a successor; the old one is kept as proof", from: entry("sending", { idempotencyKey: "k2", retiredKeys: ["e1"] }), event: { type: "rekeyed", key: "k3" }, expect: { idempotencyKey: "k3", retiredKeys: ["e1", "k2"] } },
  { rule: "Retry requeues a failed entry under its key", from: entry("failed", { failureReason: "busy", failureCount: 1 }), event: { type: "requeued", isPaused: true }, expect: { state: "queued", isPaused: true, failureCount: 1, absent: ["failureReason"] } },
  { rule: "…and an uncertain one", from: entry("unconfirmed", { failureCode: "timeout" }), event: { type: "requeued", isPaused: false }, expect: { state: "queued", absent: ["failureCode"] } },
  { rule: "Edit changes the text of a queued entry never sent", from: entry("queued"), event: { type: "edited", message: "Production" }, expect: { message: "Production" } },
  { rule: "going offline pauses a queued entry without a new updatedAt", from: entry("queued"), event: { type: "pauseChanged", isPaused: true }, expect: { isPaused: true, updatedAt: 1_000 } },
  { rule: "a saved text is cleaned of what the gateway refuses, queued as it was", from: entry("queued", { message: "> Pick\u0000\n\nmain" }), event: { type: "cleaned", message: "> Pick\n\nmain" }, expect: { state: "queued", message: "> Pick\n\nmain" } },
  { rule: "…and a refusal for good of the old text is lifted: it goes back in the queue", from: entry("failed", { refusedForGood: true, failureReason: "message must not contain null bytes", failureCount: 1 }), event: { type: "cleaned", message: "main" }, expect: { state: "queued", message: "main", failureCount: 1, absent: ["refusedForGood", "failureReason"] } },
  { rule: "…while an uncertain one stays uncertain, with Retry", from: entry("unconfirmed", { failureCode: "page-closed" }), event: { type: "cleaned", message: "main" }, expect: { state: "unconfirmed", failureCode: "page-closed", message: "main" } },
  { rule: "a page closed mid-send leaves it uncertain, only just newer", from: entry("sending", { failureReason: "old" }), event: { type: "pageClosed" }, expect: { state: "unconfirmed", failureCode: "page-closed", updatedAt: 1_001, absent: ["failureReason"] } },
];

describe("outboxEntryReducer", () => {
  it.each(ROWS)("$rule", ({ from, event, expect: wanted }) => {
    const { absent = [], ...fields } = wanted;
    const next = outboxEntryReducer(from, event, AT);
    expect(next).not.toBe(from);
    expect(next).toMatchObject(fields);
    for (const key of absent) expect(next).not.toHaveProperty(key);
    if (event.type !== "pauseChanged" && event.type !== "pageClosed") expect(next.updatedAt).toBe(AT);
    // The input is never changed in place: views compare entries by identity.
    expect(from.updatedAt).toBe(1_000);
  });

  it("gives every change a strictly later updatedAt, even when the clock is behind", () => {
    expect(outboxEntryReducer(entry("queued", { updatedAt: 9_000 }), { type: "sendStarted" }, AT).updatedAt).toBe(9_001);
  });

  const refusedRows = [
    { what: "Retry of an answer refused for good", from: entry("failed", { refusedForGood: true }), event: { type: "requeued", isPaused: false } as OutboxEntryEvent },
    { what: "Edit of an answer already sent once", from: entry("queued", { attempts: 1 }), event: { type: "edited", message: "Production" } as OutboxEntryEvent },
    { what: "a cleaning that changes nothing", from: entry("failed", { refusedForGood: true }), event: { type: "cleaned", message: "Staging" } as OutboxEntryEvent },
    { what: "a pause that changes nothing", from: entry("queued", { isPaused: true }), event: { type: "pauseChanged", isPaused: true } as OutboxEntryEvent },
  ];
  it.each(refusedRows)("leaves the entry as it was: $what", ({ from, event }) => {
    expect(outboxEntryReducer(from, event, AT)).toBe(from);
  });

  const types = (Object.keys(OUTBOX_TRANSITIONS) as (keyof typeof OUTBOX_TRANSITIONS)[]).filter((t): t is OutboxEntryEvent["type"] => t !== "discarded");
  const sweep = types.flatMap((type) =>
    STATES.filter((state) => !OUTBOX_TRANSITIONS[type].includes(state)).map((state) => ({ type, state })),
  );
  const sample: Record<OutboxEntryEvent["type"], OutboxEntryEvent> = {
    sendStarted: { type: "sendStarted" },
    attempted: { type: "attempted" },
    confirmed: { type: "confirmed" },
    uncertain: { type: "uncertain", cause: { failureCode: "timeout" } },
    refused: { type: "refused", reason: "busy", forGood: false },
    rekeyed: { type: "rekeyed", key: "k9" },
    requeued: { type: "requeued", isPaused: false },
    edited: { type: "edited", message: "Production" },
    pauseChanged: { type: "pauseChanged", isPaused: true },
    pageClosed: { type: "pageClosed" },
    cleaned: { type: "cleaned", message: "Production" },
  };
  it("has rules that leave some status out for every event but confirmation, and confirmed is final", () => {
    expect(sweep.length).toBeGreaterThan(30);
    expect(sweep.filter((s) => s.state === "confirmed").map((s) => s.type).sort()).toEqual([...types].sort());
  });
  it.each(sweep)("ignores $type from $state", ({ type, state }) => {
    const from = entry(state);
    expect(outboxEntryReducer(from, sample[type], AT)).toBe(from);
  });
});
