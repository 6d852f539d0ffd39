// The records a page keeps and shares with its other panes: the saved form of a draft, outbox entries and the pane
// messages that carry them. Types only, so the state, the outbox and the bus can all name them.

/** One question's saved answer: chosen labels (with their positions where a label repeats) and typed text. */
export interface SavedAnswer {
  questionId: string;
  selected: string[];
  other: string;
  positions?: number[];
}

/** A request's draft as kept between page loads and shared between tabs. */
export interface SavedDraft {
  requestId: string;
  step: number;
  answers: SavedAnswer[];
  /** The person changed something: a reload restores it as typed. */
  edited: boolean;
  /** The person skipped the (async) question: it stays out of the dock until reopened. */
  disposition?: "skipped";
  /** When the request expires; a draft read after it is dropped. */
  expiresAtMs?: number;
  updatedAt: number;
}

/** Where an outbox answer stands, as the question summary shows it. */
export type DeliveryState =
  /** Waiting for the agent's run to go idle, or for a reconnect. */
  | "queued"
  | "sending"
  /** The gateway refused it or the send failed; Retry re-sends the same entry. */
  | "failed"
  /** The connection dropped mid-send and the history does not show it yet; Retry re-sends the same entry. */
  | "unconfirmed"
  /** The saved conversation history holds the message. */
  | "confirmed";

/** Why a delivery is uncertain, as the dock finds it itself rather than in the gateway's words. */
export type DeliveryFailureCode = "disconnected" | "timeout" | "history-unchecked" | "not-in-history" | "page-closed";

/** A storage failure the outbox met: answers are then kept in this page's memory only. */
export interface StorageFailure {
  kind: "storage-failed";
  operation: "save" | "load";
}

/** One answer waiting in, or delivered through, the outbox. Modelled on a mutation: one entry, one key, many attempts. */
export interface OutboxEntry {
  /** Also the first chat.send idempotencyKey, reused on every retry. */
  id: string;
  sessionKey: string;
  /** The async question this answers (its delivery itemId). */
  itemId: string;
  /** The assistant message that carried the question; sent as replyToId. */
  replyToId?: string;
  message: string;
  state: DeliveryState;
  createdAt: number;
  updatedAt: number;
  failureCount: number;
  /** The gateway's own words for the last failure: untrusted text. */
  failureReason?: string;
  failureCode?: DeliveryFailureCode;
  /** The gateway refused the message itself (its text, or this connection's rights): Retry is not offered, Discard reopens the draft. */
  refusedForGood?: boolean;
  /** Offline: the entry waits for a reconnect rather than failing. */
  isPaused: boolean;
  /** The draft the answer was made from, kept so Discard can reopen it. */
  draft?: SavedDraft;
  /** The key chat.send uses now; absent means `id`. Differs only after the gateway refused the first key for good (see `retiredKeys`). */
  idempotencyKey?: string;
  /** Earlier keys of this entry; a history message under any of them still confirms it. */
  retiredKeys?: string[];
  /** chat.send calls made; once sent, the text can no longer be edited. */
  attempts?: number;
  confirmedAt?: number;
}

/** Messages that keep every open tab of one conversation in step: a kept record changed (no value: removed), or Discard reopened a draft. */
export interface PaneMessage {
  /** Whose conversation it is (keep/scope.ts); a tab of another scope ignores it. */
  scope: string;
  table: "draft" | "outbox" | "reopen";
  /** The record's id: a request id for drafts and reopens, an entry id for the outbox. */
  id: string;
  /** Untrusted: read with the record's own guard. */
  value?: unknown;
}

/** A publish/subscribe channel between panes; the sender does not hear its own messages. A host's own may carry untrusted ones: the store checks each. */
export interface PaneBus {
  /** A message that cannot be cloned may stay on this page. */
  post(message: PaneMessage): void;
  /** Returns the unsubscribe. */
  subscribe(listener: (message: PaneMessage) => void): () => void;
  /** A bus the store made itself is closed with the store. */
  close(): void;
}

/** The outbox's state: entries by id, in send order. */
export interface OutboxData {
  entries: Record<string, OutboxEntry>;
  order: string[];
  ready: boolean;
  storageError?: StorageFailure;
}
