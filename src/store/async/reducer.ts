// The async half of a conversation's reducer: its saved history and runs, and the outbox of answers on their way.
// The async questions are derived here, from the messages, the person's local choices and the outbox, exactly when
// one of those changes, so a question with an answer on its way is never retired.
import { conversationReducer, CONVERSATION_EVENTS, type ConversationEvent } from "../conversation/conversation-reducer";
import { deriveAsyncQuestions } from "../conversation/ledger";
import type { AsyncQuestionEntry } from "../conversation/types";
import { OUTBOX_EVENTS, outboxReducer, type OutboxEvent } from "../outbox/outbox-reducer";
import type { DockState } from "../dock/types";

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

/** The state after an async event; the same object for any other event or one that changes nothing. */
export function asyncReducer<S extends DockState>(s: S, event: { type: string }): S {
  let next: S;
  if (CONVERSATION_EVENTS.has(event.type)) {
    const chat = conversationReducer(s.chat, event as ConversationEvent);
    next = chat === s.chat ? s : { ...s, chat };
  } else if (OUTBOX_EVENTS.has(event.type)) {
    const e = event as TimedOutboxEvent;
    const outbox = outboxReducer(s.outbox, e, e.at);
    next = outbox === s.outbox ? s : { ...s, outbox };
  } else return s;
  if (next === s || (next.chat.messages === s.chat.messages && next.chat.local === s.chat.local && next.outbox.entries === s.outbox.entries)) return next;
  const questions = deriveAsyncQuestions(next.chat.messages, next.chat.local, onTheirWay(next));
  return sameEntries(questions, next.chat.questions) ? next : { ...next, chat: { ...next.chat, questions } };
}
