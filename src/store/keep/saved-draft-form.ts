// The one saved form of a draft, apart from the code that makes and reads it: the state, outbox entries and the
// bus all carry it, so it sits in a leaf that imports nothing.

/** One question's saved answer: chosen labels (with their positions where a label repeats) and typed text. */
export interface SavedAnswer {
  questionId: string;
  selected: string[];
  other: string;
  positions?: number[];
}

/** A request's draft as kept between page loads and shared between tabs. */
export interface SavedDraft {
  requestId: string;
  step: number;
  answers: SavedAnswer[];
  /** The person changed something: a reload restores it as typed. */
  edited: boolean;
  /** The person skipped the (async) question: it stays out of the dock until reopened. */
  disposition?: "skipped";
  /** When the request expires; a draft read after it is dropped. */
  expiresAtMs?: number;
  updatedAt: number;
}
