export { DEFAULT_HISTORY_LIMIT } from "../async/history-link";
export { conversationReducer, type ActiveRuns, type ConversationData, type ConversationEvent } from "./conversation-reducer";
export { deriveAsyncQuestions, emptyAsyncLocal, type AsyncLocalState } from "./ledger";
export { isPersonMessage, isRestartRecovery, messagePositions, reopenAnchor, sentKeyOf, RESTART_RECOVERY_TOOL } from "./runs";
export type { RejectedItem } from "./history-page";
export type * from "./types";
