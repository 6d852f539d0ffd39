// The shapes of a saved blocking draft, apart from the storage that keeps them: the pane bus's messages carry a
// draft, and the storage is built on the outbox's persistence, so both sides import these from here.

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
