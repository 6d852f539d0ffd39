import { createStore, del, promisifyRequest, set, type UseStore } from "idb-keyval";
import { looksLikeCredential } from "../../protocol/credential-shape";
import { isMemoryOnly, isOutboxEntry } from "./outbox-rules";
import type { AsyncDraft, DockStorage, OutboxEntry } from "./types";

/** Name of the IndexedDB database that holds drafts and the outbox. @default "openclaw-question-dock" */
export const DEFAULT_DOCK_DB = "openclaw-question-dock";

/** Thrown when asked to store a secret answer; secrets live in memory only. */
export class SecretNotStoredError extends Error {
  constructor(what: string) {
    super(`${what} holds a secret answer and is not written to storage`);
    this.name = "SecretNotStoredError";
  }
}

/** Options of `createIndexedDbStorage`. */
export interface IndexedDbStorageOptions {
  /** @default "openclaw-question-dock" */
  dbName?: string;
  /** @default "records" */
  storeName?: string;
}

// Session keys contain ":" ("agent:main:main"); encoding them keeps one session's prefix from matching another's.
const prefix = (kind: "outbox" | "draft", sessionKey: string) => `${kind}:${encodeURIComponent(sessionKey)}:`;
const outboxKey = (sessionKey: string, id: string) => `${prefix("outbox", sessionKey)}${id}`;
const draftKey = (sessionKey: string, itemId: string) => `${prefix("draft", sessionKey)}${itemId}`;

function refuseSecrets(entry: OutboxEntry): void {
  if (entry.draft?.secret) throw new SecretNotStoredError(`The outbox entry ${entry.id}`);
}

function refuseSecretDraft(draft: AsyncDraft): void {
  if (draft.secret) throw new SecretNotStoredError(`The draft of ${draft.itemId}`);
}

function isDraft(value: unknown, sessionKey: string): value is AsyncDraft {
  const d = value as Partial<AsyncDraft> | null;
  return typeof d === "object" && d !== null && typeof d.itemId === "string" && d.sessionKey === sessionKey && Array.isArray(d.answers);
}

/** A key-value backend under a storage's rules: string keys, values read back by key prefix. */
export interface RecordBackend {
  list(start: string): Promise<unknown[]>;
  put(key: string, value: unknown): Promise<void>;
  remove(key: string): Promise<void>;
}

// The rules every storage keeps, over any backend: keys per session, records that fail their guard skipped on
// load, secret answers refused before anything is written, and a draft or an answer holding a credential never written.
function storageOver(backend: RecordBackend): DockStorage {
  return {
    async loadOutbox(sessionKey) {
      const values = await backend.list(prefix("outbox", sessionKey));
      return values.filter((v): v is OutboxEntry => isOutboxEntry(v, sessionKey));
    },
    async saveOutboxEntry(entry) {
      refuseSecrets(entry);
      // An answer shaped like a credential is never kept on disk either: the stored copy goes instead.
      if (isMemoryOnly(entry)) return backend.remove(outboxKey(entry.sessionKey, entry.id));
      await backend.put(outboxKey(entry.sessionKey, entry.id), entry);
    },
    async deleteOutboxEntry(sessionKey, id) {
      await backend.remove(outboxKey(sessionKey, id));
    },
    async loadDrafts(sessionKey) {
      const values = await backend.list(prefix("draft", sessionKey));
      return values.filter((v): v is AsyncDraft => isDraft(v, sessionKey));
    },
    async saveDraft(draft) {
      refuseSecretDraft(draft);
      // Never answer with a credential, and never keep one on disk: the stored copy goes instead.
      if (draft.answers.some((a) => looksLikeCredential(a.other))) return backend.remove(draftKey(draft.sessionKey, draft.itemId));
      await backend.put(draftKey(draft.sessionKey, draft.itemId), draft);
    },
    async deleteDraft(sessionKey, itemId) {
      await backend.remove(draftKey(sessionKey, itemId));
    },
  };
}

// One idb-keyval object store with string keys `outbox:<sessionKey>:<id>` and `draft:<sessionKey>:<itemId>`
// (the session key URI-encoded). Without IndexedDB (private mode, old runtimes) every call rejects; the
// outbox reports it and keeps working in memory. Secret drafts, and entries carrying one, are refused.
/** One idb-keyval object store as a backend, opened on first use; without IndexedDB every call rejects. */
export function indexedDbBackend(options: IndexedDbStorageOptions = {}): RecordBackend {
  let store: UseStore | undefined;
  const open = (): UseStore => {
    if (store) return store;
    if (typeof indexedDB === "undefined") throw new Error("IndexedDB is not available here");
    store = createStore(options.dbName ?? DEFAULT_DOCK_DB, options.storeName ?? "records");
    return store;
  };
  return {
    list: async (start) => open()("readonly", (s) => promisifyRequest<unknown[]>(s.getAll(IDBKeyRange.bound(start, `${start}\uffff`)))),
    put: async (key, value) => set(key, value, open()),
    remove: async (key) => del(key, open()),
  };
}

/** A backend in memory; values are copied in and out, so callers see what a real storage would give back. */
export function memoryBackend(): RecordBackend {
  const records = new Map<string, unknown>();
  const copy = <T>(value: T): T => structuredClone(value);
  return {
    list: async (start) => [...records.entries()].filter(([key]) => key.startsWith(start)).map(([, value]) => copy(value)),
    put: async (key, value) => void records.set(key, copy(value)),
    remove: async (key) => void records.delete(key),
  };
}

/** Drafts and outbox entries in IndexedDB, through idb-keyval; secret answers are refused with `SecretNotStoredError`. */
export function createIndexedDbStorage(options: IndexedDbStorageOptions = {}): DockStorage {
  return storageOver(indexedDbBackend(options));
}

/** Drafts and outbox entries in memory (tests, stories, or where IndexedDB is unwanted); same rules as the IndexedDB storage. */
export function createMemoryStorage(): DockStorage {
  return storageOver(memoryBackend());
}
