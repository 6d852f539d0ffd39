// A shallow copy of a dock's state, written out field by field. Node 20's V8 copies an object spread
// (`{ ...s, activeId }`) through a slow generic path, over ten times the cost of this literal, and the reducer
// copies the state on every event. The test beside the reducer's checks that no field is left behind.
import type { Announcement, DockState } from "./types";

/** A new state object holding the same values as `s` (the store's actions are added back by its dispatch). */
export function copyOfState(s: DockState): DockState {
  const next: DockState = {
    sessionKey: s.sessionKey,
    connection: s.connection,
    records: s.records,
    order: s.order,
    asyncLinks: s.asyncLinks,
    activeId: s.activeId,
    views: s.views,
    submissions: s.submissions,
    outcomes: s.outcomes,
    collapsed: s.collapsed,
    deliveries: s.deliveries,
    rejected: s.rejected,
    permission: s.permission,
    announcement: s.announcement,
  };
  if (s.asyncProblems !== undefined) next.asyncProblems = s.asyncProblems;
  return next;
}

/** The live region's next message, counted so that a repeat still announces; built without a spread (see above). */
export function countedAnnouncement(announcement: Announcement, n: number): DockState["announcement"] {
  switch (announcement.key) {
    case "none":
      return { key: "none", n };
    case "newQuestion":
      return { key: "newQuestion", question: announcement.question, n };
    case "uncertain":
      return { key: "uncertain", action: announcement.action, n };
    case "outcome": {
      const counted: DockState["announcement"] = { key: "outcome", kind: announcement.kind, header: announcement.header, n };
      if (announcement.queued) counted.queued = true;
      return counted;
    }
    case "submitFailed": {
      const counted: DockState["announcement"] = { key: "submitFailed", action: announcement.action, code: announcement.code, n };
      if (announcement.detail !== undefined) counted.detail = announcement.detail;
      return counted;
    }
  }
}
