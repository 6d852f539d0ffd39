// What the kit's own tests and stories reach besides the public entries; not for a host's production code.
export { outboxOf } from "./store/opt-in/attach";
export type { Outbox } from "./store/async/outbox";
export { storageScope } from "./store/keep/scope";
export { scopedRecords, type ScopedRecords } from "./store/keep/storage";
export { openStore } from "./store/create-store";
export { wholeStore } from "./hooks/dock-context";
