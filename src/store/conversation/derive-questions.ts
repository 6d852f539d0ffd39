import type { ChatMessage } from "../../protocol/chat-message";
import { collectDeliveries, matchReplies, type Delivered, type SavedReply } from "./saved-replies";
import { mapRuns, messagePositions, runsOfMessages, type RunSpan } from "./runs";
import type { AsyncQuestionEntry, AsyncQuestionStatus } from "./question-entry";

/** What the person did to async questions on this device; none of it is in the gateway's history. */
export interface AsyncLocalState {
  /** Reopened questions, with the position a reopen is measured from (see `reopenAnchor`). */
  reopenedAt: ReadonlyMap<string, number>;
  /** Skipped questions: out of the dock, nothing sent. */
  skipped: ReadonlySet<string>;
}

/** An empty local state. */
export function emptyAsyncLocal(): AsyncLocalState {
  return { reopenedAt: new Map(), skipped: new Set() };
}

/**
 * True when a later run completed successfully: a run whose turn started after the question arrived (and after its
 * reopen, if reopened). That excludes the question's own run and runs that overlapped its delivery, however they end.
 * A restart-recovery run starts with its own recovery prompt, so a successful one after the delivery counts too; a
 * restart alone leaves the interrupted run without an ending, and failed, aborted or commentary-only runs end "settled".
 */
function retired(d: Delivered, successes: readonly RunSpan[], reopenedAt: number | undefined): boolean {
  return successes.some((run) => run.start > d.pos && (reopenedAt === undefined || run.start >= reopenedAt));
}

function statusOf(d: Delivered, reply: SavedReply | undefined, local: AsyncLocalState, onTheirWay: ReadonlySet<string>, successes: readonly RunSpan[]): AsyncQuestionStatus {
  const itemId = d.delivery.itemId;
  if (reply) return "answered";
  if (local.skipped.has(itemId)) return "skipped";
  if (onTheirWay.has(itemId)) return "pending";
  return retired(d, successes, local.reopenedAt.get(itemId)) ? "retired" : "pending";
}

/**
 * Derives every async question of a conversation from its history, the person's local choices and the questions
 * whose answer is on its way (`onTheirWay`: an outbox entry not yet confirmed), which are never retired; pure. A typed
 * draft does not protect: a later successful run retires the question and the draft stays with it for a reopen.
 */
export function deriveAsyncQuestions(messages: readonly ChatMessage[], local: AsyncLocalState, onTheirWay: ReadonlySet<string> = new Set()): AsyncQuestionEntry[] {
  const positions = messagePositions(messages);
  const owners = runsOfMessages(messages, positions);
  const runs = mapRuns(messages, positions, owners);
  const successes = [...runs.values()].filter((run) => run.ending === "successful");
  const delivered = collectDeliveries(messages, positions, owners);
  const replies = matchReplies(messages, delivered);
  return delivered.map((d) => {
    const reply = replies.get(d.delivery.itemId);
    return {
      delivery: d.delivery,
      ...(d.sourceMessageId ? { sourceMessageId: d.sourceMessageId } : {}),
      ...(d.runId ? { runId: d.runId } : {}),
      ...(d.turnId ? { turnId: d.turnId } : {}),
      index: d.index,
      ...(d.deliveredAt !== undefined ? { deliveredAt: d.deliveredAt } : {}),
      status: statusOf(d, reply, local, onTheirWay, successes),
      ...(reply ? { replyText: reply.text, ...(reply.key ? { replyKey: reply.key } : {}) } : {}),
    };
  });
}
