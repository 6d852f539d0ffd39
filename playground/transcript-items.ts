// The transcript's order: chat messages as the conversation has them (a failed or stopped run's ending at its own
// turn), and each question summary at the agent turn that asked it, not where it happened to settle.
import type { Outcome } from "../src";
import type { ChatEntry } from "./chat-entries";
import { endingsAtTheirTurn } from "./turn-order";

/** One row of the transcript. */
export type TranscriptItem = { kind: "message"; entry: ChatEntry } | { kind: "outcome"; outcome: Outcome };

type Placed = { after: number } | { before: number };

/** Where the messages that asked stand, by what an outcome names them with. */
interface Askers {
  calls: ReadonlyMap<string, number>;
  asyncItems: ReadonlyMap<string, number>;
  messageIds: ReadonlyMap<string, number>;
}

function askersOf(entries: readonly ChatEntry[]): Askers {
  const calls = new Map<string, number>();
  const asyncItems = new Map<string, number>();
  const messageIds = new Map<string, number>();
  entries.forEach((e, i) => {
    e.askCalls?.forEach((id) => calls.set(id, i));
    if (e.asyncItemId !== undefined && !asyncItems.has(e.asyncItemId)) asyncItems.set(e.asyncItemId, i);
    if (e.messageId !== undefined) messageIds.set(e.messageId, i);
  });
  return { calls, asyncItems, messageIds };
}

// Where a summary goes among the entries: right after the message that asked (its tool call, its async item, or the
// transcript id it names); else, for a run the transcript shows, before the first message of that run written after
// the question was asked (the run's reply to the answer), or after the run's last message; else nowhere here
// (placed by time).
function placeOf(outcome: Outcome, entries: readonly ChatEntry[], askers: Askers): Placed | undefined {
  const { calls, asyncItems, messageIds } = askers;
  const asker =
    (outcome.toolCallId !== undefined ? calls.get(outcome.toolCallId) : undefined) ??
    (outcome.async ? asyncItems.get(outcome.async.itemId) : undefined) ??
    (outcome.anchor !== undefined ? messageIds.get(outcome.anchor) : undefined);
  if (asker !== undefined) return { after: asker };
  if (outcome.runId === undefined) return undefined;
  const asked = outcome.record.createdAtMs;
  let last = -1;
  for (let i = 0; i < entries.length; i++) {
    if (entries[i]!.runId !== outcome.runId) continue;
    if (entries[i]!.at > asked) return { before: i };
    last = i;
  }
  return last >= 0 ? { after: last } : undefined;
}

/**
 * Messages in feed order with failed and stopped endings at their run's turn, and every summary at its turn (see
 * `placeOf`), summaries at one place in the order asked. A summary whose turn is not shown goes among the messages
 * by time. Messages that only asked, without text, are not rows of their own: their summaries stand there.
 */
export function transcriptItems(feedEntries: readonly ChatEntry[], outcomes: readonly Outcome[]): TranscriptItem[] {
  const entries = endingsAtTheirTurn(feedEntries);
  const askers = askersOf(entries);
  const before = new Map<number, Outcome[]>();
  const after = new Map<number, Outcome[]>();
  const loose: Outcome[] = [];
  for (const outcome of outcomes) {
    const place = placeOf(outcome, entries, askers);
    if (!place) loose.push(outcome);
    else if ("after" in place) after.set(place.after, [...(after.get(place.after) ?? []), outcome]);
    else before.set(place.before, [...(before.get(place.before) ?? []), outcome]);
  }
  const asked = (list: Outcome[] | undefined) => [...(list ?? [])].sort((a, b) => a.record.createdAtMs - b.record.createdAtMs);
  const items: Array<TranscriptItem & { at: number }> = [];
  entries.forEach((entry, i) => {
    for (const outcome of asked(before.get(i))) items.push({ kind: "outcome", outcome, at: entry.at });
    if (entry.text !== "" || (!entry.askCalls && entry.asyncItemId === undefined)) items.push({ kind: "message", entry, at: entry.at });
    for (const outcome of asked(after.get(i))) items.push({ kind: "outcome", outcome, at: entry.at });
  });
  for (const outcome of [...loose].sort((a, b) => a.at - b.at)) {
    const at = items.findIndex((i) => i.at > outcome.at);
    items.splice(at === -1 ? items.length : at, 0, { kind: "outcome", outcome, at: outcome.at });
  }
  return items.map(({ at: _at, ...item }) => item as TranscriptItem);
}
