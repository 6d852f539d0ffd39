// What a host holds of an opt-in dock feature: an opaque token made by the feature's factory. Its working parts stay
// private to the store (attach.ts), so a host that never calls the factory never loads them.

/** Async (Codex) questions, their answer outbox and history outcomes; made by `asyncQuestionsFeature`, passed as the store's `asyncQuestions`. */
export interface AsyncQuestionsFeature {
  readonly feature: "asyncQuestions";
}

/** Blocking drafts kept across reloads and shared with the conversation's other panes; made by `blockingDraftsFeature`, passed as the store's `blockingDrafts`. */
export interface BlockingDraftsFeature {
  readonly feature: "blockingDrafts";
}

/** The conversation's messages and the outcomes its history holds; made by `chatHistoryFeature`, passed as the store's `chatHistory`. */
export interface ChatHistoryFeature {
  readonly feature: "chatHistory";
}

/** Any opt-in feature of a dock store. */
export type DockFeature = AsyncQuestionsFeature | BlockingDraftsFeature | ChatHistoryFeature;
