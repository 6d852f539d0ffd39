import type { StoreApi } from "zustand/vanilla";
import type { Clock } from "../../gateway/clock";
import type { GatewayConnection } from "../../gateway/types";
import type { Timers } from "../../gateway/clock";
import { SecretNotStoredError } from "./persistence";
import { outboxReducer, type OutboxEntryEvent, type OutboxEvent } from "./outbox-reducer";
import { isMemoryOnly } from "./outbox-rules";
import type { AsyncDraft, DockStorage, OutboxEntry, OutboxHistory, PaneBus, StorageFailure } from "./types";

/** Options of `createOutbox`. */
export interface OutboxOptions {
  /** The gateway client (or anything with the same surface). */
  client: GatewayConnection;
  /** The conversation the answers go to. */
  sessionKey: string;
  /** The saved conversation: tells when the run is idle and whether a message arrived. */
  history: OutboxHistory;
  /** Where entries survive a reload. */
  storage: DockStorage;
  /** Keeps the other panes (other docks, other tabs) in step. */
  bus: PaneBus;
  /** Time and timers (send deadlines, confirmation waits). @default systemClock */
  clock?: Clock;
  /** Makes entry ids, which are also the chat.send idempotency keys. @default crypto.randomUUID */
  newId?: () => string;
  /** Deadline of one chat.send; past it the delivery is uncertain. @default 30000 */
  sendTimeoutMs?: number;
  /** Waits before each history check after the gateway took a message; then it counts as unconfirmed. @default [0, 250, 500, 1000, 2000, 4000] */
  confirmDelaysMs?: readonly number[];
  /** Told about every storage failure; sending goes on in memory regardless. */
  onStorageError?: (error: unknown) => void;
}

/** What an outbox holds. */
export interface OutboxState {
  /** Entries by id. */
  entries: Record<string, OutboxEntry>;
  /** Entry ids, oldest first: the order in which they are sent. */
  order: string[];
  /** True once the entries saved by an earlier page have been loaded. */
  ready: boolean;
  /** The last storage failure; the outbox still works, but only in memory. The views put it into words. */
  storageError?: StorageFailure;
}

/** What `enqueue` takes. */
export interface EnqueueInput {
  /** The async question answered (its delivery itemId). */
  itemId: string;
  /** The transcript id of the assistant message that asked; sent as replyToId. */
  replyToId?: string;
  /** The answer text, as it will appear in the conversation. */
  message: string;
  /** The draft behind it, reopened if the answer is discarded. */
  draft: AsyncDraft;
}

/** What an outbox can do. */
export interface OutboxActions {
  /** Adds an answer (or returns the item's existing entry: one answer per question); it is sent when connected and the run is idle. */
  enqueue(input: EnqueueInput): OutboxEntry;
  /** Re-sends a failed or unconfirmed entry under its own key, after checking the history; false when not allowed. */
  retry(id: string): boolean;
  /** Removes a queued, failed or unconfirmed entry and reopens its draft in every pane; returns the draft, or undefined when not allowed. */
  discard(id: string): AsyncDraft | undefined;
  /** Changes the text (and optionally the draft) of a queued entry that was never sent; false when not allowed. */
  edit(id: string, message: string, draft?: AsyncDraft): boolean;
  /** Calls `listener` with every draft reopened by Discard, here or in another pane; returns the unsubscribe. */
  onReopenDraft(listener: (draft: AsyncDraft) => void): () => void;
  /** Calls `listener` after each event that changed the outbox, once the state is stored; returns the unsubscribe. */
  onEvent(listener: OutboxListener): () => void;
  /** Resolves once every storage write issued so far has settled. */
  whenSaved(): Promise<void>;
  /** Stops sending and listening; entries stay in storage for the next page. */
  dispose(): void;
}

/** Hears one applied outbox event, with the state it made and the state before it. */
export type OutboxListener = (event: OutboxEvent, next: OutboxState, prev: OutboxState) => void;

/** An outbox's state and actions, as its store holds them. */
export type Outbox = OutboxState & OutboxActions;

/** A vanilla zustand store of one session's outbox. */
export type OutboxStore = StoreApi<Outbox>;

/** The outbox's inner workings shared by its modules; not part of the public API. */
export interface OutboxCore {
  readonly o: Required<Omit<OutboxOptions, "onStorageError" | "clock">> & Pick<OutboxOptions, "onStorageError"> & { now: () => number; timers: Timers };
  readonly get: () => Outbox;
  /** Entries this outbox sends when they are queued: made here, loaded at start, or retried here. Others are only shown. */
  readonly owned: Set<string>;
  /** Entries whose chat.send (or the history check before it) is outstanding here. */
  readonly sendingNow: Set<string>;
  disposed: boolean;
  entry(id: string): OutboxEntry | undefined;
  connected(): boolean;
  /**
   * Applies an event through `outboxReducer`, the only writer of the outbox's state, then keeps storage and the
   * other panes in step with each entry it changed (unless `how` says not to); false when nothing changed.
   */
  apply(event: OutboxEvent, how?: Sync): boolean;
  /** Applies one entry's event; the entry as it is now, or undefined when the event did not apply. */
  dispatch(id: string, event: OutboxEntryEvent, how?: Sync): OutboxEntry | undefined;
  /** Tells the other panes about an entry, unless it may not leave this tab's memory. */
  share(entry: OutboxEntry): void;
  /** Runs a storage write after the earlier ones; a failure is reported, never thrown. */
  save(write: () => Promise<void>): void;
  saved(): Promise<void>;
  /** Listeners of `onEvent`. */
  readonly listeners: Set<OutboxListener>;
}

/** Whether a change is written to storage and told to the other panes; both unless set to false. */
export interface Sync {
  persist?: boolean;
  broadcast?: boolean;
}

/** Builds the shared inner workings over a store's get/set. */
export function createOutboxCore(o: OutboxCore["o"], get: () => Outbox, set: StoreApi<Outbox>["setState"]): OutboxCore {
  let chain: Promise<void> = Promise.resolve();

  // Storage and the bus follow one entry's change: a copy is written and shared, or taken back once it is gone or
  // may no longer leave memory (only an entry that was shared before has copies to take back).
  const follow = (id: string, before: OutboxEntry | undefined, after: OutboxEntry | undefined, how: Sync) => {
    const persist = how.persist !== false;
    const broadcast = how.broadcast !== false;
    if (after && !isMemoryOnly(after)) {
      if (persist) core.save(() => o.storage.saveOutboxEntry(after));
      if (broadcast) core.share(after);
      return;
    }
    if (after && (!before || isMemoryOnly(before))) return;
    if (persist) core.save(() => o.storage.deleteOutboxEntry(o.sessionKey, id));
    if (broadcast) o.bus.post({ type: "outbox-removed", sessionKey: o.sessionKey, id });
  };

  const core: OutboxCore = {
    o,
    get,
    owned: new Set(),
    sendingNow: new Set(),
    disposed: false,
    entry: (id) => get().entries[id],
    connected: () => o.client.getConnection().state === "connected",
    apply(event, how = {}) {
      const prev = get();
      const next = outboxReducer(prev, event, o.now());
      if (next === prev) return false;
      set(next, true);
      for (const id of touchedBy(event, prev, next)) {
        const after = next.entries[id];
        if (prev.entries[id] === after) continue;
        if (!after) core.owned.delete(id);
        follow(id, prev.entries[id], after, how);
      }
      for (const listener of [...core.listeners]) listener(event, next, prev);
      return true;
    },
    dispatch(id, event, how) {
      if (core.disposed || !core.apply({ ...event, id } as OutboxEvent, how)) return undefined;
      return core.entry(id);
    },
    share(entry) {
      if (!isMemoryOnly(entry)) o.bus.post({ type: "outbox-changed", sessionKey: o.sessionKey, entry });
    },
    save(write) {
      chain = chain
        .then(write)
        .catch((error: unknown) => {
          // A secret is kept out of storage on purpose; that is not a storage failure.
          if (error instanceof SecretNotStoredError) return;
          if (!core.disposed) core.apply({ type: "storageFailed", operation: "save" });
          o.onStorageError?.(error);
        });
    },
    saved: () => chain,
    listeners: new Set(),
  };
  return core;
}

// The entries an event names: storage and the bus follow those, never a walk over the whole outbox.
function touchedBy(event: OutboxEvent, prev: OutboxState, next: OutboxState): Iterable<string> {
  switch (event.type) {
    case "enqueued":
    case "paneUpdated":
      return [event.entry.id];
    case "restored":
      return next.order.filter((id) => !prev.entries[id]);
    case "storageFailed":
      return [];
    default:
      return [event.id];
  }
}
