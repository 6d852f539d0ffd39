export { DEFAULT_HISTORY_LIMIT } from "../async/history-reader";
export { conversationReducer, type ActiveRuns, type ConversationData, type ConversationEvent } from "./conversation-reducer";
export { deriveAsyncQuestions, emptyAsyncLocal, type AsyncLocalState } from "./derive-questions";
export { isPersonMessage, messagePositions, reopenAnchor } from "./runs";
export type { RejectedItem } from "./history-read";
export type * from "./question-entry";
