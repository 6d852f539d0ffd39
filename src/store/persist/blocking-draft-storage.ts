import { looksLikeCredential } from "../../protocol/credential-shape";
import { indexedDbBackend, memoryBackend, type IndexedDbStorageOptions, type RecordBackend } from "../outbox/persistence";
import type { BlockingAnswerDraft, BlockingDraft, BlockingDraftStorage } from "./blocking-draft-types";

// The package entry names the draft types here, beside the storages that keep them.
export type { BlockingAnswerDraft, BlockingDraft, BlockingDraftStorage } from "./blocking-draft-types";

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

function storageOver(backend: RecordBackend): BlockingDraftStorage {
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
export function createIndexedDbBlockingDraftStorage(options: IndexedDbStorageOptions = {}): BlockingDraftStorage {
  return storageOver(indexedDbBackend(options));
}

/** Blocking drafts in memory (tests, or a page that should keep nothing); copies in and out like a real storage. */
export function createMemoryBlockingDraftStorage(): BlockingDraftStorage {
  return storageOver(memoryBackend());
}
