import type { ConnectionInfo } from "../../gateway/connection";
import { storageScope } from "../keep/scope";
import { OutcomeLog } from "./outcome-log";
import type { StoreState } from "./state";

/** A dock's state before anything has happened: no requests, no outcomes, nothing refused. */
export function emptyDockState(sessionKey: string, connection: ConnectionInfo): StoreState {
  return {
    sessionKey,
    connection,
    ...(connection.identity ? { scope: storageScope(connection.identity, sessionKey) } : {}),
    records: new Map(),
    order: [],
    asyncOrigins: new Map(),
    chat: { messages: [], runActive: false, activeRunIds: [], loaded: false, rejected: [], local: { reopenedAt: new Map(), skipped: new Set() }, questions: [] },
    outbox: { entries: {}, order: [], ready: false },
    activeId: null,
    views: new Map(),
    savedDrafts: new Map(),
    submissions: new Map(),
    outcomes: OutcomeLog.empty(),
    collapsed: false,
    rejected: [],
    permission: { notices: [], hidden: [] },
    announcement: { key: "none", n: 0 },
  };
}
