// The async half of a conversation's reducer: its saved history and runs, and the outbox of answers on their way.
// The async questions are derived here, from the messages, the person's local choices and the outbox, exactly when
// one of those changes, so a question with an answer on its way is never retired.
import { conversationReducer, CONVERSATION_EVENTS, type ConversationEvent } from "../conversation/conversation-reducer";
import { deriveAsyncQuestions } from "../conversation/ledger";
import type { AsyncQuestionEntry } from "../conversation/types";
import { OUTBOX_EVENTS, outboxReducer, type OutboxEvent } from "../outbox/outbox-reducer";
import type { DockState } from "../dock/types";
import type { DockEvent } from "../dock/dock-reducer";

/** An outbox event as the store dispatches it: with the time it happened. */
export type TimedOutboxEvent = OutboxEvent & { at: number };

/** The events of the async half. */
export type AsyncEvent = ConversationEvent | TimedOutboxEvent;

// Entries are small, so comparing their JSON is the simplest way to keep the array when nothing changed.
function sameEntries(a: readonly AsyncQuestionEntry[], b: readonly AsyncQuestionEntry[]): boolean {
  return a.length === b.length && a.every((e, i) => JSON.stringify(e) === JSON.stringify(b[i]));
}

function onTheirWay(s: DockState): Set<string> {
  const items = new Set<string>();
  for (const id of s.outbox.order) {
    const entry = s.outbox.entries[id];
    if (entry && entry.state !== "confirmed") items.add(entry.itemId);
  }
  return items;
}

// The person's own doings kept with the drafts: a skipped question stays skipped after a reload, and reopening
// one takes the skip off its kept draft.
function withDraftChoices<S extends DockState>(s: S, event: AsyncEvent | DockEvent): S {
  if (event.type === "restored") {
    const skipped = (event as Extract<DockEvent, { type: "restored" }>).drafts.filter((d) => d.disposition === "skipped" && d.requestId.startsWith("async:")).map((d) => d.requestId.slice("async:".length));
    if (skipped.length === 0) return s;
    return { ...s, chat: conversationReducer(s.chat, { type: "questionsSkipped", itemIds: skipped }) };
  }
  if (event.type === "questionReopened") {
    const id = `async:${event.itemId}`;
    const kept = s.savedDrafts.get(id);
    if (!kept?.disposition) return s;
    const { disposition: _skipped, ...reopened } = kept;
    return { ...s, savedDrafts: new Map(s.savedDrafts).set(id, reopened) };
  }
  return s;
}

/** The state after an async event; the same object for any other event or one that changes nothing. */
export function asyncReducer<S extends DockState>(s: S, event: { type: string }): S {
  let next: S;
  if (CONVERSATION_EVENTS.has(event.type)) {
    const chat = conversationReducer(s.chat, event as ConversationEvent);
    next = withDraftChoices(chat === s.chat ? s : { ...s, chat }, event as AsyncEvent);
  } else if (OUTBOX_EVENTS.has(event.type)) {
    const e = event as TimedOutboxEvent;
    const outbox = outboxReducer(s.outbox, e, e.at);
    next = withDraftChoices(outbox === s.outbox ? s : { ...s, outbox }, e);
  } else return s;
  if (next === s || (next.chat.messages === s.chat.messages && next.chat.local === s.chat.local && next.outbox.entries === s.outbox.entries)) return next;
  const questions = deriveAsyncQuestions(next.chat.messages, next.chat.local, onTheirWay(next));
  return sameEntries(questions, next.chat.questions) ? next : { ...next, chat: { ...next.chat, questions } };
}
