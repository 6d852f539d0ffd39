// A chat message typed while the agent waits on a question is usually its answer: sent as chat it would reach
// nobody who is listening for it, so the composer offers to send it as the answer instead.
import { useCallback, useMemo } from "react";
import { entryOf, parseTextReply, type QuestionAnswers, type QuestionRecord } from "../protocol";
import { isBusy } from "../store/dock-reducer";
import { activeRecord } from "../store/selectors";
import type { DockState } from "../store/types";
import { useDockStore, useDockStoreApi } from "./dock-context";

/** What the composer's text would do to the active blocking request: answer it with `answers`, or skip it. */
export interface ComposerAnswerOffer {
  requestId: string;
  /** The first question's header, or its question text when it has none. */
  header: string;
  /** What would be sent, one line per question ("Deploy: Production"); empty for a skip. */
  lines: string[];
  /** The answers to send; absent when the reply skips the prompt. */
  answers?: QuestionAnswers;
  skip: boolean;
}

/** The offer for the composer's text, if any, and the way to take it. */
export interface ComposerAnswer {
  offer: ComposerAnswerOffer | undefined;
  /** Sends the offer through the store as a dock submit (or skip) would; resolves true unless the gateway refused it. */
  confirm(): Promise<boolean>;
}

// Only a blocking request that is not already on its way can take a reply; an async one reads chat replies itself.
function answerableRecord(s: DockState): QuestionRecord | undefined {
  const record = activeRecord(s);
  if (!record || s.asyncLinks.get(record.id) || isBusy(s.submissions.get(record.id))) return undefined;
  return record;
}

function offerFor(record: QuestionRecord, text: string): ComposerAnswerOffer | undefined {
  if (text.trim() === "") return undefined;
  const reply = parseTextReply(record, text);
  if (!reply.ok) return undefined;
  const first = record.questions[0];
  const header = first?.header.trim() || first?.question.trim() || "";
  if (reply.skip) return { requestId: record.id, header, lines: [], skip: true };
  const lines = record.questions.map((q) => `${q.header.trim() || q.question.trim()}: ${(entryOf(reply.answers.answers, q.questionId) ?? []).join(", ")}`);
  return { requestId: record.id, header, lines, answers: reply.answers, skip: false };
}

/** Reads the composer's `text` as a reply to the active blocking request; `offer` is undefined when it is plain chat. */
export function useComposerAnswer(text: string): ComposerAnswer {
  const store = useDockStoreApi();
  const record = useDockStore(answerableRecord);
  const offer = useMemo(() => (record ? offerFor(record, text) : undefined), [record, text]);
  const confirm = useCallback(async () => {
    if (!offer) return false;
    const { actions } = store.getState();
    await (offer.answers ? actions.answerWith(offer.requestId, offer.answers) : actions.skip(offer.requestId));
    return store.getState().submissions.get(offer.requestId)?.status !== "error";
  }, [offer, store]);
  return { offer, confirm };
}
