import { createStore, del, promisifyRequest, set, type UseStore } from "idb-keyval";
import { isOutboxEntry } from "./outbox-rules";
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

// One idb-keyval object store with string keys `outbox:<sessionKey>:<id>` and `draft:<sessionKey>:<itemId>`
// (the session key URI-encoded). Without IndexedDB (private mode, old runtimes) every call rejects; the
// outbox reports it and keeps working in memory. Secret drafts, and entries carrying one, are refused.
/** Drafts and outbox entries in IndexedDB, through idb-keyval; secret answers are refused with `SecretNotStoredError`. */
export function createIndexedDbStorage(options: IndexedDbStorageOptions = {}): DockStorage {
  let store: UseStore | undefined;
  const open = (): UseStore => {
    if (store) return store;
    if (typeof indexedDB === "undefined") throw new Error("IndexedDB is not available here");
    store = createStore(options.dbName ?? DEFAULT_DOCK_DB, options.storeName ?? "records");
    return store;
  };
  const range = (start: string) => IDBKeyRange.bound(start, `${start}\uffff`);
  const loadAll = async (start: string) => open()("readonly", (s) => promisifyRequest(s.getAll(range(start))));

  return {
    async loadOutbox(sessionKey) {
      const values: unknown[] = await loadAll(prefix("outbox", sessionKey));
      return values.filter((v): v is OutboxEntry => isOutboxEntry(v, sessionKey));
    },
    async saveOutboxEntry(entry) {
      refuseSecrets(entry);
      await set(outboxKey(entry.sessionKey, entry.id), entry, open());
    },
    async deleteOutboxEntry(sessionKey, id) {
      await del(outboxKey(sessionKey, id), open());
    },
    async loadDrafts(sessionKey) {
      const values: unknown[] = await loadAll(prefix("draft", sessionKey));
      return values.filter((v): v is AsyncDraft => isDraft(v, sessionKey));
    },
    async saveDraft(draft) {
      refuseSecretDraft(draft);
      await set(draftKey(draft.sessionKey, draft.itemId), draft, open());
    },
    async deleteDraft(sessionKey, itemId) {
      await del(draftKey(sessionKey, itemId), open());
    },
  };
}

/** Drafts and outbox entries in memory (tests, stories, or where IndexedDB is unwanted); same rules as the IndexedDB storage. */
export function createMemoryStorage(): DockStorage {
  const records = new Map<string, unknown>();
  // Copies in and out, so callers see what a real storage would give back, never a shared object.
  const copy = <T>(value: T): T => structuredClone(value);
  const list = (start: string) => [...records.entries()].filter(([key]) => key.startsWith(start)).map(([, value]) => copy(value));

  return {
    loadOutbox: async (sessionKey) => list(prefix("outbox", sessionKey)).filter((v): v is OutboxEntry => isOutboxEntry(v, sessionKey)),
    async saveOutboxEntry(entry) {
      refuseSecrets(entry);
      records.set(outboxKey(entry.sessionKey, entry.id), copy(entry));
    },
    async deleteOutboxEntry(sessionKey, id) {
      records.delete(outboxKey(sessionKey, id));
    },
    loadDrafts: async (sessionKey) => list(prefix("draft", sessionKey)).filter((v): v is AsyncDraft => isDraft(v, sessionKey)),
    async saveDraft(draft) {
      refuseSecretDraft(draft);
      records.set(draftKey(draft.sessionKey, draft.itemId), copy(draft));
    },
    async deleteDraft(sessionKey, itemId) {
      records.delete(draftKey(sessionKey, itemId));
    },
  };
}
