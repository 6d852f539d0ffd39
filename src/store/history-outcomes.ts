// Summaries of ask_user questions read back from the conversation history, so a reload or a new page still
// shows what was asked and how it ended, at the turn that asked. Live outcomes always win: history only fills in
// questions the store does not know.
import { askUserEntries, type AskUserHistoryEntry, type QuestionRecord } from "../protocol";
import type { ConversationStore } from "./async";
import type { DockContext } from "./create-dock-store";
import type { GatewaySync } from "./gateway-sync";
import type { Outcome, OutcomeKind } from "./types";

/** The store's key for a history entry: the gateway's record id when the history holds it, else the tool call. */
export function historyOutcomeKey(entry: AskUserHistoryEntry): string {
  return entry.questionRecordId ?? `history:${entry.runId ?? ""}:${entry.toolCallId}`;
}

// What the history says, as an outcome kind; undefined while it cannot say yet (the run is still going).
function kindOf(entry: AskUserHistoryEntry, runGoing: boolean): OutcomeKind | undefined {
  const { outcome } = entry;
  if (outcome.status === "answered") return "answered";
  // "No answer arrived" is the tool's sentence for a question whose time ran out.
  if (outcome.status === "no-answer" && outcome.reason === "timed-out") return "expired";
  if (outcome.status === "no-answer") return "no-answer";
  return runGoing ? undefined : "no-answer";
}

function recordOf(entry: AskUserHistoryEntry, key: string, kind: OutcomeKind, sessionKey: string): QuestionRecord {
  const at = entry.at ?? 0;
  const status = kind === "answered" ? "answered" : kind === "expired" ? "expired" : "cancelled";
  return {
    id: key,
    questions: entry.questions,
    sessionKey,
    ...(entry.runId ? { runId: entry.runId } : {}),
    createdAtMs: at,
    expiresAtMs: at,
    status,
    ...(entry.outcome.status === "answered" ? { answers: entry.outcome.answers } : {}),
  };
}

const questionIds = (record: QuestionRecord) => record.questions.map((q) => q.questionId).join("\0");

// Without the record id, a live question of the same run asking the same questions is taken to be this one.
function knownLive(ctx: DockContext, entry: AskUserHistoryEntry): boolean {
  if (entry.questionRecordId || !entry.runId) return false;
  const ids = entry.questions.map((q) => q.questionId).join("\0");
  const s = ctx.get();
  const same = (r: QuestionRecord) => r.runId === entry.runId && questionIds(r) === ids;
  for (const o of s.outcomes.values()) if (!o.fromHistory && same(o.record)) return true;
  return Object.values(s.records).some(same);
}

/** Puts an outcome for every ask_user question of the conversation history that the store does not know yet. */
export function createHistoryOutcomes(ctx: DockContext, sync: GatewaySync, conversation: ConversationStore): { dispose(): void } {
  const apply = () => {
    const state = conversation.getState();
    if (!state.loaded) return;
    const going = new Set(state.activeRunIds);
    for (const entry of askUserEntries(state.messages)) {
      const key = historyOutcomeKey(entry);
      const s = ctx.get();
      if (s.outcomes.has(key) || Object.hasOwn(s.records, key) || knownLive(ctx, entry)) continue;
      const kind = kindOf(entry, entry.runId !== undefined && going.has(entry.runId));
      if (!kind) continue;
      const outcome: Outcome = {
        kind,
        record: recordOf(entry, key, kind, s.sessionKey),
        ...(entry.outcome.status === "answered" ? { answers: entry.outcome.answers } : {}),
        ...(entry.outcome.status === "no-answer" && entry.outcome.reason === "cancelled" ? { noAnswerReason: "cancelled" as const } : {}),
        at: entry.at ?? 0,
        ...(entry.runId ? { runId: entry.runId } : {}),
        toolCallId: entry.toolCallId,
        ...(entry.anchor ? { anchor: entry.anchor } : {}),
        fromHistory: true,
      };
      sync.putOutcome(key, outcome);
    }
  };
  const unsubscribe = conversation.subscribe((s, prev) => {
    if (s.messages !== prev.messages || s.loaded !== prev.loaded || s.activeRunIds !== prev.activeRunIds) apply();
  });
  apply();
  return { dispose: unsubscribe };
}
