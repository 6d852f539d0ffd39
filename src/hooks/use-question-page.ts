// The standalone page of one question (a question link), shown through a dock store of the question's own
// conversation, so the page uses the same stepper, drafts, submit and outcome rules as the dock. The typed draft
// lives in that store and in draft storage (per question id), so neither a failed read nor Retry loses it.
import { useEffect, useState } from "react";
import type { QuestionRecord } from "../protocol/question-record";
import { errorMessage } from "../protocol/result";
import { getQuestion, isQuestionGone } from "../gateway/questions-api";
import type { GatewayConnection } from "../gateway/connection";
import { systemClock, type Clock } from "../gateway/clock";
import { openStore } from "../store/create-store";
import { draftsFeature } from "../store/opt-in/factories";
import { defaultStorage, type DockStorage } from "../store/keep/storage";
import { endedRecordOutcome, outcomeOf } from "../store/dock/outcomes";
import { tabResolverId } from "../store/keep/keep";
import type { Outcome, QuestionDockStore } from "../store/dock/state";

/** Where the page stands: reading the question, showing it, the gateway no longer has it, or a read failed. */
export type QuestionPagePhase = "loading" | "ready" | "gone" | "error";

/** What a question page shows. */
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

/** Options of `useQuestionPage` and `QuestionPage`. */
export interface QuestionPageOptions {
  /** A started gateway client. */
  client: GatewayConnection;
  /** The question's id, as the link names it. */
  questionId: string;
  /** Where the typed draft survives a reload and a Retry; keep it stable across renders. @default IndexedDB, or memory where there is none */
  draftStorage?: DockStorage;
  /** The page's time and timers; keep it stable across renders. @default systemClock */
  clock?: Clock;
}

/** What `useQuestionPage` gives a view: what the page shows, and Retry. */
export interface QuestionPageState extends QuestionPageData {
  /** Reads the question again; the draft is kept. */
  retry(): void;
}

const LOADING: QuestionPageState = { phase: "loading", busy: true, retry: () => {} };

/** Loads one question for a standalone page and keeps it current across reconnects; see `QuestionPage`. */
export function useQuestionPage({ client, questionId, draftStorage, clock = systemClock }: QuestionPageOptions): QuestionPageState {
  const [page, setPage] = useState(LOADING);

  useEffect(() => {
    // Only the newest read may land: an older one's answer would show a page the gateway has since moved past.
    let generation = 0;
    let live = true;
    let s = LOADING;
    // Once read, the question and its dock store stay through every later read, so nothing typed in it is lost.
    let record: QuestionRecord | undefined;
    let store: QuestionDockStore | undefined;
    const retry = () => void load();
    const show = (next: Partial<QuestionPageData>) =>
      setPage((s = { phase: "ready", busy: false, ...next, ...(record ? { record } : {}), ...(store ? { store } : {}), retry }));

    async function load(): Promise<void> {
      if (!live) return;
      const gen = ++generation;
      if (!s.busy) show({ ...s, busy: true });
      try {
        const read = await getQuestion(client, questionId);
        if (!live || gen !== generation) return;
        record = read;
        if (read.status !== "pending") {
          // The same resolver id as the tab's docks, so an answer given in another dock of this tab reads as this tab's.
          const kind = outcomeOf(read, { resolverId: tabResolverId() }) ?? "unavailable";
          return show({ ended: endedRecordOutcome(read, kind, clock.now(), false) });
        }
        // A link may name a question of any conversation, or of none. A question its store saw end never comes back.
        const blockingDrafts = draftsFeature({ storage: draftStorage ?? defaultStorage() });
        store ??= openStore({ client, sessionKey: read.sessionKey ?? "main", showSessionless: true, typingGraceMs: 0, blockingDrafts, clock }, [read]);
        show({});
      } catch (error) {
        if (!live || gen !== generation) return;
        if (!isQuestionGone(error)) return show({ ...s, phase: "error", error: errorMessage(error), busy: false });
        // The gateway no longer has it (a restart): the dock store keeps what was typed in it, to copy.
        show({ phase: "gone", ...(record ? { ended: { kind: "unavailable", record, at: clock.now() } } : {}) });
      }
    }

    const off = client.onConnected(() => void load());
    void load();
    return () => {
      off();
      // A read still under way belongs to the page that is going: its answer must not land.
      live = false;
      store?.getState().actions.dispose();
      // Another question (or none) is next: it starts from loading, not from this one's page.
      setPage(LOADING);
    };
  }, [client, questionId, draftStorage, clock]);

  return page;
}
