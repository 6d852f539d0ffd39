import type { AsyncDelivery, RunEnding } from "../../protocol";

/** How a run ended, read from the saved history or from live events (defined with its classifier in protocol). */
export type { RunEnding };

/** Where an async question stands in the conversation. */
export type AsyncQuestionStatus =
  /** In the dock, waiting for an answer. */
  | "pending"
  /** Moved into history by a later successful run; the transcript offers "Answer" to reopen it. */
  | "retired"
  /** A reply to it is in the saved history. */
  | "answered"
  /** Skipped by the person: out of the dock, nothing sent; the transcript keeps a summary. */
  | "skipped";

/** One async question as derived from the conversation history. */
export interface AsyncQuestionEntry {
  delivery: AsyncDelivery;
  /** The assistant message that carried it: the `replyToId` of the answer. */
  sourceMessageId?: string;
  runId?: string;
  /** Position in the history, the order in which things happened. */
  index: number;
  /** When it arrived (epoch ms), when the message says. */
  deliveredAt?: number;
  status: AsyncQuestionStatus;
  /** The saved reply text, once answered. */
  replyText?: string;
  /** The idempotency key of the saved reply (without the gateway's `:user` suffix), to confirm outbox entries. */
  replyKey?: string;
}
