// Where a page keeps drafts and unsent answers: between loads in IndexedDB (memory where there is none), and for the
// other tabs open now on a pane bus over BroadcastChannel; every record and message under its scope (storageScope)
// and its table. Drafts, blocking and async alike, are kept here: each edit is written after a quiet moment (at once
// when the page goes away) and shared live; an ending takes the draft away, unless a retired or skipped async
// question keeps it for a reopen.
import { createStore, promisifyRequest, type UseStore } from "idb-keyval";
import { holdsCredential, isOutboxEntry } from "../outbox/outbox-rules";
import type { OutboxEntry, PaneBus, PaneMessage, SavedDraft } from "../outbox/entry";
import type { DockStore } from "../dock/state";
import { isSavedDraft, type Keeper, type StoredRecords } from "./keep";
import { savedDraftOf } from "../dock/drafts";
import { asyncItemOf, asyncRequestId } from "../async/question-shape";

/** A key-value store read by key prefix, for drafts and answers; values are plain data, read back through the kit's checks. */
export interface DockStorage {
  /** Every value whose key starts with `prefix`, as copies. */
  list(prefix: string): Promise<unknown[]>;
  /** Keeps a copy of `value` under `key`, in place of any earlier one. */
  put(key: string, value: unknown): Promise<void>;
  /** Forgets `key`; a key never kept is no error. */
  remove(key: string): Promise<void>;
}

/** Options of `createIndexedDbStorage`. */
export interface IndexedDbStorageOptions {
  /** @default "openclaw-question-dock" */
  dbName?: string;
  /** @default "records" */
  storeName?: string;
}

type KeptTable = "draft" | "outbox";

// Both parts are encoded: scopes hold URLs and ids are untrusted, so neither can reach into another's prefix.
const prefixOf = (scope: string, table: KeptTable) => `scope:${encodeURIComponent(scope)}:${table}:`;

/** One scope's records in a storage: the only way the store reads or writes it. */
export type ScopedRecords = ReturnType<typeof scopedRecords>;

/** The records of `scope` in `storage`. */
export function scopedRecords(storage: DockStorage, scope: string) {
  const keyOf = (table: KeptTable, id: string) => `${prefixOf(scope, table)}${encodeURIComponent(id)}`;
  const put = (table: KeptTable, id: string, value: unknown) => storage.put(keyOf(table, id), value);
  const remove = (table: KeptTable, id: string) => storage.remove(keyOf(table, id));
  return {
    list: (table: KeptTable) => storage.list(prefixOf(scope, table)),
    put,
    remove,
    /** Writes a draft; one that holds a credential is never kept on disk, so its stored copy goes instead. */
    keepDraft: (draft: SavedDraft) => (holdsCredential(draft) ? remove("draft", draft.requestId) : put("draft", draft.requestId, draft)),
  };
}

/** Drafts and outbox entries in IndexedDB, through idb-keyval, opened on first use; without IndexedDB every call rejects. Each change commits at once: Chromium dropped one begun as the page went away (the flush on a reload) otherwise. */
export function createIndexedDbStorage(options: IndexedDbStorageOptions = {}): DockStorage {
  let store: UseStore | undefined;
  const open = (): UseStore => {
    if (typeof indexedDB === "undefined") throw new Error("IndexedDB is not available here");
    return (store ??= createStore(options.dbName ?? "openclaw-question-dock", options.storeName ?? "records"));
  };
  const change = (apply: (s: IDBObjectStore) => unknown) => open()("readwrite", (s) => (apply(s), s.transaction.commit?.(), promisifyRequest(s.transaction)));
  return {
    list: async (start) => open()("readonly", (s) => promisifyRequest<unknown[]>(s.getAll(IDBKeyRange.bound(start, `${start}\uffff`)))),
    put: async (key, value) => change((s) => s.put(value, key)),
    remove: async (key) => change((s) => s.delete(key)),
  };
}

/** Drafts and outbox entries in memory (tests, stories, or a page that should keep nothing); values are copied in and out. */
export function createMemoryStorage(): DockStorage {
  const records = new Map<string, unknown>();
  return {
    list: async (start) => [...records.entries()].filter(([key]) => key.startsWith(start)).map(([, value]) => structuredClone(value)),
    put: async (key, value) => void records.set(key, structuredClone(value)),
    remove: async (key) => void records.delete(key),
  };
}

/** IndexedDB where the browser has it, else memory. */
export function defaultStorage(): DockStorage {
  return typeof indexedDB === "undefined" ? createMemoryStorage() : createIndexedDbStorage();
}

// One bus of the page: the listeners it was given.
type Member = Set<(message: PaneMessage) => void>;
// The buses of one name, and the page's one BroadcastChannel for it: a second one would hear the first and double every message.
type Channel = { members: Set<Member>; remote?: BroadcastChannel };

const channels = new Map<string, Channel>();

const TABLES: ReadonlySet<string> = new Set(["draft", "outbox", "reopen"]);

/** True for something shaped like a `PaneMessage`; other tabs are same-origin but may run another version of the kit. */
export function isPaneMessage(value: unknown): value is PaneMessage {
  const m = value as Partial<PaneMessage> | null;
  return typeof m === "object" && m !== null && typeof m.table === "string" && TABLES.has(m.table) && typeof m.scope === "string" && typeof m.id === "string";
}

// Asynchronous like BroadcastChannel, so a pane never reacts inside the sender's own state update, and one apiece,
// so one pane's failing listener does not keep the message from the others.
function fanOut(channel: Channel, message: PaneMessage, sender?: Member): void {
  for (const member of channel.members) {
    if (member !== sender) queueMicrotask(() => channel.members.has(member) && [...member].forEach((listener) => listener(message)));
  }
}

function openChannel(name: string): Channel {
  const channel: Channel = { members: new Set() };
  channels.set(name, channel);
  try {
    channel.remote = new BroadcastChannel(name);
    channel.remote.onmessage = (event: MessageEvent) => isPaneMessage(event.data) && fanOut(channel, event.data);
  } catch {
    // No BroadcastChannel here: the bus reaches this page's panes only.
  }
  return channel;
}

/** Opens a bus to every other pane of this name: same-page buses directly, other tabs through BroadcastChannel. */
export function createPaneBus(channelName = "openclaw-question-dock"): PaneBus {
  const shared = channels.get(channelName) ?? openChannel(channelName);
  const self: Member = new Set();
  shared.members.add(self);
  let closed = false;

  return {
    post(message) {
      if (closed) return;
      fanOut(shared, message, self);
      try {
        shared.remote?.postMessage(message);
      } catch {
        // A message that cannot be cloned stays on this page; the other tabs catch up from storage on reload.
      }
    },
    subscribe(listener) {
      self.add(listener);
      return () => self.delete(listener);
    },
    close() {
      if (closed) return;
      closed = true;
      self.clear();
      shared.members.delete(self);
      if (shared.members.size > 0) return;
      shared.remote?.close();
      channels.delete(channelName);
    },
  };
}

/** Quiet time before a typed draft is written to storage. */
export const DRAFT_SAVE_DELAY_MS = 300;

/** Keeps the drafts of `ctx`'s store (blocking ones too, and outbox entries: as `setup` says); `read` is for `restored`. */
export function startDraftKeeping(ctx: Keeper, setup: { storage: DockStorage; bus?: PaneBus; blockingDrafts: boolean; outbox: boolean }) {
  const { now, timers } = ctx.options;
  const saveTimers = new Map<string, unknown>();

  const records = (scope = ctx.get().scope) => (scope === undefined ? undefined : scopedRecords(setup.storage, scope));
  const keeps = (s: DockStore, id: string) => setup.blockingDrafts || s.asyncOrigins.has(id) || asyncItemOf(id) !== undefined;

  const write = (draft: SavedDraft) => {
    void records()?.keepDraft(draft).catch(() => undefined);
  };
  const share = (id: string, draft?: SavedDraft) => {
    const scope = ctx.get().scope;
    if (scope === undefined || !setup.bus || (draft && holdsCredential(draft))) return;
    setup.bus.post({ scope, table: "draft", id, ...(draft ? { value: draft } : {}) });
  };
  const cancel = (id: string) => {
    const timer = saveTimers.get(id);
    if (timer !== undefined) timers.clearTimeout(timer);
    saveTimers.delete(id);
  };
  // What is still waiting to be written, now: the person's last keystrokes must survive the store, or the page, going away.
  const flush = () => {
    const s = ctx.get();
    for (const id of [...saveTimers.keys()]) {
      cancel(id);
      const record = s.records.get(id);
      if (record) write(savedDraftOf(record, s.views.get(id), now()));
    }
  };

  const read = async (scope: string): Promise<StoredRecords> => {
    const r = scopedRecords(setup.storage, scope);
    try {
      const [drafts, entries] = await Promise.all([r.list("draft"), setup.outbox ? r.list("outbox") : Promise.resolve([])]);
      // A draft of a request that can no longer be answered goes, so drafts of requests never seen again do not pile up.
      const expired = (d: SavedDraft) => typeof d.expiresAtMs === "number" && d.expiresAtMs <= now();
      const saved = drafts.filter(isSavedDraft).filter((d) => setup.blockingDrafts || asyncItemOf(d.requestId) !== undefined);
      for (const d of saved.filter(expired)) void r.remove("draft", d.requestId).catch(() => undefined);
      return { drafts: saved.filter((d) => !expired(d)), entries: entries.filter((e): e is OutboxEntry => isOutboxEntry(e, ctx.options.sessionKey)) };
    } catch {
      if (setup.outbox) ctx.dispatch({ type: "storageFailed", operation: "load", at: now() });
      return { drafts: [], entries: [] };
    }
  };

  const fromPane = (message: PaneMessage) => {
    if (!isPaneMessage(message) || message.table !== "draft" || message.scope !== ctx.get().scope) return;
    if (message.value === undefined) return ctx.dispatch({ type: "draftDropped", requestId: message.id });
    if (!isSavedDraft(message.value) || message.value.requestId !== message.id || !keeps(ctx.get(), message.id)) return;
    // Live: the other tab's latest edit wins here too, as if typed in this one.
    ctx.dispatch({ type: "draftLoaded", draft: message.value, onlyIfUntouched: false });
  };

  const offs = [
    // Each is heard only when it changed a draft or the step: every one is the person's edit, to save and share.
    ctx.on(["draftEdited", "stepChanged"], (e, next) => {
      const record = next.records.get(e.requestId);
      if (!record || !keeps(next, e.requestId)) return;
      const draft = savedDraftOf(record, next.views.get(e.requestId), now());
      // A prompt of secret questions only has nothing that may leave memory.
      if (draft.answers.length === 0) return;
      cancel(e.requestId);
      saveTimers.set(e.requestId, timers.setTimeout(() => (saveTimers.delete(e.requestId), write(draft)), DRAFT_SAVE_DELAY_MS));
      share(e.requestId, draft);
    }),
    ctx.on(["recordSettled"], (e, next, prev) => {
      if (!keeps(prev, e.id)) return;
      cancel(e.id);
      // A retired or skipped async question keeps its draft for a reopen; any other ending takes it away.
      const held = next.savedDrafts.get(e.id);
      if (held) return write(held);
      void records()?.remove("draft", e.id).catch(() => undefined);
      share(e.id);
    }),
    // A reopened question's kept draft loses its skip, so a reload does not skip it again.
    ctx.on(["questionReopened"], (e, next) => {
      const held = next.savedDrafts.get(asyncRequestId(e.itemId));
      if (held) write(held);
    }),
    ...(setup.bus ? [setup.bus.subscribe(fromPane)] : []),
  ];

  // A reload or a closed tab disposes nothing; the page's own last events are the moment to write.
  const doc = globalThis.document as Document | undefined;
  const onHidden = () => doc?.visibilityState === "hidden" && flush();
  globalThis.addEventListener?.("pagehide", flush);
  doc?.addEventListener("visibilitychange", onHidden);

  return {
    read,
    /** Writes what is still waiting and stops. */
    stop() {
      flush();
      offs.forEach((off) => off());
      globalThis.removeEventListener?.("pagehide", flush);
      doc?.removeEventListener("visibilitychange", onHidden);
    },
  };
}
