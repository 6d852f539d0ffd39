// The transcript's order: chat messages as the conversation has them, and each question summary at the agent
// turn that asked it, not where it happened to settle.
import type { Outcome } from "../src";
import type { ChatEntry } from "./chat-feed";

/** One row of the transcript. */
export type TranscriptItem = { kind: "message"; entry: ChatEntry } | { kind: "outcome"; outcome: Outcome };

type Placed = { after: number } | { before: number };

// Where a summary goes among the entries: right after the message that made its tool call; else, for a run the
// transcript shows, before the first message of that run written after the question was asked (the run's reply
// to the answer), or after the run's last message; else nowhere here (placed by time).
function placeOf(outcome: Outcome, entries: readonly ChatEntry[], calls: ReadonlyMap<string, number>): Placed | undefined {
  const call = outcome.toolCallId !== undefined ? calls.get(outcome.toolCallId) : undefined;
  if (call !== undefined) return { after: call };
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
 * Messages in feed order, with every summary at its turn (see `placeOf`), summaries at one place in the order
 * asked. A summary whose turn is not shown goes among the messages by time. Messages that only called ask_user
 * are not rows of their own: their summaries stand there.
 */
export function transcriptItems(entries: readonly ChatEntry[], outcomes: readonly Outcome[]): TranscriptItem[] {
  const calls = new Map<string, number>();
  entries.forEach((e, i) => e.askCalls?.forEach((id) => calls.set(id, i)));
  const before = new Map<number, Outcome[]>();
  const after = new Map<number, Outcome[]>();
  const loose: Outcome[] = [];
  for (const outcome of outcomes) {
    const place = placeOf(outcome, entries, calls);
    if (!place) loose.push(outcome);
    else if ("after" in place) after.set(place.after, [...(after.get(place.after) ?? []), outcome]);
    else before.set(place.before, [...(before.get(place.before) ?? []), outcome]);
  }
  const asked = (list: Outcome[] | undefined) => [...(list ?? [])].sort((a, b) => a.record.createdAtMs - b.record.createdAtMs);
  const items: Array<TranscriptItem & { at: number }> = [];
  entries.forEach((entry, i) => {
    for (const outcome of asked(before.get(i))) items.push({ kind: "outcome", outcome, at: entry.at });
    if (entry.text !== "" || !entry.askCalls) items.push({ kind: "message", entry, at: entry.at });
    for (const outcome of asked(after.get(i))) items.push({ kind: "outcome", outcome, at: entry.at });
  });
  for (const outcome of [...loose].sort((a, b) => a.at - b.at)) {
    const at = items.findIndex((i) => i.at > outcome.at);
    items.splice(at === -1 ? items.length : at, 0, { kind: "outcome", outcome, at: outcome.at });
  }
  return items.map(({ at: _at, ...item }) => item as TranscriptItem);
}
