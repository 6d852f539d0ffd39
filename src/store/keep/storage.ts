// Where a page keeps drafts and unsent answers between loads: IndexedDB in browsers and memory elsewhere, every record
// under its scope (storageScope) and its table.
import { createStore, del, promisifyRequest, set, type UseStore } from "idb-keyval";

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
