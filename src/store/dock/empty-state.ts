import type { ConnectionInfo } from "../../gateway/types";
import { idTable } from "../../protocol/id-table";
import { OutcomeLog } from "./outcome-log";
import { emptyPermissions } from "./permission-state";
import type { DockState } from "./types";

/** A dock's state before anything has happened: no requests, no outcomes, nothing refused. */
export function emptyDockState(sessionKey: string, connection: ConnectionInfo): DockState {
  return {
    sessionKey,
    connection,
    records: new Map(),
    order: [],
    asyncLinks: new Map(),
    deliveries: idTable(),
    activeId: null,
    views: new Map(),
    submissions: new Map(),
    outcomes: OutcomeLog.empty(),
    collapsed: false,
    rejected: [],
    permission: emptyPermissions(),
    announcement: { key: "none", n: 0 },
  };
}
