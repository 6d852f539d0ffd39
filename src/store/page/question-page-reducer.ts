// Every change to a question page's state, as one pure function of the state and a named event. The page store's
// reads of the gateway, its reconnects and Retry only turn what happened into events; what each one shows is decided here.
import type { IdTable } from "../../protocol/id-table";
import type { QuestionRecord } from "../../protocol/question-record";
import { endedRecordOutcome, unavailableOutcome } from "../dock/outcomes";
import type { Outcome, OutcomeKind, QuestionDockStore, QuestionDraft } from "../dock/state";

/** Where the page stands: reading the question, showing it, the gateway no longer has it, or a read failed. */
export type QuestionPagePhase = "loading" | "ready" | "gone" | "error";

/** What a question page shows, as its reducer keeps it. */
export interface QuestionPageData {
  phase: QuestionPagePhase;
  /** The failed read, in the gateway's or the client's words (phase "error"). */
  error?: string;
  /** The question as last read. */
  record?: QuestionRecord;
  /** The dock store that shows and answers the question; present once it was read. */
  store?: QuestionDockStore;
  /** How the question ended when the page learned it from a read rather than from its store. */
  ended?: Outcome;
  /** True while a read is under way. */
  busy: boolean;
}

/** Everything that can happen to a question page, by name. */
export type QuestionPageEvent =
  | { type: "readStarted" }
  /** The gateway still waits for an answer; `store` is the dock store that shows it (the same one, or a new one). */
  | { type: "questionPending"; record: QuestionRecord; store: QuestionDockStore }
  /** The read says the question ended, `kind` being how this tab reads that end. */
  | { type: "questionEnded"; record: QuestionRecord; kind: OutcomeKind; at: number }
  /** The gateway no longer has the question, or never had it; `unsent` is what was typed for the last read. */
  | { type: "questionGone"; at: number; unsent?: IdTable<QuestionDraft> }
  /** A read failed for any other reason, in the gateway's or the client's words. */
  | { type: "readFailed"; error: string };

/** A page before its first read has answered. */
export const LOADING_PAGE: QuestionPageData = Object.freeze({ phase: "loading", busy: true });

// A read that answers replaces what an earlier failure said; the dock store stays, so nothing typed in it is lost.
const kept = (s: QuestionPageData) => ({ ...(s.record ? { record: s.record } : {}), ...(s.store ? { store: s.store } : {}) });

/** The next state of a question page after `event`; the same object when the event changes nothing. */
export function questionPageReducer(s: QuestionPageData, event: QuestionPageEvent): QuestionPageData {
  switch (event.type) {
    case "readStarted":
      return s.busy ? s : { ...s, busy: true };
    case "questionPending":
      return { phase: "ready", record: event.record, store: event.store, busy: false };
    case "questionEnded":
      return { ...kept(s), phase: "ready", record: event.record, ended: endedRecordOutcome(event.record, event.kind, event.at, false), busy: false };
    case "questionGone": {
      const ended = s.record ? unavailableOutcome(s.record, event.at, event.unsent) : undefined;
      return { ...kept(s), phase: "gone", ...(ended ? { ended } : {}), busy: false };
    }
    case "readFailed":
      return { ...s, phase: "error", error: event.error, busy: false };
  }
}
