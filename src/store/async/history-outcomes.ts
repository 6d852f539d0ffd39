// Summaries of ask_user questions read back from the conversation history, so a reload or a new page still
// shows what was asked and how it ended, at the turn that asked. Live outcomes always win: history only fills in
// questions the store does not know, and tells a live one which tool call (and assistant message) asked it.
import { askUserEntries, type AskUserHistoryEntry } from "../../protocol/ask-user-history";
import type { QuestionRecord } from "../../protocol/question-record";
import type { DockContext } from "../context";
import { historyOutcomeKind } from "../dock/outcomes";

/** The store's key for a history entry: the gateway's record id when the history holds it, else the tool call. */
export function historyOutcomeKey(entry: AskUserHistoryEntry): string {
  return entry.questionRecordId ?? `history:${entry.runId ?? ""}:${entry.toolCallId}`;
}

const questionIds = (questions: readonly { questionId: string }[]) => questions.map((q) => q.questionId).join("\0");

// The key of the live outcome or pending record that is this entry's question, if any. Without the record id, a
// live question of the same run asking the same questions is taken to be this one.
function liveKeyOf(ctx: DockContext, entry: AskUserHistoryEntry, key: string): string | undefined {
  const s = ctx.get();
  if (s.outcomes.has(key) || s.records.has(key)) return key;
  if (entry.questionRecordId || !entry.runId) return undefined;
  const ids = questionIds(entry.questions);
  const same = (r: QuestionRecord) => r.runId === entry.runId && questionIds(r.questions) === ids;
  for (const [id, o] of s.outcomes) if (!o.fromHistory && same(o.record)) return id;
  return [...s.records.values()].find(same)?.id;
}

// The events that put or drop an outcome, besides historyOutcomeRead and outcomeBoundToCall (see dockReducer).
const OUTCOME_EVENTS = ["recordSettled", "restored", "sentRequestEnded", "asyncQuestionEnded", "outcomeDropped"] as const;

// What changes what a pass reads: the messages, whether the history is loaded, the runs going.
const HISTORY_EVENTS = ["historyLoaded", "messageArrived", "rowReplaced", "runActivityChanged"] as const;

/**
 * Puts an outcome for every ask_user question of the conversation history that the store does not know yet, and
 * binds live outcomes to their calls; again whenever the history or the outcomes change (a question can settle
 * live after the history that holds its call was read, as when a stopped run's question is cancelled).
 */
export function createHistoryOutcomes(ctx: DockContext): { dispose(): void } {
  let read: { messages: unknown; entries: AskUserHistoryEntry[] } | undefined;
  const entriesOf = (messages: Parameters<typeof askUserEntries>[0]) => {
    if (read?.messages !== messages) read = { messages, entries: askUserEntries(messages) };
    return read.entries;
  };
  // One pass over the history; of the dock's events it dispatches only historyOutcomeRead and outcomeBoundToCall.
  const apply = () => {
    const state = ctx.get().chat;
    // What this tab kept comes back first (the outbox is ready once it has): a live outcome always wins over history.
    if (!state.loaded || !ctx.get().outbox.ready) return;
    const going = new Set(state.activeRunIds);
    for (const entry of entriesOf(state.messages)) {
      const key = historyOutcomeKey(entry);
      const liveKey = liveKeyOf(ctx, entry, key);
      if (liveKey !== undefined) {
        // A live outcome knows its run only; the history adds the tool call and the message.
        ctx.dispatch({ type: "outcomeBoundToCall", id: liveKey, call: entry });
        continue;
      }
      const kind = historyOutcomeKind(entry, entry.runId !== undefined && going.has(entry.runId));
      if (!kind) continue;
      ctx.dispatch({ type: "historyOutcomeRead", key, entry, kind });
    }
  };
  const offs = [
    ctx.on(HISTORY_EVENTS, apply),
    // Every event that puts or drops an outcome, but the two a pass dispatches itself: so no pass runs inside another.
    ctx.on(OUTCOME_EVENTS, apply),
  ];
  apply();
  return { dispose: () => offs.forEach((off) => off()) };
}
