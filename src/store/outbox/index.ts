export { canDiscard, canEdit, canRetry, outboxEntryReducer, outboxReducer, OUTBOX_TRANSITIONS, type OutboxEntryEvent } from "./outbox-reducer";
export { classifySendError, entryForItem, keysOf } from "./outbox-rules";
export type * from "./entry";
