// Every change to the outbox, as one pure function of its state and a named event, in the manner of a mutation
// queue's reducer. The delivery loop, Retry, Discard, Edit, the connection, other panes, storage and a reload only
// turn what happened into events; which changes are allowed from which status is decided here.
import { compact } from "../../protocol/reader";
import { sendableText } from "../../protocol/sendable-text";
import { entryForItem, isNewer, sendKeyOf } from "./outbox-rules";
import type { DeliveryFailureCode, OutboxData, OutboxEntry, StorageFailure } from "./entry";

/** What can happen to one outbox entry, by name. */
export type OutboxEntryEvent =
  | { type: "sendStarted" }
  /** One chat.send call is about to go out; once sent, the text can no longer change. */
  | { type: "attempted" }
  | { type: "confirmed" }
  /** The dock's own finding (a code) or the gateway's words, never both, so the summary shows one cause. */
  | { type: "uncertain"; cause: { failureCode: DeliveryFailureCode } | { failureReason: string } }
  /** `forGood`: the same message would be refused again, so Retry is not offered. */
  | { type: "refused"; reason: string; forGood: boolean }
  /** After a restart the old key can never be admitted: send under `key`, and keep the old one as proof. */
  | { type: "rekeyed"; key: string }
  | { type: "requeued"; isPaused: boolean }
  | { type: "edited"; message: string }
  /** This pane went on- or offline; its own business, so the entry keeps its updatedAt. */
  | { type: "pauseChanged"; isPaused: boolean }
  /** A page closed while this entry was sending: it may have arrived. */
  | { type: "pageClosed" }
  /** A saved text held characters the gateway refuses or strips; `message` is it without them. */
  | { type: "cleaned"; message: string };

/** What can happen to an outbox, by name: an entry's own event (with its id), or a change to the set of entries. */
export type OutboxEvent =
  | (OutboxEntryEvent & { id: string })
  /** Ignored when its question already has an answer (one answer per question). */
  | { type: "enqueued"; entry: OutboxEntry }
  | { type: "discarded"; id: string }
  /** Another pane's copy of an entry; taken when this pane has none or an older one. */
  | { type: "paneUpdated"; entry: OutboxEntry }
  | { type: "paneRemoved"; id: string }
  /** The entries an earlier page saved; the outbox is ready from then on. `isPaused`: this page is offline. */
  | { type: "restored"; entries: readonly OutboxEntry[]; isPaused: boolean }
  | { type: "storageFailed"; operation: StorageFailure["operation"] };

/** The statuses each entry event (and Discard) applies in; from any other the entry stays as it was. */
export const OUTBOX_TRANSITIONS: Readonly<Record<OutboxEntryEvent["type"] | "discarded", readonly OutboxEntry["state"][]>> = {
  sendStarted: ["queued"],
  attempted: ["sending"],
  confirmed: ["queued", "sending", "failed", "unconfirmed"],
  uncertain: ["sending"],
  refused: ["sending"],
  rekeyed: ["sending"],
  requeued: ["failed", "unconfirmed"],
  edited: ["queued"],
  pauseChanged: ["queued"],
  pageClosed: ["sending"],
  cleaned: ["queued", "failed", "unconfirmed"],
  discarded: ["queued", "failed", "unconfirmed"],
};

/** The names of the outbox's events: every entry event has a row in the transition table. */
export const OUTBOX_EVENTS: ReadonlySet<string> = /* @__PURE__ */ new Set(/* @__PURE__ */ Object.keys(OUTBOX_TRANSITIONS).concat("enqueued", "paneUpdated", "paneRemoved", "restored", "storageFailed"));

// Conditions besides the status: a refusal for good would only repeat, and the gateway refuses a known key with other text.
const GUARDS: Partial<Record<keyof typeof OUTBOX_TRANSITIONS, (entry: OutboxEntry) => boolean>> = {
  requeued: (entry) => !(entry.state === "failed" && entry.refusedForGood === true),
  edited: (entry) => (entry.attempts ?? 0) === 0,
};

function allows(entry: OutboxEntry, type: keyof typeof OUTBOX_TRANSITIONS): boolean {
  return OUTBOX_TRANSITIONS[type].includes(entry.state) && (GUARDS[type]?.(entry) ?? true);
}

/** Retry answer is offered: the send failed, or its delivery is uncertain; never for a refusal that would only repeat. */
export const canRetry = (entry: OutboxEntry): boolean => allows(entry, "requeued");

/** Discard is offered: nothing is on its way to the gateway right now. */
export const canDiscard = (entry: OutboxEntry): boolean => allows(entry, "discarded");

/** The text may still change: it is queued and was never sent (the gateway refuses a known key with other text). */
export const canEdit = (entry: OutboxEntry): boolean => allows(entry, "edited");

function withoutFailure(entry: OutboxEntry): OutboxEntry {
  const { failureReason: _reason, failureCode: _code, ...rest } = entry;
  return rest;
}

type Change<T extends OutboxEntryEvent["type"]> = (entry: OutboxEntry, event: Extract<OutboxEntryEvent, { type: T }>, at: number) => OutboxEntry;

// What each event makes of an entry whose status it applies in.
const CHANGES: { [T in OutboxEntryEvent["type"]]: Change<T> } = {
  sendStarted: (entry) => ({ ...withoutFailure(entry), state: "sending", isPaused: false }),
  attempted: (entry) => ({ ...entry, attempts: (entry.attempts ?? 0) + 1 }),
  confirmed: (entry, _event, at) => ({ ...withoutFailure(entry), state: "confirmed", isPaused: false, confirmedAt: at }),
  uncertain: (entry, event) => ({ ...withoutFailure(entry), state: "unconfirmed", ...event.cause }),
  refused: (entry, { reason, forGood }) =>
    ({ ...withoutFailure(entry), state: "failed", failureReason: reason, failureCount: entry.failureCount + 1, ...(forGood ? { refusedForGood: true } : {}) }),
  rekeyed: (entry, event) => ({ ...entry, idempotencyKey: event.key, retiredKeys: [...(entry.retiredKeys ?? []), sendKeyOf(entry)] }),
  requeued: (entry, event) => ({ ...withoutFailure(entry), state: "queued", isPaused: event.isPaused }),
  edited: (entry, event) => ({ ...entry, message: event.message }),
  pauseChanged: (entry, event) => (entry.isPaused === event.isPaused ? entry : { ...entry, isPaused: event.isPaused }),
  pageClosed: (entry) => ({ ...withoutFailure(entry), state: "unconfirmed", isPaused: false, failureCode: "page-closed" }),
  cleaned: (entry, event) => {
    if (event.message === entry.message) return entry;
    // The gateway refuses a text with a NUL before it takes the key, so the same key may carry the clean text;
    // a refusal of the old text says nothing about the new one, so it goes back in the queue.
    if (entry.state !== "failed") return { ...entry, message: event.message };
    const { refusedForGood: _refused, ...rest } = withoutFailure(entry);
    return { ...rest, message: event.message, state: "queued" };
  },
};

/**
 * The entry after `event` at time `at`; the same object when the event does not apply. A change gets an
 * updatedAt strictly later than the last, so other panes can always tell which copy is newer; a pane's own
 * pause does not count as a change, and a reload's verdict is only just newer than what the closed page saved.
 */
export function outboxEntryReducer(entry: OutboxEntry, event: OutboxEntryEvent, at: number): OutboxEntry {
  if (!allows(entry, event.type)) return entry;
  const changed = (CHANGES[event.type] as Change<OutboxEntryEvent["type"]>)(entry, event, at);
  if (changed === entry || event.type === "pauseChanged") return changed;
  return { ...changed, updatedAt: event.type === "pageClosed" ? entry.updatedAt + 1 : Math.max(at, entry.updatedAt + 1) };
}

// Stored and broadcast copies drop undefined fields, so the state holds the same shape. A new entry goes after every
// entry made at the same time or earlier, so answers given in one millisecond keep their order.
function withEntry(state: OutboxData, entry: OutboxEntry): OutboxData {
  const clean = compact(entry);
  const entries = { ...state.entries, [clean.id]: clean };
  if (state.order.includes(clean.id)) return { ...state, entries };
  const at = state.order.findIndex((id) => (state.entries[id]?.createdAt ?? 0) > clean.createdAt);
  return { ...state, entries, order: at < 0 ? [...state.order, clean.id] : [...state.order.slice(0, at), clean.id, ...state.order.slice(at)] };
}

function withoutEntry(state: OutboxData, id: string): OutboxData {
  if (!state.entries[id]) return state;
  const { [id]: _gone, ...entries } = state.entries;
  return { ...state, entries, order: state.order.filter((x) => x !== id) };
}

/**
 * What an entry became when the page that held it left: a send cut short by a reload is uncertain, not lost and not
 * sent; and a text saved by an earlier version, with characters the gateway refuses for good, is cleaned.
 */
function afterReload(entry: OutboxEntry, isPaused: boolean, at: number): OutboxEntry {
  const closed = outboxEntryReducer(entry, { type: "pageClosed" }, at);
  const cleaned = outboxEntryReducer(closed, { type: "cleaned", message: sendableText(closed.message).text }, at);
  return outboxEntryReducer(cleaned, { type: "pauseChanged", isPaused }, at);
}

/** The outbox after `event` at time `at`; the same object when nothing changed, so the store writes only real changes. */
export function outboxReducer(state: OutboxData, event: OutboxEvent, at: number): OutboxData {
  switch (event.type) {
    case "enqueued":
      return state.entries[event.entry.id] || entryForItem(state, event.entry.itemId) ? state : withEntry(state, event.entry);
    case "discarded": {
      const entry = state.entries[event.id];
      return entry && allows(entry, "discarded") ? withoutEntry(state, event.id) : state;
    }
    case "paneUpdated": {
      const local = state.entries[event.entry.id];
      return local && !isNewer(event.entry, local) ? state : withEntry(state, event.entry);
    }
    case "paneRemoved":
      return withoutEntry(state, event.id);
    case "restored": {
      // A copy that already came from another pane is newer than what was saved.
      const fresh = event.entries.filter((entry) => !state.entries[entry.id]);
      return fresh.reduce<OutboxData>((s, entry) => withEntry(s, afterReload(entry, event.isPaused, at)), { ...state, ready: true });
    }
    case "storageFailed":
      if (state.storageError?.operation === event.operation) return state;
      return { ...state, storageError: { kind: "storage-failed", operation: event.operation } };
    default: {
      const { id, ...change } = event;
      const entry = state.entries[id];
      if (!entry) return state;
      const changed = outboxEntryReducer(entry, change as OutboxEntryEvent, at);
      return changed === entry ? state : withEntry(state, changed);
    }
  }
}
