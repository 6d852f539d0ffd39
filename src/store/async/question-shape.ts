// How an async (Codex) question looks inside the dock: its request id and the record the dock shows.
import type { QuestionRecord } from "../../protocol/question-record";
import type { AsyncQuestionEntry } from "../conversation/question-entry";

const ASYNC_PREFIX = "async:";

/** The request id of an async question in the dock. */
export const asyncRequestId = (itemId: string) => `${ASYNC_PREFIX}${itemId}`;

/** The async question a request id names, or undefined for a gateway question. */
export const asyncItemOf = (requestId: string): string | undefined => (requestId.startsWith(ASYNC_PREFIX) ? requestId.slice(ASYNC_PREFIX.length) : undefined);

/** The record the dock shows for an async question. */
export function recordOf(entry: AsyncQuestionEntry, sessionKey: string, now: number): QuestionRecord {
  return {
    id: asyncRequestId(entry.delivery.itemId),
    questions: entry.delivery.questions.map((q, i) => ({
      // An async delivery's questions have no ids of their own.
      questionId: `q${i}`,
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
