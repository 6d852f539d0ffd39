import type { AsyncDelivery } from "../../protocol/async-delivery";

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
  /** The run that asked: named by the row, by its Codex turn's other rows, or by the person's message before it. */
  runId?: string;
  /** The Codex turn that asked (the first part of the row's `mirrorIdentity`). */
  turnId?: string;
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

/** The conversation's latest problem, as a kind; the views put it into words. */
export type ConversationProblem =
  /** `chat.history` could not be loaded (`retrying`: it is asked again); `reason` is the gateway's or the client's own words (untrusted text). */
  | { kind: "load-failed"; reason: string; retrying: boolean }
  /** Items the gateway sent could not be read: how many, and the first one's source, item id and problem. */
  | { kind: "delivery-refused"; count: number; source: string; itemId?: string; reason: string };
