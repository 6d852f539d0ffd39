// An async (Codex) question as the dock holds it: its request id, which tells it from a gateway question's, its record
// and where it came from.
import { compact } from "../../protocol/reader";
import type { QuestionRecord } from "../../protocol/question-record";
import type { AsyncQuestionEntry } from "../conversation/question-entry";
import type { AsyncOrigin } from "../dock/outcomes";
import type { Outcome } from "../dock/state";
import type { OutboxData } from "../outbox/entry";
import { entryForItem } from "../outbox/outbox-rules";

const ASYNC_PREFIX = "async:";

/** The request id of an async question in the dock. */
export const asyncRequestId = (itemId: string) => `${ASYNC_PREFIX}${itemId}`;

/** The async question a request id names, or undefined for a gateway question. */
export const asyncItemOf = (requestId: string): string | undefined => (requestId.startsWith(ASYNC_PREFIX) ? requestId.slice(ASYNC_PREFIX.length) : undefined);

/** Where an async question came from: its item, the message that carried it and the run that asked. */
export const originOf = (entry: AsyncQuestionEntry): AsyncOrigin =>
  ({ itemId: entry.delivery.itemId, ...compact({ sourceMessageId: entry.sourceMessageId, runId: entry.runId }) });

/** An ended async question's outcome data: its origin, the answer in `outbox` if any, and the reply that answered it. */
export const endedAsync = (entry: AsyncQuestionEntry, outbox: OutboxData): NonNullable<Outcome["async"]> =>
  ({ ...originOf(entry), ...compact({ outboxId: entryForItem(outbox, entry.delivery.itemId)?.id, replyText: entry.replyText }) });

/** The dock's record of an async question. */
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
