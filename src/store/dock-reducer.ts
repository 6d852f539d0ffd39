// Every change to a dock's state, as one pure function of the state and a named event. The gateway link, the
// actions, timers and the pane bus only turn what happens into events; what each event does is decided here.
import { withEntry, withoutEntry, type QuestionAnswers, type QuestionRecord } from "../protocol";
import type { ConnectionInfo } from "../gateway/types";
import { chooseOtherText, newView, selectOption, setOtherText, toggleOption, withStep } from "./drafts";
import type { OutboxEntry } from "./outbox/types";
import type { PermissionState } from "./permissions";
import type { Announcement, AsyncLink, DockRejection, DockState, Outcome, OutcomeKind, RequestView, Submission } from "./types";
import { unsentDraft } from "./unsent-draft";
import type { IdTable } from "../protocol";

/** How many rejected records the state keeps for display; older reports are dropped first. */
export const MAX_REJECTED = 20;

/** A change to one question's draft. */
export type DraftEdit =
  | { kind: "select"; label: string }
  | { kind: "toggle"; label: string }
  /** Text already cleaned to what the gateway accepts. */
  | { kind: "setOther"; text: string }
  | { kind: "chooseOther" };

/** Everything that can happen to a dock, by name. */
export type DockEvent =
  | { type: "connectionChanged"; connection: ConnectionInfo }
  | { type: "recordReceived"; record: QuestionRecord }
  | { type: "recordSettled"; id: string; outcome: OutcomeKind; answers?: QuestionAnswers; async?: Outcome["async"]; at: number }
  /** Who the gateway says ended the request, as it said it (untrusted, shown only through the outcome words). */
  | { type: "resolverNoted"; id: string; resolvedBy: unknown }
  | { type: "recordRejected"; rejection: DockRejection }
  | { type: "outcomePut"; id: string; outcome: Outcome }
  | { type: "outcomeDropped"; id: string }
  | { type: "draftEdited"; requestId: string; questionId: string; edit: DraftEdit; at: number }
  /** A draft brought back from storage or another pane, replacing the view as a whole. */
  | { type: "draftRestored"; requestId: string; view: RequestView }
  | { type: "stepChanged"; requestId: string; step: number }
  | { type: "submitStarted"; requestId: string; kind: "answer" | "skip" }
  | { type: "submitFailed"; requestId: string; submission: Extract<Submission, { status: "error" }> }
  | { type: "submitUncertain"; requestId: string; kind: "answer" | "skip" }
  | { type: "collapsed" }
  | { type: "expanded" }
  | { type: "requestSwitched"; requestId: string }
  | { type: "requestMoved"; delta: number }
  | { type: "asyncLinked"; requestId: string; link: AsyncLink }
  | { type: "deliveriesChanged"; deliveries: IdTable<OutboxEntry> }
  | { type: "permissionChanged"; permission: PermissionState }
  | { type: "announced"; announcement: Announcement };

/** A submit or skip of this request is on its way or awaits recovery: its draft is held as it was sent. */
export const isBusy = (submission: Submission | undefined): boolean => submission?.status === "submitting" || submission?.status === "uncertain";

// The gateway's own question.list order (creation time, then id by localeCompare), so a pane that saw the
// events live and one that recovered from the list show the same "Request n of m".
function insertInOrder(order: readonly string[], records: IdTable<QuestionRecord>, rec: QuestionRecord): string[] {
  const at = order.findIndex((id) => {
    const other = records[id];
    return other !== undefined && (other.createdAtMs - rec.createdAtMs || other.id.localeCompare(rec.id)) > 0;
  });
  return at === -1 ? [...order, rec.id] : [...order.slice(0, at), rec.id, ...order.slice(at)];
}

// The record kept with an outcome shows how the gateway ended it; any other outcome keeps the last known state.
function terminalRecord(record: QuestionRecord, kind: OutcomeKind, answers: QuestionAnswers | undefined): QuestionRecord {
  if (kind === "expired") return { ...record, status: "expired" };
  if (kind === "skipped" || kind === "skipped-elsewhere" || kind === "cancelled") return { ...record, status: "cancelled" };
  if (kind === "answered" || kind === "answered-elsewhere") return { ...record, status: "answered", ...(answers ? { answers } : {}) };
  return record;
}

function received(s: DockState, rec: QuestionRecord): DockState {
  if (s.records[rec.id]) return { ...s, records: withEntry(s.records, rec.id, rec) };
  // An ended request never comes back by itself (a stale list or a late event); Discard or Answer drop the outcome first.
  if (s.outcomes.has(rec.id) || rec.status !== "pending") return s;
  return {
    ...s,
    records: withEntry(s.records, rec.id, rec),
    order: insertInOrder(s.order, s.records, rec),
    views: withEntry(s.views, rec.id, newView()),
    submissions: withEntry(s.submissions, rec.id, { status: "idle" }),
  };
}

function settled(s: DockState, e: Extract<DockEvent, { type: "recordSettled" }>): DockState {
  const record = s.records[e.id];
  if (!record) return s;
  const index = s.order.indexOf(e.id);
  const order = s.order.filter((x) => x !== e.id);
  const unsent = unsentDraft(record, s.views[e.id], e.outcome);
  const submission = s.submissions[e.id];
  const cutOff = submission?.status === "uncertain" && submission.kind === "answer";
  const outcome: Outcome = {
    kind: e.outcome,
    record: terminalRecord(record, e.outcome, e.answers),
    ...(e.answers ? { answers: e.answers } : {}),
    at: e.at,
    ...(e.async ? { async: e.async } : {}),
    ...(unsent ? { unsent } : {}),
    // The answer went out but its reply was cut off: it may have arrived, so it is not called unsent.
    ...(unsent && cutOff ? { unsentMayHaveArrived: true as const } : {}),
    // Binds the summary to the turn that asked.
    ...(record.runId ? { runId: record.runId } : {}),
  };
  return {
    ...s,
    records: withoutEntry(s.records, e.id),
    views: withoutEntry(s.views, e.id),
    submissions: withoutEntry(s.submissions, e.id),
    asyncLinks: withoutEntry(s.asyncLinks, e.id),
    order,
    activeId: s.activeId === e.id ? (order[Math.min(index, order.length - 1)] ?? null) : s.activeId,
    outcomes: s.outcomes.with(e.id, outcome),
    collapsed: order.length ? s.collapsed : false,
  };
}

function edited(s: DockState, e: Extract<DockEvent, { type: "draftEdited" }>): DockState {
  const record = s.records[e.requestId];
  const view = s.views[e.requestId];
  const q = record?.questions.find((x) => x.questionId === e.questionId);
  if (!record || !view || !q || isBusy(s.submissions[e.requestId])) return s;
  const { edit } = e;
  const next =
    edit.kind === "select"
      ? selectOption(view, q, edit.label, e.at)
      : edit.kind === "toggle"
        ? toggleOption(view, q, edit.label, e.at)
        : edit.kind === "setOther"
          ? setOtherText(view, q, edit.text, e.at)
          : chooseOtherText(view, q, e.at);
  return next === view ? s : { ...s, views: withEntry(s.views, e.requestId, next) };
}

function withView(s: DockState, requestId: string, change: (view: RequestView, record: QuestionRecord) => RequestView): DockState {
  const record = s.records[requestId];
  const view = s.views[requestId];
  if (!record || !view) return s;
  const next = change(view, record);
  return next === view ? s : { ...s, views: withEntry(s.views, requestId, next) };
}

function withSubmission(s: DockState, requestId: string, submission: Submission): DockState {
  return s.records[requestId] ? { ...s, submissions: withEntry(s.submissions, requestId, submission) } : s;
}

/** The next state of a dock after `event`; the same object when the event changes nothing. */
export function dockReducer(s: DockState, event: DockEvent): DockState {
  switch (event.type) {
    case "connectionChanged":
      return { ...s, connection: event.connection };
    case "recordReceived":
      return received(s, event.record);
    case "recordSettled":
      return settled(s, event);
    case "resolverNoted": {
      const held = s.records[event.id];
      return held ? { ...s, records: withEntry(s.records, event.id, { ...held, resolvedBy: event.resolvedBy }) } : s;
    }
    case "recordRejected":
      return { ...s, rejected: [...s.rejected, event.rejection].slice(-MAX_REJECTED) };
    case "outcomePut":
      return { ...s, outcomes: s.outcomes.with(event.id, event.outcome) };
    case "outcomeDropped": {
      const outcomes = s.outcomes.without(event.id);
      return outcomes === s.outcomes ? s : { ...s, outcomes };
    }
    case "draftEdited":
      return edited(s, event);
    case "draftRestored":
      return withView(s, event.requestId, () => event.view);
    case "stepChanged":
      return isBusy(s.submissions[event.requestId]) ? s : withView(s, event.requestId, (v, r) => withStep(v, r, event.step));
    case "submitStarted":
      return isBusy(s.submissions[event.requestId]) ? s : withSubmission(s, event.requestId, { status: "submitting", kind: event.kind });
    case "submitFailed":
      return withSubmission(s, event.requestId, event.submission);
    case "submitUncertain":
      return withSubmission(s, event.requestId, { status: "uncertain", kind: event.kind });
    case "collapsed":
      return s.collapsed ? s : { ...s, collapsed: true };
    case "expanded":
      return s.collapsed ? { ...s, collapsed: false } : s;
    case "requestSwitched":
      return s.records[event.requestId] && s.activeId !== event.requestId ? { ...s, activeId: event.requestId } : s;
    case "requestMoved": {
      const index = s.activeId ? s.order.indexOf(s.activeId) : -1;
      const target = s.order[index + event.delta];
      return target ? { ...s, activeId: target } : s;
    }
    case "asyncLinked":
      return { ...s, asyncLinks: withEntry(s.asyncLinks, event.requestId, event.link) };
    case "deliveriesChanged":
      return { ...s, deliveries: event.deliveries };
    case "permissionChanged":
      return { ...s, permission: event.permission };
    case "announced":
      return { ...s, announcement: { ...event.announcement, n: s.announcement.n + 1 } };
  }
}
