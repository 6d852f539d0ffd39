import { parseAnswerText } from "../../protocol/answer-text";
import type { AsyncDelivery } from "../../protocol/async-delivery";
import { codexTurnOf, sentKeyOf, type ChatMessage } from "../../protocol/chat-message";
import { isPersonMessage, type RunOfMessage } from "./runs";

/** An async question as delivered: where in the history, on which message, in which run. */
export interface Delivered {
  delivery: AsyncDelivery;
  /** Index of the carrying message in the history array. */
  index: number;
  /** Its position (see `messagePositions`). */
  pos: number;
  sourceMessageId?: string;
  /** The run that asked, when the history names it (a Codex question's row names only its turn). */
  runId?: string;
  /** The Codex turn that asked, from the row's `mirrorIdentity`. */
  turnId?: string;
  deliveredAt?: number;
}

/** A saved reply to an async question. */
export interface SavedReply {
  text: string;
  /** The reply's `chat.send` idempotency key. */
  key?: string;
}

/** The first delivery of each itemId, from assistant messages whose block is valid, each with its run; later copies are ignored. */
export function collectDeliveries(messages: readonly ChatMessage[], positions: readonly number[], owners: readonly RunOfMessage[]): Delivered[] {
  const seen = new Set<string>();
  const out: Delivered[] = [];
  messages.forEach((m, index) => {
    if (m.role !== "assistant" || !m.asyncDelivery?.ok) return;
    const delivery = m.asyncDelivery.value;
    if (seen.has(delivery.itemId)) return;
    seen.add(delivery.itemId);
    const owner = owners[index];
    const turnId = codexTurnOf(m);
    out.push({
      delivery,
      index,
      pos: positions[index]!,
      ...(m.id ? { sourceMessageId: m.id } : {}),
      ...(owner?.known ? { runId: owner.key } : {}),
      ...(turnId ? { turnId } : {}),
      ...(m.timestamp !== undefined ? { deliveredAt: m.timestamp } : {}),
    });
  });
  return out;
}

function answers(message: ChatMessage, d: Delivered): boolean {
  if (message.replyToId !== undefined) return d.sourceMessageId === message.replyToId;
  return parseAnswerText(message.text, d.delivery.questions.map((q) => q.title)).kind === "split";
}

/** Finds each question's saved reply: a person's later message replying to its message, or reading as answers to its titles. */
// A reply that could answer several open questions answers none: guessing would mark the wrong one done.
export function matchReplies(messages: readonly ChatMessage[], delivered: readonly Delivered[]): Map<string, SavedReply> {
  const replies = new Map<string, SavedReply>();
  messages.forEach((m, index) => {
    if (!isPersonMessage(m)) return;
    const open = delivered.filter((d) => d.index < index && !replies.has(d.delivery.itemId) && answers(m, d));
    if (open.length !== 1) return;
    const key = sentKeyOf(m);
    replies.set(open[0]!.delivery.itemId, { text: m.text, ...(key ? { key } : {}) });
  });
  return replies;
}
