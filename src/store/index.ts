export { createQuestionDockStore, type DockStoreOptions, type DockTimers } from "./create-dock-store";
export { getAsyncQuestionServices, outboxHistoryOf, type AsyncQuestionServices, type AsyncServiceOptions } from "./async-services";
export { asyncRequestId } from "./async-sync";
export * from "./async";
export * from "./outbox";
export { DEFAULT_TYPING_GRACE_MS, activeAfterArrival } from "./priority";
export { belongsToSession } from "./session";
export * from "./selectors";
export type * from "./types";
