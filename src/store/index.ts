export { createQuestionDockStore, type DockStoreOptions, type DockTimers } from "./create-dock-store";
export { DEFAULT_TYPING_GRACE_MS, activeAfterArrival } from "./priority";
export { belongsToSession } from "./session";
export * from "./selectors";
export type * from "./types";
