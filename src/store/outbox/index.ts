export { canDiscard, canEdit, canRetry, outboxEntryReducer, outboxReducer, OUTBOX_TRANSITIONS, type OutboxData, type OutboxEntryEvent, type OutboxEvent } from "./outbox-reducer";
export { DEFAULT_CONFIRM_DELAYS_MS, DEFAULT_SEND_TIMEOUT_MS, MAX_SUCCESSOR_KEYS } from "../async/outbox";
export { classifySendError, entryForItem, isOutboxEntry, keysOf, sendKeyOf, NOT_DURABLY_ADMITTED, type SendFailure } from "./outbox-rules";
export type * from "./entry";
