// Every change to an outbox entry, as one pure function of the entry and a named event, in the manner of a
// mutation's reducer: a status (queued, sending, failed, unconfirmed, confirmed) with failureCount,
// failureReason and isPaused beside it. The delivery loop, Retry, Edit, the connection and a reload only
// turn what happened into events; which changes are allowed from which status is decided here.
import { sendKeyOf } from "./outbox-rules";
import type { AsyncDraft, DeliveryFailureCode, OutboxEntry } from "./types";

/** What can happen to one outbox entry, by name. */
export type OutboxEvent =
  /** The delivery loop picked a queued entry. */
  | { type: "sendStarted" }
  /** One chat.send call is about to go out under the entry's key. */
  | { type: "attempted" }
  /** The saved history holds the message: final. */
  | { type: "confirmed" }
  /** It may or may not have arrived: the dock's own finding (a code) or the gateway's words, never both. */
  | { type: "uncertain"; cause: { failureCode: DeliveryFailureCode } | { failureReason: string } }
  /** The gateway did not take it. `forGood`: the same message would be refused again, so Retry is not offered. */
  | { type: "refused"; reason: string; forGood: boolean }
  /** After a restart the old key can never be admitted: send under `key`, and keep the old one as proof. */
  | { type: "rekeyed"; key: string }
  /** Retry: back in the queue under the same key. */
  | { type: "requeued"; isPaused: boolean }
  /** The text changed before it was ever sent. */
  | { type: "edited"; message: string; draft?: AsyncDraft }
  /** This pane went on- or offline; its own business, so the entry keeps its updatedAt. */
  | { type: "pauseChanged"; isPaused: boolean }
  /** A page closed while this entry was sending: it may have arrived. */
  | { type: "pageClosed" }
  /** A saved text held characters the gateway refuses or strips; `message` is it without them. */
  | { type: "cleaned"; message: string };

/** The statuses each event applies in; from any other the entry stays as it was. */
export const OUTBOX_TRANSITIONS: Readonly<Record<OutboxEvent["type"], readonly OutboxEntry["state"][]>> = {
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
};

function withoutFailure(entry: OutboxEntry): OutboxEntry {
  const { failureReason: _reason, failureCode: _code, ...rest } = entry;
  return rest;
}

function next(entry: OutboxEntry, event: OutboxEvent, at: number): OutboxEntry {
  switch (event.type) {
    case "sendStarted":
      return { ...withoutFailure(entry), state: "sending", isPaused: false };
    case "attempted":
      return { ...entry, attempts: (entry.attempts ?? 0) + 1 };
    case "confirmed":
      return { ...withoutFailure(entry), state: "confirmed", isPaused: false, confirmedAt: at };
    case "uncertain":
      return { ...withoutFailure(entry), state: "unconfirmed", ...event.cause };
    case "refused":
      return { ...withoutFailure(entry), state: "failed", failureReason: event.reason, failureCount: entry.failureCount + 1, ...(event.forGood ? { refusedForGood: true } : {}) };
    case "rekeyed":
      return { ...entry, idempotencyKey: event.key, retiredKeys: [...(entry.retiredKeys ?? []), sendKeyOf(entry)] };
    case "requeued":
      return entry.state === "failed" && entry.refusedForGood ? entry : { ...withoutFailure(entry), state: "queued", isPaused: event.isPaused };
    case "edited":
      return (entry.attempts ?? 0) > 0 ? entry : { ...entry, message: event.message, ...(event.draft ? { draft: event.draft } : {}) };
    case "pauseChanged":
      return entry.isPaused === event.isPaused ? entry : { ...entry, isPaused: event.isPaused };
    case "pageClosed":
      return { ...withoutFailure(entry), state: "unconfirmed", isPaused: false, failureCode: "page-closed" };
    case "cleaned": {
      if (event.message === entry.message) return entry;
      // The gateway refuses a text with a NUL before it takes the key, so the same key may carry the clean text;
      // a refusal of the old text says nothing about the new one, so it goes back in the queue.
      if (entry.state !== "failed") return { ...entry, message: event.message };
      const { refusedForGood: _refused, ...rest } = withoutFailure(entry);
      return { ...rest, message: event.message, state: "queued" };
    }
  }
}

/**
 * The entry after `event` at time `at`; the same object when the event does not apply. A change gets an
 * updatedAt strictly later than the last, so other panes can always tell which copy is newer; a pane's own
 * pause does not count as a change, and a reload's verdict is only just newer than what the closed page saved.
 */
export function outboxReducer(entry: OutboxEntry, event: OutboxEvent, at: number): OutboxEntry {
  if (!OUTBOX_TRANSITIONS[event.type].includes(entry.state)) return entry;
  const changed = next(entry, event, at);
  if (changed === entry || event.type === "pauseChanged") return changed;
  return { ...changed, updatedAt: event.type === "pageClosed" ? entry.updatedAt + 1 : Math.max(at, entry.updatedAt + 1) };
}
