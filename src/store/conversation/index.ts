export type { ConversationData } from "./conversation-reducer";
export { deriveAsyncQuestions, emptyAsyncLocal, reopenAnchor, type AsyncLocalState } from "./derive-questions";
export type { RejectedItem } from "./history-read";
export type * from "./question-entry";
