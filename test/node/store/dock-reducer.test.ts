// The dock's rules, one row each: a state, an event, and what the state must be after it.
import { describe, expect, it } from "vitest";
import type { QuestionRecord } from "../../../src/protocol";
import { dockReducer, emptyDockState, type DockEvent } from "../../../src/store/dock/dock-reducer";
import { newView } from "../../../src/store/dock/drafts";
import type { StoreState, Submission } from "../../../src/store/dock/state";
import { CHECKS, REGION, TARGET } from "../../support/questions";

const record = (id: string, createdAtMs: number, questions: QuestionRecord["questions"] = [{ ...TARGET, multiSelect: false, isOther: true }]): QuestionRecord => ({
  id,
  questions,
  sessionKey: "main",
  createdAtMs,
  expiresAtMs: createdAtMs + 60_000,
  status: "pending",
});

const A = record("a", 100);
const B = record("b", 200);
const TWO = record("two", 300, [
  { ...TARGET, multiSelect: false, isOther: true },
  { ...REGION, multiSelect: false, isOther: false },
]);
const MULTI = record("multi", 400, [{ ...CHECKS, isOther: true }]);

function state(records: QuestionRecord[] = [], patch: Partial<StoreState> = {}): StoreState {
  return {
    ...emptyDockState("main", { state: "connected", attempt: 0 }),
    records: new Map(records.map((r) => [r.id, r] as const)),
    order: records.map((r) => r.id),
    activeId: records[0]?.id ?? null,
    views: new Map(records.map((r) => [r.id, newView()] as const)),
    submissions: new Map(records.map((r) => [r.id, { status: "idle" } as Submission] as const)),
    ...patch,
  };
}

const run = (s: StoreState, ...events: DockEvent[]) => events.reduce(dockReducer, s);
const busy = (kind: "submitting" | "uncertain") => ({ submissions: new Map([["a", { status: kind, kind: "answer" } as Submission]]) });
const select = (label: string, requestId = "a", questionId = "target"): DockEvent => ({ type: "draftEdited", requestId, questionId, edit: { kind: "select", label }, at: 5 });

const ANNOUNCED: DockEvent = { type: "announced", announcement: { key: "outcome", kind: "answered", header: "Deploy" } };

interface Row {
  rule: string;
  from: StoreState;
  events: DockEvent[];
  expect: (next: StoreState, from: StoreState) => void;
}

const rows: Row[] = [
  {
    rule: "a new pending record joins in the gateway's order (creation time, then id)",
    from: state([A, B]),
    events: [{ type: "recordReceived", record: record("between", 150) }],
    expect: (s) => expect([...s.order]).toEqual(["a", "between", "b"]),
  },
  {
    rule: "a record already pending is updated in place, its draft kept",
    from: run(state([A]), select("Production")),
    events: [{ type: "recordReceived", record: { ...A, expiresAtMs: 999_999 } }],
    expect: (s) => {
      expect(s.records.get("a")?.expiresAtMs).toBe(999_999);
      expect(s.views.get("a")?.drafts["target"]?.selected).toEqual(["Production"]);
    },
  },
  {
    rule: "a request that ended never comes back by itself",
    from: run(state([A]), { type: "recordSettled", id: "a", outcome: "answered", at: 1 }),
    events: [{ type: "recordReceived", record: A }],
    expect: (s, from) => expect(s).toBe(from),
  },
  {
    rule: "hostile ids are ordinary ids",
    from: state(),
    events: [{ type: "recordReceived", record: record("__proto__", 1) }, { type: "recordReceived", record: record("constructor", 2) }],
    expect: (s) => {
      expect([...s.order]).toEqual(["__proto__", "constructor"]);
      expect([...s.records.keys()].sort()).toEqual(["__proto__", "constructor"]);
    },
  },
  {
    rule: "settling moves the request to the outcomes, with the gateway's status and answers",
    from: state([A, B]),
    events: [{ type: "recordSettled", id: "a", outcome: "answered", answers: { answers: { target: ["Production"] } }, at: 7 }],
    expect: (s) => {
      expect(s.records.get("a")).toBeUndefined();
      expect([...s.order]).toEqual(["b"]);
      expect(s.outcomes.get("a")).toMatchObject({ kind: "answered", at: 7, record: { status: "answered", answers: { answers: { target: ["Production"] } } } });
    },
  },
  {
    rule: "settling the active request makes the one after it active",
    from: state([A, B, record("c", 300)], { activeId: "b" }),
    events: [{ type: "recordSettled", id: "b", outcome: "answered", at: 7 }],
    expect: (s) => {
      expect([...s.order]).toEqual(["a", "c"]);
      expect(s.activeId).toBe("c");
    },
  },
  {
    rule: "settling the active request when it was the last makes the one before it active",
    from: state([A, B], { activeId: "b" }),
    events: [{ type: "recordSettled", id: "b", outcome: "answered", at: 7 }],
    expect: (s) => expect(s.activeId).toBe("a"),
  },
  {
    rule: "settling with who ended it keeps the gateway's resolvedBy on the outcome's record, and leaves the pending record as it was",
    from: state([A, B]),
    events: [{ type: "recordSettled", id: "a", outcome: "answered-elsewhere", answers: { answers: { target: ["Production"] } }, resolvedBy: "control-ui:other", at: 7 }],
    expect: (s) => {
      expect(s.outcomes.get("a")?.record).toEqual({ ...A, status: "answered", answers: { answers: { target: ["Production"] } }, resolvedBy: "control-ui:other" });
      expect(A).not.toHaveProperty("resolvedBy");
    },
  },
  {
    rule: "a new request the priority rule lets in (activate) becomes active at once; without it the active one stays",
    from: state([A]),
    events: [{ type: "recordReceived", record: B, activate: true }],
    expect: (s, from) => {
      expect(s.activeId).toBe("b");
      expect(run(from, { type: "recordReceived", record: B }).activeId).toBe("a");
    },
  },
  {
    rule: "settling the active request makes the next one active (the previous one when it was last)",
    from: state([A, B, TWO], { activeId: "b" }),
    events: [{ type: "recordSettled", id: "b", outcome: "skipped", at: 1 }],
    expect: (s) => expect(s.activeId).toBe("two"),
  },
  {
    rule: "settling the last request expands a collapsed dock, so the next one is not hidden",
    from: state([A], { collapsed: true }),
    events: [{ type: "recordSettled", id: "a", outcome: "expired", at: 1 }],
    expect: (s) => {
      expect(s.collapsed).toBe(false);
      expect(s.activeId).toBeNull();
    },
  },
  {
    rule: "a question taken away mid-answer keeps what the person typed as unsent",
    from: run(state([A]), { type: "draftEdited", requestId: "a", questionId: "target", edit: { kind: "setOther", text: "Canary" }, at: 3 }),
    events: [{ type: "recordSettled", id: "a", outcome: "unavailable", at: 9 }],
    expect: (s) => expect(s.outcomes.get("a")).toMatchObject({ kind: "unavailable", unsent: { target: { other: "Canary" } } }),
  },
  {
    rule: "an answer cut off before its reply is not called unsent when the question goes",
    from: run(state([A]), { type: "draftEdited", requestId: "a", questionId: "target", edit: { kind: "setOther", text: "Canary" }, at: 3 }, { type: "submitStarted", requestId: "a", kind: "answer" }, { type: "submitUncertain", requestId: "a", kind: "answer" }),
    events: [{ type: "recordSettled", id: "a", outcome: "unavailable", at: 9 }],
    expect: (s) => expect(s.outcomes.get("a")?.unsentMayHaveArrived).toBe(true),
  },
  {
    rule: "single select: a choice replaces the last one",
    from: run(state([A]), select("Production")),
    events: [select("Staging (Recommended)")],
    expect: (s) => expect(s.views.get("a")?.drafts["target"]?.selected).toEqual(["Staging (Recommended)"]),
  },
  {
    rule: "multi select: toggling adds and removes",
    from: state([MULTI]),
    events: [
      { type: "draftEdited", requestId: "multi", questionId: "checks", edit: { kind: "toggle", label: "Lint" }, at: 1 },
      { type: "draftEdited", requestId: "multi", questionId: "checks", edit: { kind: "toggle", label: "E2E" }, at: 2 },
      { type: "draftEdited", requestId: "multi", questionId: "checks", edit: { kind: "toggle", label: "Lint" }, at: 3 },
    ],
    expect: (s) => expect(s.views.get("multi")?.drafts["checks"]?.selected).toEqual(["E2E"]),
  },
  {
    rule: "a label the question does not offer changes nothing",
    from: state([A]),
    events: [select("Nowhere")],
    expect: (s, from) => expect(s).toBe(from),
  },
  {
    rule: "an edit of an unknown request or question changes nothing",
    from: state([A]),
    events: [select("Production", "nope"), select("Production", "a", "nope")],
    expect: (s, from) => expect(s).toBe(from),
  },
  {
    rule: "an edit marks the time of the person's last edit (the priority rule reads it)",
    from: state([A]),
    events: [select("Production")],
    expect: (s) => expect(s.views.get("a")?.editedAt).toBe(5),
  },
  {
    rule: "while a submit is on its way the draft is held as sent",
    from: run(state([A]), select("Production"), { type: "submitStarted", requestId: "a", kind: "answer" }),
    events: [select("Staging (Recommended)"), { type: "stepChanged", requestId: "a", step: 1 }],
    expect: (s, from) => expect(s).toBe(from),
  },
  {
    rule: "while a submit awaits recovery the draft is held too",
    from: run(state([A], busy("uncertain")), select("Production")),
    events: [select("Staging (Recommended)")],
    expect: (s, from) => expect(s).toBe(from),
  },
  {
    rule: "a second submit does not start while one is on its way",
    from: state([A], busy("submitting")),
    events: [{ type: "submitStarted", requestId: "a", kind: "skip" }],
    expect: (s, from) => expect(s).toBe(from),
  },
  {
    rule: "a failed submit frees the draft and says why",
    from: state([A], busy("submitting")),
    events: [{ type: "submitFailed", requestId: "a", submission: { status: "error", kind: "answer", code: "refused", detail: "refused" } }, select("Production")],
    expect: (s) => {
      expect(s.submissions.get("a")).toMatchObject({ status: "error", kind: "answer" });
      expect(s.views.get("a")?.drafts["target"]?.selected).toEqual(["Production"]);
    },
  },
  {
    rule: "steps stay within the questions plus the review step",
    from: state([TWO]),
    events: [{ type: "stepChanged", requestId: "two", step: 99 }],
    expect: (s) => expect(s.views.get("two")?.step).toBe(2),
  },
  {
    rule: "no step before the first",
    from: state([TWO]),
    events: [{ type: "stepChanged", requestId: "two", step: -1 }],
    expect: (s) => expect(s.views.get("two")?.step ?? 0).toBe(0),
  },
  {
    rule: "collapse hides the prompt behind its bar",
    from: state([A]),
    events: [{ type: "collapsed" }],
    expect: (s) => expect(s.collapsed).toBe(true),
  },
  {
    rule: "expand shows it again",
    from: state([A], { collapsed: true }),
    events: [{ type: "expanded" }],
    expect: (s) => expect(s.collapsed).toBe(false),
  },
  {
    rule: "switching to a request that is not pending changes nothing",
    from: state([A, B]),
    events: [{ type: "requestSwitched", requestId: "gone" }],
    expect: (s, from) => expect(s).toBe(from),
  },
  {
    rule: "moving past either end of the requests stays put",
    from: state([A, B]),
    events: [{ type: "requestMoved", delta: -1 }],
    expect: (s) => expect(s.activeId).toBe("a"),
  },
  {
    rule: "moving on goes to the next request",
    from: state([A, B]),
    events: [{ type: "requestMoved", delta: 1 }],
    expect: (s) => expect(s.activeId).toBe("b"),
  },
  {
    rule: "rejections keep the newest 20",
    from: state(),
    events: Array.from({ length: 25 }, (_, i) => ({ type: "recordRejected", rejection: { source: "question.requested", errors: [], at: i } }) as DockEvent),
    expect: (s) => expect(s.rejected.map((r) => r.at)).toEqual(Array.from({ length: 20 }, (_, i) => i + 5)),
  },
  {
    rule: "every announcement counts up, so saying the same twice is heard twice",
    from: state(),
    events: [ANNOUNCED, ANNOUNCED],
    expect: (s) => expect(s.announcement.n).toBe(2),
  },
  {
    rule: "dropping an outcome lets its request come back",
    from: run(state([A]), { type: "recordSettled", id: "a", outcome: "skipped", at: 1 }),
    events: [{ type: "outcomeDropped", id: "a" }, { type: "recordReceived", record: A }],
    expect: (s) => {
      expect(s.outcomes.has("a")).toBe(false);
      expect([...s.order]).toEqual(["a"]);
    },
  },
];

describe("dockReducer", () => {
  it.each(rows.map((r) => [r.rule, r] as const))("%s", (_, row) => {
    const next = run(row.from, ...row.events);
    row.expect(next, row.from);
  });

  it("never changes the state it is given", () => {
    const from = run(state([A, B]), select("Production"));
    const snapshot = JSON.stringify({ ...from, outcomes: [...from.outcomes] });
    run(from, { type: "recordSettled", id: "a", outcome: "answered", at: 2 }, { type: "collapsed" }, select("Production", "b"));
    expect(JSON.stringify({ ...from, outcomes: [...from.outcomes] })).toBe(snapshot);
    expect(from.outcomes.size).toBe(0);
  });
});
