// How a request ended, and the draft and async origin an ending keeps. The outcome log holds these and the dock's
// state holds the log, so they sit in a module of their own that both can import.
import type { IdTable } from "../../protocol/id-table";
import type { QuestionAnswers } from "../../protocol/answers";
import type { QuestionRecord } from "../../protocol/question-record";

/** One question's draft: chosen labels and typed Other text, kept apart so text equal to a label stays text. */
export interface QuestionDraft {
  selected: string[];
  other: string;
  /**
   * Which options the labels in `selected` are, by position, in the same order: an agent may repeat a label, and
   * only the option picked is checked. Set only where a chosen label repeats; absent, each label is its first option.
   */
  positions?: number[];
}

/**
 * How a request left the dock: answered here (the dock or this page's chat reply) or elsewhere; answered by a chat
 * reply this page did not send; skipped by the person here, or skipped on another surface; cancelled by the agent's side (its run aborted or ended, or a newer message superseded the turn);
 * expired; unavailable (the gateway no longer knows it); retired (an async question moved to history); or ended by
 * a `resolvedBy` the kit has no words for.
 */
export type OutcomeKind =
  | "answered"
  | "answered-elsewhere"
  | "answered-in-chat"
  | "skipped"
  | "skipped-elsewhere"
  | "cancelled"
  | "ended"
  | "expired"
  | "unavailable"
  | "retired"
  /** Read back from the transcript, which shows no answer and does not say why. */
  | "no-answer";

/** What ties a dock request to an async (Codex) question: answers go out as chat messages, not question.resolve. */
export interface AsyncOrigin {
  itemId: string;
  /** The assistant message that carried the question; the reply's replyToId. */
  sourceMessageId?: string;
  /** The run that asked, once the history names it. */
  runId?: string;
}

/** A terminal request kept for the transcript summary; never evicted by time. */
export interface Outcome {
  kind: OutcomeKind;
  record: QuestionRecord;
  answers?: QuestionAnswers;
  at: number;
  /** Set for async questions: the outbox entry that carries the answer, or the saved reply text. */
  async?: AsyncOrigin & { outboxId?: string; replyText?: string };
  /** What the person had chosen or typed but never sent, kept when the request left without their answer. */
  unsent?: IdTable<QuestionDraft>;
  /** The answer was sent but its reply was cut off before the question went: it may have arrived, so it is not called unsent. */
  unsentMayHaveArrived?: true;
  /** The agent run that asked: binds the summary to its turn in the transcript. */
  runId?: string;
  /** The assistant tool call that asked, when the transcript showed it. */
  toolCallId?: string;
  /** The transcript id of the assistant message that asked. */
  anchor?: string;
  /** Set when the outcome was read back from the transcript rather than seen live. */
  fromHistory?: true;
  /** From the transcript: the question was skipped or cancelled, by whom it does not say. */
  noAnswerReason?: "cancelled";
}
