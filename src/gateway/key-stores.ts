import { createStore, get, set, type UseStore } from "idb-keyval";
import type { KeyStore, StoredKeyPair } from "./device-identity";

/** A key store that lives as long as the page: every reload is a new device. */
export function createMemoryKeyStore(initial?: StoredKeyPair): KeyStore {
  let stored = initial;
  return {
    load: async () => stored,
    save: async (next) => {
      stored = next;
    },
  };
}

/** Where the IndexedDB key store keeps the device key. */
export interface IndexedDbKeyStoreOptions {
  /** Its own database: idb-keyval keeps one object store per database, and the outbox has the dock's. @default "openclaw-question-dock-device" */
  dbName?: string;
  /** @default "device" */
  storeName?: string;
  /** @default "identity" */
  key?: string;
}

/**
 * A key store in IndexedDB. The CryptoKeyPair itself is stored (browsers structured-clone CryptoKey),
 * so the private key stays non-extractable; a browser that refuses makes `save` reject.
 */
export function createIndexedDbKeyStore(options: IndexedDbKeyStoreOptions = {}): KeyStore {
  const key = options.key ?? "identity";
  let db: UseStore | undefined;
  // Opened lazily: creating the store opens the database, which must not happen at import or in Node.
  const open = (): UseStore => (db ??= createStore(options.dbName ?? "openclaw-question-dock-device", options.storeName ?? "device"));
  return {
    load: () => get<StoredKeyPair>(key, open()),
    save: (stored) => set(key, stored, open()),
  };
}
