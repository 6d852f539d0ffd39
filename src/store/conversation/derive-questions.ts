// Async questions as the history shows them: delivered where, in which run, answered or retired; pure.
import { parseAnswerText } from "../../protocol/answer-text";
import { codexTurnOf, sentKeyOf, type ChatMessage } from "../../protocol/chat-message";
import { runEndingOf, type RunEnding } from "../../protocol/run-ending";
import type { AsyncQuestionEntry } from "./question-entry";

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

/** True for a message a person wrote (not one the gateway injected, such as a restart-recovery prompt). */
export function isPersonMessage(message: ChatMessage): boolean {
  const kind = message.provenance?.kind;
  return message.role === "user" && (kind === undefined || kind === "external_user");
}

// A monotonic position per message: its transcript `seq` where it has one, else one past the previous position.
// Positions survive the history window moving on, which array indexes do not; without seqs they are the indexes.
function messagePositions(messages: readonly ChatMessage[]): number[] {
  let previous = -1;
  return messages.map((m) => (previous = m.seq !== undefined && m.seq > previous ? m.seq : previous + 1));
}

/** The position a reopen is measured from: one past the newest message; runs starting there count as after it. */
export function reopenAnchor(messages: readonly ChatMessage[]): number {
  return (messagePositions(messages).at(-1) ?? -1) + 1;
}

// The run of every message (`known`: a run id the history names, not a turn stand-in): its runId, else its Codex
// turn's run, for a user message its `<runId>:user` key's run, else the turn of the user message before it.
function runsOfMessages(messages: readonly ChatMessage[], positions: readonly number[]): { key: string; known: boolean }[] {
  const turns = new Map<string, string>();
  for (const m of messages) {
    const turn = codexTurnOf(m);
    if (turn !== undefined && m.runId !== undefined && !turns.has(turn)) turns.set(turn, m.runId);
  }
  let turn: { key: string; known: boolean } | undefined;
  return messages.map((m, i) => {
    const pos = positions[i]!;
    const bound = m.runId ?? turns.get(codexTurnOf(m) ?? "");
    if (m.role === "user") {
      const sent = bound ?? sentKeyOf(m);
      turn = sent !== undefined ? { key: sent, known: true } : { key: `turn@${pos}`, known: false };
      return turn;
    }
    if (bound !== undefined) return { key: bound, known: true };
    return turn ?? { key: `orphan@${pos}`, known: false };
  });
}

// Where each run that completed successfully started. One run holds every row it saved, so an abort's two rows (the
// gateway's and the mirrored one) end it once. The last ending counts (a commentary can precede the reply), but a
// stop or a failure is never undone.
function successfulRunStarts(messages: readonly ChatMessage[], positions: readonly number[], owners: readonly { key: string }[]): number[] {
  const runs = new Map<string, { start: number; ending?: RunEnding; stopped?: boolean }>();
  messages.forEach((m, i) => {
    // Positions only grow: a run starts at its first row.
    const run = runs.get(owners[i]!.key) ?? { start: positions[i]! };
    const ending = runEndingOf(m);
    if (ending && !run.stopped) run.ending = ending;
    if (ending === "settled" && m.phase !== "commentary") run.stopped = true;
    runs.set(owners[i]!.key, run);
  });
  return [...runs.values()].flatMap((run) => (run.ending === "successful" ? [run.start] : []));
}

type Delivered = Omit<AsyncQuestionEntry, "status" | "replyText" | "replyKey"> & { pos: number };

// The first delivery of each itemId, from assistant messages whose block is valid, each with its run.
function collectDeliveries(messages: readonly ChatMessage[], positions: readonly number[], owners: readonly { key: string; known: boolean }[]): Delivered[] {
  const seen = new Set<string>();
  return messages.flatMap((m, index) => {
    const delivery = m.role === "assistant" && m.asyncDelivery?.ok ? m.asyncDelivery.value : undefined;
    if (!delivery || seen.has(delivery.itemId)) return [];
    seen.add(delivery.itemId);
    const turnId = codexTurnOf(m);
    return {
      delivery,
      ...(m.id ? { sourceMessageId: m.id } : {}),
      ...(owners[index]!.known ? { runId: owners[index]!.key } : {}),
      ...(turnId ? { turnId } : {}),
      index,
      ...(m.timestamp !== undefined ? { deliveredAt: m.timestamp } : {}),
      pos: positions[index]!,
    };
  });
}

// Each question's saved reply: a person's later message replying to its message, or reading as answers to its titles.
// A reply that could answer several open questions answers none: guessing would mark the wrong one done.
function matchReplies(messages: readonly ChatMessage[], delivered: readonly Delivered[]): Map<string, { text: string; key?: string }> {
  const replies = new Map<string, { text: string; key?: string }>();
  messages.forEach((m, index) => {
    if (!isPersonMessage(m)) return;
    const answers = (d: Delivered) =>
      m.replyToId !== undefined ? d.sourceMessageId === m.replyToId : parseAnswerText(m.text, d.delivery.questions.map((q) => q.title)).kind === "split";
    const open = delivered.filter((d) => d.index < index && !replies.has(d.delivery.itemId) && answers(d));
    if (open.length !== 1) return;
    const key = sentKeyOf(m);
    replies.set(open[0]!.delivery.itemId, { text: m.text, ...(key ? { key } : {}) });
  });
  return replies;
}

/** Every async question of a conversation; one whose answer is on its way (`onTheirWay`) is never retired. */
export function deriveAsyncQuestions(messages: readonly ChatMessage[], local: AsyncLocalState, onTheirWay: ReadonlySet<string> = new Set()): AsyncQuestionEntry[] {
  const positions = messagePositions(messages);
  const owners = runsOfMessages(messages, positions);
  const successes = successfulRunStarts(messages, positions, owners);
  const delivered = collectDeliveries(messages, positions, owners);
  const replies = matchReplies(messages, delivered);
  return delivered.map(({ pos, ...d }) => {
    const itemId = d.delivery.itemId;
    const reply = replies.get(itemId);
    const reopenedAt = local.reopenedAt.get(itemId);
    // Retired by a later successful run that started after the delivery (and the reopen), so not its own or an
    // overlapping one; a restart-recovery run counts, while failed, aborted or commentary-only runs end "settled".
    // A typed draft does not protect: it stays with the question for a reopen.
    const retired = successes.some((start) => start > pos && (reopenedAt === undefined || start >= reopenedAt));
    const status = reply ? "answered" : local.skipped.has(itemId) ? "skipped" : !onTheirWay.has(itemId) && retired ? "retired" : "pending";
    return { ...d, status, ...(reply ? { replyText: reply.text, ...(reply.key ? { replyKey: reply.key } : {}) } : {}) };
  });
}
