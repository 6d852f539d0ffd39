export type { ConversationData } from "./conversation-reducer";
export { deriveAsyncQuestions, emptyAsyncLocal, type AsyncLocalState } from "./derive-questions";
export { reopenAnchor } from "./runs";
export type { RejectedItem } from "./history-read";
export type * from "./question-entry";
