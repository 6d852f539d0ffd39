// Where a page keeps drafts and unsent answers: between loads in IndexedDB (memory where there is none), and for the
// other tabs open now on a pane bus over BroadcastChannel; every record and message under its scope (storageScope)
// and its table.
import { createStore, del, promisifyRequest, set, type UseStore } from "idb-keyval";
import type { PaneBus, PaneMessage } from "../outbox/entry";

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
  return {
    list: (table: KeptTable) => storage.list(prefixOf(scope, table)),
    put: (table: KeptTable, id: string, value: unknown) => storage.put(`${prefixOf(scope, table)}${encodeURIComponent(id)}`, value),
    remove: (table: KeptTable, id: string) => storage.remove(`${prefixOf(scope, table)}${encodeURIComponent(id)}`),
  };
}

/** Drafts and outbox entries in IndexedDB, through idb-keyval, opened on first use; without IndexedDB every call rejects. */
export function createIndexedDbStorage(options: IndexedDbStorageOptions = {}): DockStorage {
  let store: UseStore | undefined;
  const open = (): UseStore => {
    if (typeof indexedDB === "undefined") throw new Error("IndexedDB is not available here");
    return (store ??= createStore(options.dbName ?? "openclaw-question-dock", options.storeName ?? "records"));
  };
  return {
    list: async (start) => open()("readonly", (s) => promisifyRequest<unknown[]>(s.getAll(IDBKeyRange.bound(start, `${start}\uffff`)))),
    put: async (key, value) => set(key, value, open()),
    remove: async (key) => del(key, open()),
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
