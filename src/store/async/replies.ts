import { parseAnswerText, type AsyncDelivery, type ChatMessage } from "../../protocol";
import { isPersonMessage, sentKeyOf } from "./runs";

/** An async question as delivered: where in the history, on which message, in which run. */
export interface Delivered {
  delivery: AsyncDelivery;
  /** Index of the carrying message in the history array. */
  index: number;
  /** Its position (see `messagePositions`). */
  pos: number;
  sourceMessageId?: string;
  runId?: string;
  deliveredAt?: number;
}

/** A saved reply to an async question. */
export interface SavedReply {
  text: string;
  /** The reply's `chat.send` idempotency key. */
  key?: string;
}

/** The first delivery of each itemId, from assistant messages whose block is valid; later copies are ignored. */
export function collectDeliveries(messages: readonly ChatMessage[], positions: readonly number[]): Delivered[] {
  const seen = new Set<string>();
  const out: Delivered[] = [];
  messages.forEach((m, index) => {
    if (m.role !== "assistant" || !m.asyncDelivery?.ok) return;
    const delivery = m.asyncDelivery.value;
    if (seen.has(delivery.itemId)) return;
    seen.add(delivery.itemId);
    out.push({
      delivery,
      index,
      pos: positions[index]!,
      ...(m.id ? { sourceMessageId: m.id } : {}),
      ...(m.runId ? { runId: m.runId } : {}),
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
