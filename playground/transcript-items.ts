// The transcript's order: chat messages as the conversation has them (a failed or stopped run's ending at its own
// turn), and each question summary where the kit's `placeQuestionSummaries` puts it: at the agent turn that asked.
import { placeQuestionSummaries, type Outcome, type TranscriptMessage } from "../src";
import type { ChatEntry } from "./chat-entries";
import { endingsAtTheirTurn } from "./turn-order";

/** One row of the transcript. */
export type TranscriptItem = { kind: "message"; entry: ChatEntry } | { kind: "outcome"; outcome: Outcome };

/** A chat entry as the kit's placement reads it, the entry itself kept for the row. */
export interface EntryMessage extends TranscriptMessage {
  entry: ChatEntry;
}

/** The entries in transcript order (endings at their turn), as the kit's placement reads them. */
export function entryMessages(feedEntries: readonly ChatEntry[]): EntryMessage[] {
  return endingsAtTheirTurn(feedEntries).map((entry) => ({
    id: entry.id,
    role: entry.role,
    at: entry.at,
    entry,
    ...(entry.runId !== undefined ? { runId: entry.runId } : {}),
    ...(entry.askCalls ? { toolCallIds: entry.askCalls } : {}),
    ...(entry.asyncItemId !== undefined ? { asyncItemId: entry.asyncItemId } : {}),
    ...(entry.messageId !== undefined ? { messageId: entry.messageId } : {}),
    // A message that only asked (ask_user or async) shows no text: its summaries stand there.
    ...(entry.text === "" && (entry.askCalls || entry.asyncItemId !== undefined) ? { onlyAsked: true } : {}),
  }));
}

/** Messages in feed order with failed and stopped endings at their run's turn, and every summary at its turn; pure. */
export function transcriptItems(feedEntries: readonly ChatEntry[], outcomes: readonly Outcome[]): TranscriptItem[] {
  return placeQuestionSummaries(entryMessages(feedEntries), outcomes).map((item) =>
    item.kind === "message" ? { kind: "message", entry: item.message.entry } : { kind: "outcome", outcome: item.outcome },
  );
}
