// How an async (Codex) question looks inside the dock: its request id, the record the dock shows, and the saved
// form of its draft that the outbox and storage keep (dock/saved-drafts.ts brings one back).
import type { QuestionRecord } from "../../protocol/question-record";
import type { AsyncQuestionEntry } from "../conversation/types";
import type { AsyncDraft } from "../outbox/types";
import { asyncQuestionKey } from "../dock/saved-drafts";
import { draftOf } from "../dock/selectors";
import type { AsyncLink, RequestView } from "../dock/types";

/** The request id of an async question in the dock. */
export const asyncRequestId = (itemId: string) => `async:${itemId}`;

/** The record the dock shows for an async question. */
export function recordOf(entry: AsyncQuestionEntry, sessionKey: string, now: number): QuestionRecord {
  return {
    id: asyncRequestId(entry.delivery.itemId),
    questions: entry.delivery.questions.map((q, i) => ({
      questionId: asyncQuestionKey(i),
      // The title is the question itself; no header chip, so it never shows twice.
      header: "",
      question: q.title,
      options: q.options.map((label) => ({ label })),
      isOther: true,
    })),
    sessionKey,
    // The run that asked binds the summary to its turn; a Codex question's row names it only through its turn.
    ...(entry.runId ? { runId: entry.runId } : {}),
    createdAtMs: entry.deliveredAt ?? now,
    // Async questions do not expire; they leave by retirement, an answer or a skip.
    expiresAtMs: Number.POSITIVE_INFINITY,
    status: "pending",
  };
}

/** The saved form of a dock view, for storage, the outbox and a reopen. */
export function draftOfView(record: QuestionRecord, view: RequestView | undefined, link: AsyncLink, sessionKey: string, now: number): AsyncDraft {
  return {
    itemId: link.itemId,
    sessionKey,
    answers: record.questions.map((q) => {
      const d = draftOf(view, q.questionId);
      return { selected: [...d.selected], other: d.other, ...(d.positions ? { positions: [...d.positions] } : {}) };
    }),
    edited: (view?.editedAt ?? 0) > 0,
    updatedAt: now,
  };
}
