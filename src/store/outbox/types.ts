import type { BlockingDraft } from "../persist/blocking-draft-types";

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

/** Causes of an uncertain delivery the dock finds itself: a cut-off send, a silent gateway, a history it could not read or that lacks the answer, a closed page. */
export type DeliveryFailureCode = "disconnected" | "timeout" | "history-unchecked" | "not-in-history" | "page-closed";

/** A storage failure the outbox met: answers are then kept in this page's memory only. The views put it into words. */
export interface StorageFailure {
  kind: "storage-failed";
  /** Saving an answer or draft, or reading the answers an earlier page saved. */
  operation: "save" | "load";
}

/** One answer waiting in, or delivered through, the outbox. Modelled on a mutation: one entry, one key, many attempts. */
export interface OutboxEntry {
  /** Stable id of the entry; also the chat.send idempotencyKey, made once and reused on every retry. */
  id: string;
  sessionKey: string;
  /** The async question this answers (its delivery itemId). */
  itemId: string;
  /** The assistant message that carried the question; sent as replyToId. */
  replyToId?: string;
  /** The exact text sent (it may have been edited while queued). */
  message: string;
  state: DeliveryState;
  createdAt: number;
  updatedAt: number;
  failureCount: number;
  /** The gateway's own words for the last failure (untrusted text), when it gave any. */
  failureReason?: string;
  /** Why delivery is uncertain, when the dock concluded it itself; the views put it into words. */
  failureCode?: DeliveryFailureCode;
  /** The gateway refused the message itself (its text, or this connection's rights): Retry is not offered, Discard reopens the draft. */
  refusedForGood?: boolean;
  /** True while offline: the entry waits for a reconnect rather than failing. */
  isPaused: boolean;
  /** The draft the answer was made from, kept so Discard can reopen it. */
  draft?: AsyncDraft;
  /** The key chat.send uses now; absent means `id`. Differs only after the gateway refused the first key for good (see `retiredKeys`). */
  idempotencyKey?: string;
  /** Earlier keys of this entry; a history message under any of them still confirms it. */
  retiredKeys?: string[];
  /** How many times chat.send was called for this entry; once sent, the text can no longer be edited. */
  attempts?: number;
  /** When the saved history was first seen holding the message (epoch ms). */
  confirmedAt?: number;
}

/** A persisted per-question draft of an async prompt: chosen labels and Other text per question index. */
export interface AsyncDraft {
  itemId: string;
  sessionKey: string;
  /** `positions`: which options the labels are, when the agent repeated a label (see `QuestionDraft`). */
  answers: Array<{ selected: string[]; other: string; positions?: number[] }>;
  /** True once the person changed anything: a reload restores it as typed, not as a fresh draft (it no longer keeps its question from retiring). */
  edited: boolean;
  /** Skipped: out of the dock, nothing sent. Reopened: brought back from history by "Answer". */
  disposition?: "skipped" | "reopened";
  updatedAt: number;
  /** Holds a secret answer: storage refuses to write it (and any outbox entry carrying it). */
  secret?: boolean;
}

/** Storage for drafts and outbox entries; IndexedDB in browsers, memory in tests. Secrets are never passed in. */
export interface DockStorage {
  loadOutbox(sessionKey: string): Promise<OutboxEntry[]>;
  saveOutboxEntry(entry: OutboxEntry): Promise<void>;
  deleteOutboxEntry(sessionKey: string, id: string): Promise<void>;
  loadDrafts(sessionKey: string): Promise<AsyncDraft[]>;
  saveDraft(draft: AsyncDraft): Promise<void>;
  deleteDraft(sessionKey: string, itemId: string): Promise<void>;
}

/** Messages that keep every open pane of one conversation in step, on this page and in other tabs. */
export type PaneMessage =
  | { type: "outbox-changed"; sessionKey: string; entry: OutboxEntry }
  | { type: "outbox-removed"; sessionKey: string; id: string }
  | { type: "draft-changed"; sessionKey: string; draft: AsyncDraft }
  /** Discard: the answer left the outbox and its draft must reopen in every pane. */
  | { type: "reopen-draft"; sessionKey: string; itemId: string; draft: AsyncDraft }
  /** A blocking request's draft changed in another pane; no draft means the request settled there. */
  | { type: "blocking-draft"; sessionKey: string; requestId: string; draft?: BlockingDraft };

/** A publish/subscribe channel between panes; the sender does not hear its own messages. */
export interface PaneBus {
  post(message: PaneMessage): void;
  subscribe(listener: (message: PaneMessage) => void): () => void;
  close(): void;
}

/** The saved conversation as the outbox needs it; the conversation module provides it (history sync). */
export interface OutboxHistory {
  /** True when the agent has no run going in this session, so a new message will not queue behind one. */
  isIdle(): boolean;
  /** True when the loaded history holds the user message sent with this chat.send key (without the gateway's ":user" suffix). */
  hasUserMessage(idempotencyKey: string): boolean;
  /** Called whenever the loaded history or the idle state changes; returns the unsubscribe. */
  subscribe(listener: () => void): () => void;
  /** Reads the history again from the gateway; rejects when it could not be read, so a stale view is never taken as proof. */
  reload(): Promise<void>;
}
