// The async half of the reducer. Async questions are derived whenever the messages, local choices or the outbox
// change, so a question with an answer on its way is never retired.
import { conversationReducer, CONVERSATION_EVENTS, type ConversationEvent } from "../conversation/conversation-reducer";
import { deriveAsyncQuestions, reopenAnchor } from "../conversation/derive-questions";
import { OUTBOX_EVENTS, outboxReducer, type OutboxEvent } from "../outbox/outbox-reducer";
import type { StoreState, SavedDraft } from "../dock/state";
import type { AsyncQuestionEntry } from "../conversation/question-entry";
import type { OutboxEntry } from "../outbox/entry";
import { entryForItem } from "../outbox/outbox-rules";
import { askUserEntries, type AskUserHistoryEntry } from "../../protocol/ask-user-history";
import type { ChatMessage } from "../../protocol/chat-message";
import type { QuestionRecord } from "../../protocol/question-record";
import { asyncOutcome, boundOutcome, historyOutcome } from "../dock/outcomes";
import { newView } from "../dock/drafts";
import { dockReducer, viewWithSaved, type DockEvent } from "../dock/dock-reducer";
import { asyncItemOf, asyncRequestId, endedAsync, originOf, recordOf } from "./question-shape";

/** The events of the async half; an outbox event carries the time it happened; `asyncPlaced` places the questions outside the dock. */
export type AsyncEvent = ConversationEvent | (OutboxEvent & { at: number }) | { type: "asyncPlaced"; at: number };

// A question can settle live after the history that holds its call was read.
const HISTORY_OUTCOME_EVENTS: ReadonlySet<string> = new Set(["historyLoaded", "messageArrived", "rowReplaced", "runActivityChanged", "recordSettled", "restored", "sentRequestEnded", "outcomeDropped"]);

const entriesRead = new WeakMap<readonly ChatMessage[], AskUserHistoryEntry[]>();
const questionIds = (questions: readonly { questionId: string }[]) => questions.map((q) => q.questionId).join("\0");

// Without the record id, a live question of the same run asking the same questions is taken to be this one.
function liveKeyOf(s: StoreState, entry: AskUserHistoryEntry, key: string): string | undefined {
  if (s.outcomes.has(key) || s.records.has(key)) return key;
  if (entry.questionRecordId || !entry.runId) return undefined;
  const ids = questionIds(entry.questions);
  const same = (r: QuestionRecord) => r.runId === entry.runId && questionIds(r.questions) === ids;
  for (const [id, o] of s.outcomes) if (!o.fromHistory && same(o.record)) return id;
  return [...s.records.values()].find(same)?.id;
}

// Summaries of the ask_user calls the history holds. Live outcomes always win: the history fills in only questions the
// store does not know, and tells a live one which call and message asked it.
function withHistoryOutcomes<S extends StoreState>(s: S): S {
  // The outbox is ready once what this tab kept is back.
  if (!s.chat.loaded || !s.outbox.ready) return s;
  let entries = entriesRead.get(s.chat.messages);
  if (!entries) entriesRead.set(s.chat.messages, (entries = askUserEntries(s.chat.messages)));
  let next = s;
  for (const entry of entries) {
    const key = entry.questionRecordId ?? `history:${entry.runId ?? ""}:${entry.toolCallId}`;
    const liveKey = liveKeyOf(next, entry, key);
    if (liveKey !== undefined) {
      const live = next.outcomes.get(liveKey);
      if (live && live.toolCallId === undefined) next = { ...next, outcomes: next.outcomes.with(liveKey, boundOutcome(live, entry)) };
      continue;
    }
    const outcome = historyOutcome(entry, key, entry.runId !== undefined && s.chat.activeRunIds.includes(entry.runId), s.sessionKey);
    if (outcome) next = { ...next, outcomes: next.outcomes.with(key, outcome) };
  }
  return next;
}

const onTheirWay = (s: StoreState) => new Set(Object.values(s.outbox.entries).flatMap((e) => (e.state === "confirmed" ? [] : [e.itemId])));

// A skipped question stays skipped after a reload; reopening one takes the skip off its kept draft.
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

/** The draft a discarded answer gives back to the person, as they last had it. */
export const reopenedDraft = (entry: OutboxEntry, at: number): SavedDraft =>
  ({ ...(entry.draft ?? { answers: [] }), requestId: asyncRequestId(entry.itemId), step: 0, edited: true, updatedAt: at });

// A discarded answer's question comes back with its draft, kept in `savedDrafts` until the question rejoins the dock.
function reopened<S extends StoreState>(s: S, entry: OutboxEntry, at: number): S {
  const draft = reopenedDraft(entry, at);
  const next = { ...s, savedDrafts: new Map(s.savedDrafts).set(draft.requestId, draft), outcomes: s.outcomes.with(draft.requestId, undefined) };
  const question = s.chat.questions.find((q) => q.delivery.itemId === entry.itemId);
  if (!question || question.status === "pending") return next;
  return { ...next, chat: conversationReducer(next.chat, { type: "questionReopened", itemId: entry.itemId, anchor: reopenAnchor(next.chat.messages) }) };
}

// An async question joins the dock as a new one, with any draft it kept. Not a gateway record: nothing to screen, no
// expiry, and it never takes the active slot from another request.
function joined<S extends StoreState>(s: S, entry: AsyncQuestionEntry, at: number): S {
  const record = recordOf(entry, s.sessionKey, at);
  const next = { ...s, asyncOrigins: new Map(s.asyncOrigins).set(record.id, originOf(entry)) };
  return dockReducer(next, { type: "recordReceived", record, announcement: { key: "newQuestion", question: record.questions[0]?.question ?? "" } });
}

// An async question that ended outside the dock (answered elsewhere or before a reload, retired, skipped). A retired
// one keeps its saved draft; `onlyWithUnsent` replaces an outcome only to add that draft.
function ended<S extends StoreState>(s: S, entry: AsyncQuestionEntry, kind: "answered" | "retired" | "skipped", at: number, onlyWithUnsent = false): S {
  const record = recordOf(entry, s.sessionKey, at);
  const saved = kind === "retired" ? s.savedDrafts.get(record.id) : undefined;
  const outcome = asyncOutcome({ kind, record, async: endedAsync(entry, s.outbox), at }, saved ? viewWithSaved(record, newView(), saved) : undefined);
  return onlyWithUnsent && !outcome.unsent ? s : { ...s, outcomes: s.outcomes.with(record.id, outcome) };
}

// Each async question outside the dock where it belongs: a pending one joins it, an ended one shows how it ended.
function placed<S extends StoreState>(s: S, at: number): S {
  let next = s;
  for (const entry of s.chat.questions) {
    const itemId = entry.delivery.itemId;
    const id = asyncRequestId(itemId);
    const outcome = next.outcomes.get(id);
    const skipped = s.chat.local.skipped.has(itemId);
    if (next.records.has(id)) continue;
    if (entry.status === "pending" && !skipped) {
      // Until the saved outbox is read, an answer given before a reload is unknown: asking now could flash an answered
      // question. An answer already in the outbox (from before a reload, or another tab) is shown with its delivery.
      if (!outcome && s.outbox.ready) next = entryForItem(s.outbox, itemId) ? ended(next, entry, "answered", at) : joined(next, entry, at);
    } else if (entry.status === "retired") {
      // Drafts load after the history: a retired question's draft joins its summary once it is read.
      const draftToShow = outcome?.kind === "retired" && !outcome.unsent && next.savedDrafts.has(id);
      if (!outcome || draftToShow) next = ended(next, entry, "retired", at, draftToShow);
    } else if (entry.status === "answered") {
      if (!outcome || outcome.kind !== "answered" || outcome.async?.replyText === undefined) next = ended(next, entry, "answered", at);
    } else if (skipped && !outcome) {
      next = ended(next, entry, "skipped", at);
    }
  }
  return next;
}

function applied<S extends StoreState>(s: S, event: { type: string }): S {
  if (CONVERSATION_EVENTS.has(event.type)) {
    const chat = conversationReducer(s.chat, event as ConversationEvent);
    return withDraftChoices(chat === s.chat ? s : { ...s, chat }, event as AsyncEvent);
  }
  if (!OUTBOX_EVENTS.has(event.type)) return s;
  const e = event as OutboxEvent & { at: number };
  const outbox = outboxReducer(s.outbox, e, e.at);
  const next = withDraftChoices(outbox === s.outbox ? s : { ...s, outbox }, e);
  const gone = e.type === "discarded" && outbox !== s.outbox ? s.outbox.entries[e.id] : undefined;
  return gone ? reopened(next, gone, e.at) : next;
}

/** The async reducer without deriving the async questions: all a history-only store needs. */
export function historyReducer<S extends StoreState>(s: S, event: { type: string }): S {
  const next = applied(s, event);
  // A conversation event that changed nothing (a run's stream of deltas) changes no outcome either.
  if (!HISTORY_OUTCOME_EVENTS.has(event.type) || (next === s && CONVERSATION_EVENTS.has(event.type))) return next;
  return withHistoryOutcomes(next);
}

/** The state after an async event; a reload's `restored`, Discard and `asyncPlaced` also place the questions outside the dock. */
export function asyncReducer<S extends StoreState>(s: S, event: { type: string }): S {
  let next = historyReducer(s, event);
  if (next.chat.messages !== s.chat.messages || next.chat.local !== s.chat.local || next.outbox.entries !== s.outbox.entries) {
    const questions = deriveAsyncQuestions(next.chat.messages, next.chat.local, onTheirWay(next));
    // Comparing small entries' JSON keeps the array when nothing changed.
    const before = next.chat.questions;
    const same = questions.length === before.length && questions.every((e, i) => JSON.stringify(e) === JSON.stringify(before[i]));
    if (!same) next = { ...next, chat: { ...next.chat, questions } };
  }
  const a = event as AsyncEvent;
  if (a.type !== "restored" && a.type !== "asyncPlaced" && a.type !== "discarded") return next;
  const settled = placed(next, a.at);
  return settled === next ? next : withHistoryOutcomes(settled);
}
