import type { ConnectionInfo } from "../../gateway/types";
import { idTable } from "../../protocol/id-table";
import { IdMap } from "./id-map";
import { IdSequence } from "./id-sequence";
import { OutcomeLog } from "./outcome-log";
import { emptyPermissions } from "./permission-state";
import type { DockState } from "./types";

/** A dock's state before anything has happened: no requests, no outcomes, nothing refused. */
export function emptyDockState(sessionKey: string, connection: ConnectionInfo): DockState {
  return {
    sessionKey,
    connection,
    records: IdMap.empty(),
    order: IdSequence.empty(),
    asyncLinks: IdMap.empty(),
    deliveries: idTable(),
    activeId: null,
    views: IdMap.empty(),
    submissions: IdMap.empty(),
    outcomes: OutcomeLog.empty(),
    collapsed: false,
    rejected: [],
    permission: emptyPermissions(),
    announcement: { key: "none", n: 0 },
  };
}
