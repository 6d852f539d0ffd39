import type { StoreApi } from "zustand/vanilla";
import type { Clock } from "../../gateway/clock";
import type { GatewayConnection } from "../../gateway/types";
import type { Timers } from "../timers";
import { SecretNotStoredError } from "./persistence";
import { outboxReducer, type OutboxEvent } from "./outbox-reducer";
import { isMemoryOnly } from "./outbox-rules";
import type { AsyncDraft, DockStorage, OutboxEntry, OutboxHistory, PaneBus } from "./types";

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
  /** The last storage failure, in words; the outbox still works, but only in memory. */
  storageError?: string;
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
  /** Resolves once every storage write issued so far has settled. */
  whenSaved(): Promise<void>;
  /** Stops sending and listening; entries stay in storage for the next page. */
  dispose(): void;
}

/** An outbox's state and actions, as its store holds them. */
export type Outbox = OutboxState & OutboxActions;

/** A vanilla zustand store of one session's outbox. */
export type OutboxStore = StoreApi<Outbox>;

/** The outbox's inner workings shared by its modules; not part of the public API. */
export interface OutboxCore {
  readonly o: Required<Omit<OutboxOptions, "onStorageError" | "clock">> & Pick<OutboxOptions, "onStorageError"> & { now: () => number; timers: Timers };
  readonly get: () => Outbox;
  readonly set: StoreApi<Outbox>["setState"];
  /** Entries this outbox sends when they are queued: made here, loaded at start, or retried here. Others are only shown. */
  readonly owned: Set<string>;
  /** Entries whose chat.send (or the history check before it) is outstanding here. */
  readonly sendingNow: Set<string>;
  disposed: boolean;
  entry(id: string): OutboxEntry | undefined;
  connected(): boolean;
  /** Stores an entry in the state, then optionally in storage and on the bus; one holding a credential stays in memory. */
  put(entry: OutboxEntry, how?: { persist?: boolean; broadcast?: boolean }): void;
  /** Tells the other panes about an entry, unless it may not leave this tab's memory. */
  share(entry: OutboxEntry): void;
  /** Applies an event through `outboxReducer`, the only way an entry changes; undefined when it did not apply. */
  dispatch(id: string, event: OutboxEvent, how?: { persist?: boolean; broadcast?: boolean }): OutboxEntry | undefined;
  /** Removes an entry from the state, and optionally from storage and the other panes. */
  remove(id: string, how?: { persist?: boolean; broadcast?: boolean }): void;
  /** Runs a storage write after the earlier ones; a failure is reported, never thrown. */
  save(write: () => Promise<void>): void;
  saved(): Promise<void>;
}

function withoutUndefined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}

function insertOrdered(order: string[], entries: Record<string, OutboxEntry>, entry: OutboxEntry): string[] {
  if (order.includes(entry.id)) return order;
  // After every entry made at the same time or earlier, so answers given in one millisecond keep their order.
  const at = order.findIndex((id) => (entries[id]?.createdAt ?? 0) > entry.createdAt);
  return at < 0 ? [...order, entry.id] : [...order.slice(0, at), entry.id, ...order.slice(at)];
}

/** Builds the shared inner workings over a store's get/set. */
export function createOutboxCore(o: OutboxCore["o"], get: () => Outbox, set: StoreApi<Outbox>["setState"]): OutboxCore {
  let chain: Promise<void> = Promise.resolve();

  const core: OutboxCore = {
    o,
    get,
    set,
    owned: new Set(),
    sendingNow: new Set(),
    disposed: false,
    entry: (id) => get().entries[id],
    connected: () => o.client.getConnection().state === "connected",
    put(entry, how = {}) {
      const clean = withoutUndefined(entry);
      const before = core.entry(clean.id);
      set((s) => ({ entries: { ...s.entries, [clean.id]: clean }, order: insertOrdered(s.order, s.entries, clean) }));
      if (!isMemoryOnly(clean)) {
        if (how.persist !== false) core.save(() => o.storage.saveOutboxEntry(clean));
        if (how.broadcast !== false) core.share(clean);
        return;
      }
      // Only an entry that was shared before has copies to take back: on disk, and in the other panes.
      if (!before || isMemoryOnly(before)) return;
      if (how.persist !== false) core.save(() => o.storage.deleteOutboxEntry(o.sessionKey, clean.id));
      if (how.broadcast !== false) o.bus.post({ type: "outbox-removed", sessionKey: o.sessionKey, id: clean.id });
    },
    share(entry) {
      if (!isMemoryOnly(entry)) o.bus.post({ type: "outbox-changed", sessionKey: o.sessionKey, entry });
    },
    dispatch(id, event, how) {
      const prev = core.entry(id);
      if (!prev || core.disposed) return undefined;
      const next = outboxReducer(prev, event, o.now());
      if (next === prev) return undefined;
      core.put(next, how);
      return core.entry(id);
    },
    remove(id, how = {}) {
      if (!core.entry(id)) return;
      set((s) => {
        const { [id]: _gone, ...entries } = s.entries;
        return { entries, order: s.order.filter((x) => x !== id) };
      });
      core.owned.delete(id);
      if (how.persist !== false) core.save(() => o.storage.deleteOutboxEntry(o.sessionKey, id));
      if (how.broadcast !== false) o.bus.post({ type: "outbox-removed", sessionKey: o.sessionKey, id });
    },
    save(write) {
      chain = chain
        .then(write)
        .catch((error: unknown) => {
          // A secret is kept out of storage on purpose; that is not a storage failure.
          if (error instanceof SecretNotStoredError) return;
          if (!core.disposed) set({ storageError: `Answers are not being saved on this device: ${error instanceof Error ? error.message : String(error)}` });
          o.onStorageError?.(error);
        });
    },
    saved: () => chain,
  };
  return core;
}
