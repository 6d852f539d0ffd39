// The reducer copies the state field by field (a spread is slow in Node 20's V8); a copy that left a field
// behind, or an announcement that lost a part, would silently drop what the views show.
import { describe, expect, it } from "vitest";
import { idTable } from "../../../src/protocol/id-table";
import { IdMap } from "../../../src/store/dock/id-map";
import { IdSequence } from "../../../src/store/dock/id-sequence";
import { OutcomeLog } from "../../../src/store/dock/outcome-log";
import { emptyPermissions } from "../../../src/store/dock/permission-state";
import { copyOfState, countedAnnouncement } from "../../../src/store/dock/state-copy";
import type { Announcement, DockState } from "../../../src/store/dock/types";

// Required<…>: a field added to DockState, optional or not, fails to compile here until this state sets it.
const every: Required<DockState> = {
  sessionKey: "main",
  connection: { state: "connected", attempt: 0 },
  records: IdMap.empty(),
  order: IdSequence.of(["a"]),
  asyncLinks: IdMap.empty(),
  activeId: "a",
  views: IdMap.empty(),
  submissions: IdMap.empty(),
  outcomes: OutcomeLog.empty(),
  collapsed: true,
  deliveries: idTable(),
  rejected: [],
  asyncProblems: { storage: "save" } as DockState["asyncProblems"] & object,
  permission: emptyPermissions(),
  announcement: { key: "none", n: 3 },
};

describe("copyOfState", () => {
  it("is a new object with every field of the state, each the same value", () => {
    const copy = copyOfState(every);
    expect(copy).not.toBe(every);
    expect(Object.keys(copy).sort()).toEqual(Object.keys(every).sort());
    for (const key of Object.keys(every) as (keyof DockState)[]) expect(copy[key]).toBe(every[key]);
  });

  it("leaves an absent optional field absent", () => {
    const { asyncProblems: _, ...without } = every;
    expect("asyncProblems" in copyOfState(without)).toBe(false);
  });
});

describe("countedAnnouncement", () => {
  // One of each key (the Record type makes a new key fail to compile until it is listed), with every optional part set.
  const samples: Record<Announcement["key"], Announcement[]> = {
    none: [{ key: "none" }],
    newQuestion: [{ key: "newQuestion", question: "Which?" }],
    uncertain: [{ key: "uncertain", action: "skip" }],
    outcome: [
      { key: "outcome", kind: "answered", header: "Deploy" },
      { key: "outcome", kind: "answered", header: "Deploy", queued: true },
    ],
    submitFailed: [
      { key: "submitFailed", action: "answer", code: "timeout" },
      { key: "submitFailed", action: "answer", code: "forbidden", detail: "operator.questions" },
    ],
  };

  it.each(Object.values(samples).flat())("keeps every part of %o and adds the count", (announcement) => {
    expect(countedAnnouncement(announcement, 7)).toStrictEqual({ ...announcement, n: 7 });
  });
});
