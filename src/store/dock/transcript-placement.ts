// A summary stands at the agent turn that asked, not where the question settled (minutes later, elsewhere, or read
// back after a reload). Pure, so rows are the same live and after a reload, blocking and async alike.
import type { Outcome } from "./outcomes";

/** One conversation message, as the placement reads it; a host maps its own messages to this shape. */
export interface TranscriptMessage {
  /** Unique among the messages: the row's key. */
  id: string;
  /** `"user"` for the person's messages, which are never a run's reply; any other role may be. */
  role: string;
  /** Epoch ms the message was written (or first seen): orders summaries whose turn is not among the messages. */
  at: number;
  /** The agent run it belongs to (a person's message: the run its send started). */
  runId?: string;
  /** The ask_user tool calls this message made: each one's summary goes right after it. */
  toolCallIds?: readonly string[];
  /** The async question this message carried (`openclawAsyncDelivery.itemId`): its summary goes right after it. */
  asyncItemId?: string;
  /** The transcript id (`__openclaw.id`) that an outcome's `anchor` names. */
  messageId?: string;
  /** The message only asked and has no text of its own: it is no row, and its summaries stand in its place. */
  onlyAsked?: boolean;
}

/** One row of a transcript: a host's message or a question's summary. */
export type TranscriptItem<M extends TranscriptMessage = TranscriptMessage> =
  | { kind: "message"; key: string; message: M }
  | { kind: "summary"; key: string; outcome: Outcome };

// The positions of the messages that asked, by each name an outcome may use for its asker, and each run's messages.
function askersOf(messages: readonly TranscriptMessage[]) {
  // Maps, not objects: ids come from the agent, and `__proto__` or `constructor` must stay plain keys.
  const askers = { calls: new Map<string, number>(), asyncItems: new Map<string, number>(), messageIds: new Map<string, number>(), runs: new Map<string, number[]>() };
  messages.forEach((m, i) => {
    m.toolCallIds?.forEach((id) => askers.calls.set(id, i));
    // An async item is shown again by later rows (the reply quotes it): the first row is the one that asked.
    if (m.asyncItemId !== undefined && !askers.asyncItems.has(m.asyncItemId)) askers.asyncItems.set(m.asyncItemId, i);
    if (m.messageId !== undefined) askers.messageIds.set(m.messageId, i);
    if (m.runId !== undefined) push(askers.runs, m.runId, i);
  });
  return askers;
}

// The asking message when the outcome names one the messages hold; else, with only its run known, before the
// first reply of that run written after the question was asked (what the agent said to the answer), or after the
// run's last message; else nowhere (placed by time). As a slot: 2i is right before message i, 2i + 1 right after it.
function slotOf(outcome: Outcome, messages: readonly TranscriptMessage[], askers: ReturnType<typeof askersOf>): number | undefined {
  const asker =
    (outcome.toolCallId !== undefined ? askers.calls.get(outcome.toolCallId) : undefined) ??
    (outcome.async ? askers.asyncItems.get(outcome.async.itemId) : undefined) ??
    (outcome.anchor !== undefined ? askers.messageIds.get(outcome.anchor) : undefined);
  if (asker !== undefined) return 2 * asker + 1;
  const runId = outcome.runId ?? outcome.async?.runId;
  const run = runId !== undefined ? askers.runs.get(runId) : undefined;
  if (!run) return undefined;
  const asked = outcome.record.createdAtMs;
  // The person's message that started the run can carry a later local time than the gateway's question: never a reply.
  const reply = run.find((i) => messages[i]!.role !== "user" && messages[i]!.at > asked);
  return reply !== undefined ? 2 * reply : 2 * run[run.length - 1]! + 1;
}

function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

/** The messages in order, each summary at the turn that asked (else by time), summaries at one place in asked order. */
export function placeQuestionSummaries<M extends TranscriptMessage>(messages: readonly M[], outcomes: readonly Outcome[]): TranscriptItem<M>[] {
  const askers = askersOf(messages);
  const slots = new Map<number, Outcome[]>();
  const loose: Outcome[] = [];
  // In asked order, so the summaries that share a place stand in asked order.
  for (const outcome of [...outcomes].sort((a, b) => a.record.createdAtMs - b.record.createdAtMs)) {
    const slot = slotOf(outcome, messages, askers);
    if (slot === undefined) loose.push(outcome);
    else push(slots, slot, outcome);
  }
  const summary = (outcome: Outcome, at: number) => ({ item: { kind: "summary" as const, key: `q:${outcome.record.id}`, outcome }, at });
  const placed: Array<{ item: TranscriptItem<M>; at: number }> = [];
  messages.forEach((message, i) => {
    for (const outcome of slots.get(2 * i) ?? []) placed.push(summary(outcome, message.at));
    if (!message.onlyAsked) placed.push({ item: { kind: "message", key: `m:${message.id}`, message }, at: message.at });
    for (const outcome of slots.get(2 * i + 1) ?? []) placed.push(summary(outcome, message.at));
  });
  // Each loose summary goes before the first later row; that row only moves forward, so one pass places them all.
  loose.sort((a, b) => a.at - b.at);
  const items: TranscriptItem<M>[] = [];
  let next = 0;
  for (const outcome of loose) {
    while (next < placed.length && placed[next]!.at <= outcome.at) items.push(placed[next++]!.item);
    items.push(summary(outcome, outcome.at).item);
  }
  while (next < placed.length) items.push(placed[next++]!.item);
  return items;
}
