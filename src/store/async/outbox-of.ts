// A store's outbox, for the tests that drive it directly (the kit's `/testing` entry); the views never need it.
import type { Outbox } from "./outbox";

const outboxes = new WeakMap<object, Outbox>();

/** Notes the outbox of `store`, once, when the store is made. */
export function noteOutbox(store: object, outbox: Outbox): void {
  outboxes.set(store, outbox);
}

/** The outbox of a store made with async questions. */
export function outboxOf(store: object): Outbox {
  const outbox = outboxes.get(store);
  if (!outbox) throw new Error("This store has no outbox: make it with asyncQuestions.");
  return outbox;
}
