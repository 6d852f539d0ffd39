// The standalone page of one question (a question link), shown through a dock store of the question's own
// conversation, so the page uses the same stepper, drafts, submit and outcome rules as the dock. The typed draft
// lives in that store and in draft storage (per question id), so neither a failed read nor Retry loses it. The
// page's reads of the gateway, its reconnects and Retry only turn what happened into events; what each one shows is
// decided by its reducer.
import { createStore, type StoreApi } from "zustand/vanilla";
import { GatewayErrorCode, QuestionErrorReason } from "../../protocol/errors";
import type { IdTable } from "../../protocol/id-table";
import type { QuestionRecord } from "../../protocol/question-record";
import { getQuestion } from "../../gateway/questions-api";
import { GatewayRequestError, type GatewayConnection } from "../../gateway/connection";
import { systemClock, type Clock } from "../../gateway/clock";
import { openStore } from "../create-store";
import { blockingDraftsFeature } from "../opt-in/factories";
import { defaultStorage, scopedRecords, type DockStorage, type ScopedRecords } from "../keep/storage";
import { isSavedDraft, unsentOfSaved, type SavedDraft } from "../keep/saved-draft";
import { storageScope } from "../keep/sent-requests";
import { endedRecordOutcome, newResolverId, outcomeOf, unavailableOutcome, unsentDraft } from "../dock/outcomes";
import { tabResolverId } from "../keep/sent-requests";
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

/** Options of a question page's store, and of `useQuestionPage`. */
export interface QuestionPageOptions {
  /** A started gateway client. */
  client: GatewayConnection;
  /** The question's id, as the link names it. */
  questionId: string;
  /** Where the typed draft survives a reload and a Retry; keep it stable across renders. @default IndexedDB, or memory where there is none */
  draftStorage?: DockStorage;
  /** The page store's time and timers; keep it stable across renders. @default systemClock */
  clock?: Clock;
}

/** A question page's state with what can be asked of it. */
export interface QuestionPageStore extends QuestionPageData {
  /** Reads the question again; the draft is kept. */
  retry(): void;
  /** Stops reading, lets a read under way land nowhere, and disposes the dock store. */
  dispose(): void;
}

// The same resolver id as the tab's docks, so an answer given in another dock of this tab reads as this tab's.
const resolverId = () => tabResolverId(() => newResolverId());

const isGone = (error: unknown) =>
  error instanceof GatewayRequestError && (error.reason === QuestionErrorReason.NotFound || error.code === GatewayErrorCode.Forbidden);

// The kept drafts of the question's conversation, as the identity connected now sees it.
function recordsOf(storage: DockStorage, client: GatewayConnection, record: QuestionRecord): ScopedRecords | undefined {
  const identity = client.getConnection().identity;
  return identity ? scopedRecords(storage, storageScope(identity, record.sessionKey ?? "main")) : undefined;
}

/** Creates the store of a standalone question page: it reads the question at once and again after every reconnect. */
export function createQuestionPageStore({ client, questionId, draftStorage, clock = systemClock }: QuestionPageOptions): StoreApi<QuestionPageStore> {
  const storage = draftStorage ?? defaultStorage();
  const store = createStore<QuestionPageStore>()(() => ({ ...LOADING_PAGE, retry: () => void read(), dispose }));
  const dispatch = (event: QuestionPageEvent) => {
    const s = store.getState();
    const data = questionPageReducer(s, event);
    if (data === s) return;
    // Replaced whole, so what the reducer left out (an old error, an old ending) is gone; retry and dispose stay.
    const next: QuestionPageStore = { ...data, retry: s.retry, dispose: s.dispose };
    store.setState(next, true);
  };
  // Only the newest read may land: an older one's answer would show a page the gateway has since moved past.
  let generation = 0;
  let disposed = false;

  async function read(): Promise<void> {
    if (disposed) return;
    const gen = ++generation;
    const current = () => gen === generation;
    dispatch({ type: "readStarted" });
    try {
      const record = await getQuestion(client, questionId);
      if (!current()) return;
      if (record.status !== "pending") {
        dispatch({ type: "questionEnded", record, kind: outcomeOf(record, { resolverId: resolverId() }) ?? "unavailable", at: clock.now() });
        return;
      }
      let dock = store.getState().store;
      if (!dock?.getState().records.get(questionId)) {
        // The dock store took it for ended (a restart it misread) but the gateway still has it: start again, with the text kept.
        const unsent = dock?.getState().outcomes.get(questionId)?.unsent;
        if (unsent) {
          const answers = Object.entries(unsent).map(([qid, d]) => ({ questionId: qid, selected: [...d.selected], other: d.other }));
          const draft: SavedDraft = { requestId: record.id, step: 0, answers, edited: true, updatedAt: clock.now() };
          await recordsOf(storage, client, record)?.put("draft", record.id, draft).catch(() => undefined);
          if (!current()) return;
        }
        dock?.getState().actions.dispose();
        // A link may name a question of any conversation, or of none.
        const sessionKey = record.sessionKey ?? "main";
        dock = openStore({ client, sessionKey, showSessionless: true, typingGraceMs: 0, blockingDrafts: blockingDraftsFeature({ storage }), clock }, [record]);
      }
      dispatch({ type: "questionPending", record, store: dock });
    } catch (error) {
      if (!current()) return;
      if (!isGone(error)) return dispatch({ type: "readFailed", error: error instanceof Error ? error.message : String(error) });
      // The gateway no longer has it (a restart): whatever was typed stays there to copy.
      const { record, store: dock } = store.getState();
      let unsent = record && dock ? unsentDraft(record, dock.getState().views.get(record.id), "unavailable") : undefined;
      if (record && !unsent) {
        const drafts = (await recordsOf(storage, client, record)?.list("draft").catch(() => [])) ?? [];
        const saved = drafts.find((d): d is SavedDraft => isSavedDraft(d) && d.requestId === record.id);
        unsent = saved ? unsentOfSaved(saved) : undefined;
      }
      if (!current()) return;
      dispatch({ type: "questionGone", at: clock.now(), ...(unsent ? { unsent } : {}) });
    }
  }

  const off = client.onConnected(() => void read());
  function dispose() {
    if (disposed) return;
    disposed = true;
    off();
    // A read still under way belongs to the page that is going: its answer must not land.
    generation++;
    store.getState().store?.getState().actions.dispose();
  }

  void read();
  return store;
}
