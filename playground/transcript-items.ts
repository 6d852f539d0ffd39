// The transcript's order: chat messages as the conversation has them, and each question summary at the agent
// turn that asked it (its run), not where it happened to settle.
import type { Outcome } from "../src/store";
import type { ChatEntry } from "./chat-feed";

/** One row of the transcript. */
export type TranscriptItem = { kind: "message"; entry: ChatEntry } | { kind: "outcome"; outcome: Outcome };

/**
 * Messages in feed order. A summary whose run has a message goes just before that run's reply (the question came
 * before the answer the agent gave after it), in the order asked; one whose run shows no message (still going,
 * or stopped before any text) goes among the messages by time.
 */
export function transcriptItems(entries: readonly ChatEntry[], outcomes: readonly Outcome[]): TranscriptItem[] {
  const runs = new Set(entries.flatMap((e) => (e.runId ? [e.runId] : [])));
  const byRun = new Map<string, Outcome[]>();
  const loose: Outcome[] = [];
  for (const o of outcomes) {
    if (o.runId !== undefined && runs.has(o.runId)) byRun.set(o.runId, [...(byRun.get(o.runId) ?? []), o]);
    else loose.push(o);
  }
  const items: Array<TranscriptItem & { at: number }> = [];
  for (const entry of entries) {
    const asked = entry.runId !== undefined ? byRun.get(entry.runId) : undefined;
    if (entry.runId !== undefined) byRun.delete(entry.runId);
    for (const outcome of [...(asked ?? [])].sort((a, b) => a.at - b.at)) items.push({ kind: "outcome", outcome, at: entry.at });
    items.push({ kind: "message", entry, at: entry.at });
  }
  for (const outcome of [...loose].sort((a, b) => a.at - b.at)) {
    const before = items.findIndex((i) => i.at > outcome.at);
    items.splice(before === -1 ? items.length : before, 0, { kind: "outcome", outcome, at: outcome.at });
  }
  return items.map(({ at: _at, ...item }) => item as TranscriptItem);
}
