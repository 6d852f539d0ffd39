// The async half of a conversation's reducer: its saved history and runs, and the outbox of answers on their way.
// The async questions are derived here, from the messages, the person's local choices and the outbox, exactly when
// one of those changes, so a question with an answer on its way is never retired.
import { conversationReducer, CONVERSATION_EVENTS, type ConversationEvent } from "../conversation/conversation-reducer";
import { deriveAsyncQuestions, reopenAnchor } from "../conversation/derive-questions";
import type { AsyncQuestionEntry } from "../conversation/question-entry";
import { OUTBOX_EVENTS, outboxReducer, type OutboxEvent } from "../outbox/outbox-reducer";
import type { AsyncOrigin, StoreState, SavedDraft } from "../dock/state";
import type { OutboxEntry } from "../outbox/entry";
import { askUserEntries, type AskUserHistoryEntry } from "../../protocol/ask-user-history";
import type { ChatMessage } from "../../protocol/chat-message";
import type { QuestionRecord } from "../../protocol/question-record";
import { asyncOutcome, boundOutcome, historyOutcome, historyOutcomeKind, type AsyncEndInput, type AsyncOutcomeOrigin } from "../dock/outcomes";
import { newView } from "../dock/drafts";
import { viewWithSaved } from "../keep/saved-draft";
import type { DockEvent } from "../dock/dock-reducer";
import { asyncItemOf, asyncRequestId } from "./question-shape";

/** An outbox event as the store dispatches it: with the time it happened. */
export type TimedOutboxEvent = OutboxEvent & { at: number };

/** What happens to async questions in the dock. */
export type AsyncDockEvent =
  /** An async question joined the dock as `requestId`. */
  | { type: "asyncJoined"; requestId: string; origin: AsyncOrigin }
  /**
   * An async question ended outside the dock (answered before a reload or in another tab, retired, skipped), with
   * its saved draft; `onlyWithUnsent` records it only when that draft leaves something unsent to show.
   */
  | { type: "asyncQuestionEnded"; id: string; kind: AsyncEndInput["kind"]; record: QuestionRecord; async: AsyncOutcomeOrigin; at: number; onlyWithUnsent: boolean };

/** The events of the async half. */
export type AsyncEvent = ConversationEvent | TimedOutboxEvent | AsyncDockEvent;

function asyncQuestionEnded<S extends StoreState>(s: S, e: Extract<AsyncDockEvent, { type: "asyncQuestionEnded" }>): S {
  const saved = e.kind === "retired" ? s.savedDrafts.get(e.id) : undefined;
  const savedDraft = saved ? viewWithSaved(e.record, newView(), saved) : undefined;
  const outcome = asyncOutcome({ kind: e.kind, record: e.record, async: e.async, at: e.at, ...(savedDraft ? { savedDraft } : {}) });
  return e.onlyWithUnsent && !outcome.unsent ? s : { ...s, outcomes: s.outcomes.with(e.id, outcome) };
}

// What changes the outcomes read back from the history: the messages, the runs going, and every event that puts or
// drops a live outcome (a question can settle live after the history that holds its call was read).
const HISTORY_OUTCOME_EVENTS: ReadonlySet<string> = new Set(["historyLoaded", "messageArrived", "rowReplaced", "runActivityChanged", "recordSettled", "restored", "sentRequestEnded", "asyncQuestionEnded", "outcomeDropped"]);

const entriesRead = new WeakMap<readonly ChatMessage[], AskUserHistoryEntry[]>();
const questionIds = (questions: readonly { questionId: string }[]) => questions.map((q) => q.questionId).join("\0");

// The key of the live outcome or pending record that is this entry's question, if any. Without the record id, a
// live question of the same run asking the same questions is taken to be this one.
function liveKeyOf(s: StoreState, entry: AskUserHistoryEntry, key: string): string | undefined {
  if (s.outcomes.has(key) || s.records.has(key)) return key;
  if (entry.questionRecordId || !entry.runId) return undefined;
  const ids = questionIds(entry.questions);
  const same = (r: QuestionRecord) => r.runId === entry.runId && questionIds(r.questions) === ids;
  for (const [id, o] of s.outcomes) if (!o.fromHistory && same(o.record)) return id;
  return [...s.records.values()].find(same)?.id;
}

/**
 * Summaries of the ask_user questions the history holds, so a reload or a new page still shows what was asked and how
 * it ended, at the turn that asked. Live outcomes always win: the history only fills in questions the store does not
 * know (keyed by the gateway's record id, else the tool call), and tells a live one which call and message asked it.
 */
function withHistoryOutcomes<S extends StoreState>(s: S): S {
  // What this tab kept comes back first (the outbox is ready once it has): a live outcome always wins over history.
  if (!s.chat.loaded || !s.outbox.ready) return s;
  let entries = entriesRead.get(s.chat.messages);
  if (!entries) entriesRead.set(s.chat.messages, (entries = askUserEntries(s.chat.messages)));
  let next = s;
  for (const entry of entries) {
    const key = entry.questionRecordId ?? `history:${entry.runId ?? ""}:${entry.toolCallId}`;
    const liveKey = liveKeyOf(next, entry, key);
    if (liveKey !== undefined) {
      // A live outcome knows its run only; the history adds the tool call and the message.
      const live = next.outcomes.get(liveKey);
      if (live && live.toolCallId === undefined) next = { ...next, outcomes: next.outcomes.with(liveKey, boundOutcome(live, entry)) };
      continue;
    }
    const kind = historyOutcomeKind(entry, entry.runId !== undefined && s.chat.activeRunIds.includes(entry.runId));
    if (kind) next = { ...next, outcomes: next.outcomes.with(key, historyOutcome(entry, key, kind, s.sessionKey)) };
  }
  return next;
}

// Entries are small, so comparing their JSON is the simplest way to keep the array when nothing changed.
function sameEntries(a: readonly AsyncQuestionEntry[], b: readonly AsyncQuestionEntry[]): boolean {
  return a.length === b.length && a.every((e, i) => JSON.stringify(e) === JSON.stringify(b[i]));
}

const onTheirWay = (s: StoreState) => new Set(Object.values(s.outbox.entries).flatMap((e) => (e.state === "confirmed" ? [] : [e.itemId])));

// The person's own doings kept with the drafts: a skipped question stays skipped after a reload, and reopening
// one takes the skip off its kept draft.
function withDraftChoices<S extends StoreState>(s: S, event: AsyncEvent | DockEvent): S {
  if (event.type === "restored") {
    const { drafts } = event as Extract<DockEvent, { type: "restored" }>;
    const skipped = drafts.flatMap((d) => (d.disposition === "skipped" ? [asyncItemOf(d.requestId)] : [])).filter((id) => id !== undefined);
    if (skipped.length === 0) return s;
    return { ...s, chat: conversationReducer(s.chat, { type: "questionsSkipped", itemIds: skipped }) };
  }
  if (event.type === "questionReopened") {
    const id = asyncRequestId(event.itemId);
    const kept = s.savedDrafts.get(id);
    if (!kept?.disposition) return s;
    const { disposition: _skipped, ...reopened } = kept;
    return { ...s, savedDrafts: new Map(s.savedDrafts).set(id, reopened) };
  }
  return s;
}

// Discard: the answer left the outbox unsent, so its question comes back with the draft it was made from. The draft
// waits in `savedDrafts` for the question to rejoin the dock; a question a later run retired meanwhile is reopened.
function reopened<S extends StoreState>(s: S, entry: OutboxEntry, at: number): S {
  const requestId = asyncRequestId(entry.itemId);
  const draft: SavedDraft = { ...(entry.draft ?? { answers: [] }), requestId, step: 0, edited: true, updatedAt: at };
  const next = { ...s, savedDrafts: new Map(s.savedDrafts).set(requestId, draft), outcomes: s.outcomes.without(requestId) };
  const question = s.chat.questions.find((q) => q.delivery.itemId === entry.itemId);
  if (!question || question.status === "pending") return next;
  return { ...next, chat: conversationReducer(next.chat, { type: "questionReopened", itemId: entry.itemId, anchor: reopenAnchor(next.chat.messages) }) };
}

function applied<S extends StoreState>(s: S, event: { type: string }): S {
  const a = event as AsyncEvent;
  if (a.type === "asyncJoined") return { ...s, asyncOrigins: new Map(s.asyncOrigins).set(a.requestId, a.origin) };
  if (a.type === "asyncQuestionEnded") return asyncQuestionEnded(s, a);
  if (CONVERSATION_EVENTS.has(event.type)) {
    const chat = conversationReducer(s.chat, event as ConversationEvent);
    return withDraftChoices(chat === s.chat ? s : { ...s, chat }, event as AsyncEvent);
  }
  if (!OUTBOX_EVENTS.has(event.type)) return s;
  const e = event as TimedOutboxEvent;
  const outbox = outboxReducer(s.outbox, e, e.at);
  const next = withDraftChoices(outbox === s.outbox ? s : { ...s, outbox }, e);
  const gone = e.type === "discarded" && outbox !== s.outbox ? s.outbox.entries[e.id] : undefined;
  return gone ? reopened(next, gone, e.at) : next;
}

/** The state after a conversation, outbox or async-dock event, without deriving the async questions: all a store that only reads the history needs. */
export function historyReducer<S extends StoreState>(s: S, event: { type: string }): S {
  const next = applied(s, event);
  // A conversation event that changed nothing (a run's stream of deltas) changes no outcome either.
  if (!HISTORY_OUTCOME_EVENTS.has(event.type) || (next === s && CONVERSATION_EVENTS.has(event.type))) return next;
  return withHistoryOutcomes(next);
}

/** The state after an async event, with the async questions derived again when what they are derived from changed; the same object for any other event or one that changes nothing. */
export function asyncReducer<S extends StoreState>(s: S, event: { type: string }): S {
  const next = historyReducer(s, event);
  if (next === s || (next.chat.messages === s.chat.messages && next.chat.local === s.chat.local && next.outbox.entries === s.outbox.entries)) return next;
  const questions = deriveAsyncQuestions(next.chat.messages, next.chat.local, onTheirWay(next));
  return sameEntries(questions, next.chat.questions) ? next : { ...next, chat: { ...next.chat, questions } };
}
