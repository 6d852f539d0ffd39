// The standalone page of one question (a question link). It reads the question with `question.get`, again after
// every reconnect, and shows it through a dock store of the question's own conversation, so the page uses the same
// stepper, drafts, submit and outcome rules as the dock. When a read fails the page says so and offers Retry; the
// typed draft lives in the store and in blocking-draft storage (per question id), so neither the failure nor
// Retry loses it.
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import type { StoreApi } from "zustand/vanilla";
import { GatewayErrorCode, QuestionErrorReason, idTable, type IdTable, type QuestionRecord } from "../protocol";
import { getQuestion } from "../gateway/questions-api";
import { GatewayRequestError, type GatewayConnection } from "../gateway/types";
import { systemClock, type Clock } from "../gateway/clock";
import { createQuestionDockStore } from "../store/create-dock-store";
import { createIndexedDbBlockingDraftStorage, createMemoryBlockingDraftStorage, type BlockingDraftStorage } from "../store/blocking-draft-storage";
import { newResolverId, outcomeOf } from "../store/outcome-of";
import { tabResolverId } from "../store/sent-ledger";
import { unsentDraft } from "../store/unsent-draft";
import type { DockStore, Outcome, QuestionDraft } from "../store/types";

/** Where the page stands: reading the question, showing it, the gateway no longer has it, or a read failed. */
export type QuestionPagePhase = "loading" | "ready" | "gone" | "error";

/** Options of `useQuestionPage`. */
export interface QuestionPageOptions {
  /** A started gateway client. */
  client: GatewayConnection;
  /** The question's id, as the link names it. */
  questionId: string;
  /** Where the typed draft survives a reload and a Retry; keep it stable across renders. @default IndexedDB, or memory where there is none */
  draftStorage?: BlockingDraftStorage;
  /** The page store's time and timers; keep it stable across renders. @default systemClock */
  clock?: Clock;
}

/** What `useQuestionPage` gives a view. */
export interface QuestionPageState {
  phase: QuestionPagePhase;
  /** The failed read, in the gateway's or the client's words (phase "error"). */
  error?: string;
  /** The question as last read. */
  record?: QuestionRecord;
  /** The dock store that shows and answers the question; present once it was read. */
  store?: StoreApi<DockStore>;
  /** How the question ended when the page learned it from a read rather than from its store. */
  ended?: Outcome;
  /** True while a read is under way. */
  busy: boolean;
  /** Reads the question again; the draft is kept. */
  retry(): void;
}

type Inner = Omit<QuestionPageState, "retry">;

// The same resolver id as the tab's docks, so an answer given in another dock of this tab reads as this tab's.
const resolverId = () => tabResolverId(() => newResolverId());

const isGone = (error: unknown) =>
  error instanceof GatewayRequestError && (error.reason === QuestionErrorReason.NotFound || error.code === GatewayErrorCode.Forbidden);

const words = (error: unknown) => (error instanceof Error ? error.message : String(error));

async function savedDraft(storage: BlockingDraftStorage, record: QuestionRecord): Promise<IdTable<QuestionDraft> | undefined> {
  const drafts = await storage.load(record.sessionKey ?? "main").catch(() => []);
  const saved = drafts.find((d) => d.requestId === record.id);
  if (!saved) return undefined;
  const table = idTable(saved.answers.filter((a) => a.selected.length > 0 || a.other.trim() !== "").map((a) => [a.questionId, { selected: a.selected, other: a.other }] as const));
  return Object.keys(table).length > 0 ? table : undefined;
}

/** Loads one question for a standalone page and keeps it current across reconnects; see `QuestionPage`. */
export function useQuestionPage({ client, questionId, draftStorage, clock }: QuestionPageOptions): QuestionPageState {
  const storage = useMemo(
    () => draftStorage ?? (typeof indexedDB === "undefined" ? createMemoryBlockingDraftStorage() : createIndexedDbBlockingDraftStorage()),
    [draftStorage],
  );
  const [state, setState] = useState<Inner>({ phase: "loading", busy: true });
  const storeRef = useRef<StoreApi<DockStore> | undefined>(undefined);
  const recordRef = useRef<QuestionRecord | undefined>(undefined);
  const generation = useRef(0);

  const makeStore = useCallback(
    (record: QuestionRecord) => {
      storeRef.current?.getState().actions.dispose();
      storeRef.current = createQuestionDockStore({
        client,
        sessionKey: record.sessionKey ?? "main",
        // A link may name a question of any conversation, or of none.
        showSessionless: true,
        initialRecords: [record],
        typingGraceMs: 0,
        blockingDrafts: { storage },
        ...(clock ? { clock } : {}),
      });
      return storeRef.current;
    },
    [client, storage, clock],
  );

  const load = useCallback(async () => {
    const now = () => (clock ?? systemClock).now();
    const gen = ++generation.current;
    const current = () => gen === generation.current;
    setState((s) => ({ ...s, busy: true }));
    try {
      const record = await getQuestion(client, questionId);
      if (!current()) return;
      recordRef.current = record;
      let store = storeRef.current;
      const held = store?.getState();
      if (record.status === "pending") {
        const here = held && held.records.get(questionId);
        if (!here) {
          // The store took it for ended (a restart it misread) but the gateway still has it: start again, with the text kept.
          const unsent = held?.outcomes.get(questionId)?.unsent;
          if (unsent) {
            const answers = Object.entries(unsent).map(([qid, d]) => ({ questionId: qid, selected: [...d.selected], other: d.other }));
            await storage.save({ sessionKey: record.sessionKey ?? "main", requestId: record.id, step: 0, answers, updatedAt: now() }).catch(() => undefined);
            if (!current()) return;
          }
          store = makeStore(record);
        }
        setState({ phase: "ready", record, store, busy: false });
        return;
      }
      const kind = outcomeOf(record, { resolverId: resolverId() }) ?? "unavailable";
      const ended: Outcome = { kind, record, at: now(), ...(record.answers ? { answers: record.answers } : {}) };
      setState({ phase: "ready", record, ...(store ? { store } : {}), ended, busy: false });
    } catch (error) {
      if (!current()) return;
      if (!isGone(error)) {
        setState((s) => ({ ...s, phase: "error", error: words(error), busy: false }));
        return;
      }
      // The gateway no longer has it (a restart): Unavailable, with whatever was typed still there to copy.
      const record = recordRef.current;
      const s = storeRef.current?.getState();
      let unsent = record && s ? unsentDraft(record, s.views.get(record.id), "unavailable") : undefined;
      if (record && !unsent) unsent = await savedDraft(storage, record);
      if (!current()) return;
      const ended = record ? { kind: "unavailable" as const, record, at: now(), ...(unsent ? { unsent } : {}) } : undefined;
      setState({ phase: "gone", ...(record ? { record } : {}), ...(storeRef.current ? { store: storeRef.current } : {}), ...(ended ? { ended } : {}), busy: false });
    }
  }, [client, questionId, storage, makeStore, clock]);

  useEffect(() => {
    const reads = generation;
    void load();
    const off = client.onConnected(() => void load());
    return () => {
      off();
      // A read still under way belongs to the page that is going: its answer must not land.
      reads.current++;
      storeRef.current?.getState().actions.dispose();
      storeRef.current = undefined;
    };
  }, [client, load]);

  const retry = useCallback(() => void load(), [load]);
  return { ...state, retry };
}
