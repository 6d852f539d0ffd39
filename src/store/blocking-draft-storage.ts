import { createStore, del, promisifyRequest, set, type UseStore } from "idb-keyval";
import { looksLikeCredential } from "../protocol";
import { DEFAULT_DOCK_DB } from "./outbox/persistence";

/** One question's saved draft inside a blocking request's draft. */
export interface BlockingAnswerDraft {
  questionId: string;
  selected: string[];
  other: string;
}

/** A blocking request's draft as stored and shared between tabs: choices, Other text and step. Never holds a secret answer. */
export interface BlockingDraft {
  sessionKey: string;
  requestId: string;
  step: number;
  answers: BlockingAnswerDraft[];
  updatedAt: number;
  /** When the request expires; a draft loaded after it is dropped, so drafts of requests never seen again do not pile up. */
  expiresAtMs?: number;
}

/** Where blocking drafts are kept between page loads, keyed by (sessionKey, request id). */
export interface BlockingDraftStorage {
  load(sessionKey: string): Promise<BlockingDraft[]>;
  save(draft: BlockingDraft): Promise<void>;
  remove(sessionKey: string, requestId: string): Promise<void>;
}

const isStr = (v: unknown): v is string => typeof v === "string";

function isAnswer(value: unknown): value is BlockingAnswerDraft {
  const a = value as Partial<BlockingAnswerDraft> | null;
  return typeof a === "object" && a !== null && isStr(a.questionId) && isStr(a.other) && Array.isArray(a.selected) && a.selected.every(isStr);
}

/** True for a well-formed draft of this session; storage and other tabs may hold anything. */
export function isBlockingDraft(value: unknown, sessionKey: string): value is BlockingDraft {
  const d = value as Partial<BlockingDraft> | null;
  return (
    typeof d === "object" &&
    d !== null &&
    d.sessionKey === sessionKey &&
    isStr(d.requestId) &&
    typeof d.step === "number" &&
    Number.isFinite(d.step) &&
    typeof d.updatedAt === "number" &&
    (d.expiresAtMs === undefined || typeof d.expiresAtMs === "number") &&
    Array.isArray(d.answers) &&
    d.answers.every(isAnswer)
  );
}

// Both parts are encoded: session keys hold ":" and request ids are untrusted, so neither can reach into another's prefix.
const prefix = (sessionKey: string) => `blocking:${encodeURIComponent(sessionKey)}:`;
const keyOf = (sessionKey: string, requestId: string) => `${prefix(sessionKey)}${encodeURIComponent(requestId)}`;

interface Backend {
  list(start: string): Promise<unknown[]>;
  put(key: string, value: unknown): Promise<void>;
  remove(key: string): Promise<void>;
}

function storageOver(backend: Backend): BlockingDraftStorage {
  return {
    async load(sessionKey) {
      const values = await backend.list(prefix(sessionKey));
      return values.filter((v): v is BlockingDraft => isBlockingDraft(v, sessionKey));
    },
    // A draft holding what looks like a credential is never written, and an earlier copy goes.
    save: (draft) =>
      draft.answers.some((a) => looksLikeCredential(a.other))
        ? backend.remove(keyOf(draft.sessionKey, draft.requestId))
        : backend.put(keyOf(draft.sessionKey, draft.requestId), draft),
    remove: (sessionKey, requestId) => backend.remove(keyOf(sessionKey, requestId)),
  };
}

/** Blocking drafts in IndexedDB (the same database as async drafts and the outbox, keys `blocking:<session>:<request>`). */
export function createIndexedDbBlockingDraftStorage(options: { dbName?: string; storeName?: string } = {}): BlockingDraftStorage {
  let store: UseStore | undefined;
  const open = (): UseStore => {
    if (store) return store;
    if (typeof indexedDB === "undefined") throw new Error("IndexedDB is not available here");
    store = createStore(options.dbName ?? DEFAULT_DOCK_DB, options.storeName ?? "records");
    return store;
  };
  return storageOver({
    list: async (start) => open()("readonly", (s) => promisifyRequest<unknown[]>(s.getAll(IDBKeyRange.bound(start, `${start}\uffff`)))),
    put: async (key, value) => set(key, value, open()),
    remove: async (key) => del(key, open()),
  });
}

/** Blocking drafts in memory (tests, or a page that should keep nothing); copies in and out like a real storage. */
export function createMemoryBlockingDraftStorage(): BlockingDraftStorage {
  const records = new Map<string, unknown>();
  return storageOver({
    list: async (start) => [...records.entries()].filter(([key]) => key.startsWith(start)).map(([, value]) => structuredClone(value)),
    put: async (key, value) => void records.set(key, structuredClone(value)),
    remove: async (key) => void records.delete(key),
  });
}
