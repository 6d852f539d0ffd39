// Every change to a dock's state, as one pure function of the state and a named event. The gateway link, the
// actions, timers and the pane bus only turn what happens into events; what each event does is decided here.
import type { QuestionAnswers, QuestionRecord } from "../protocol";
import type { ConnectionInfo } from "../gateway/types";
import { chooseOtherText, newView, selectOption, setOtherText, toggleOption, withStep } from "./drafts";
import type { OutboxEntry } from "./outbox/types";
import type { PermissionState } from "./permissions";
import type { Announcement, AsyncLink, DockRejection, DockState, Outcome, OutcomeKind, RequestView, Submission } from "./types";
import { isAnsweredOutcome } from "./outcome-of";
import { unsentDraft } from "./unsent-draft";
import type { IdTable } from "../protocol";
import type { IdMap } from "./id-map";

/** How many rejected records the state keeps for display; older reports are dropped first. */
export const MAX_REJECTED = 20;

/** A change to one question's draft. */
export type DraftEdit =
  | { kind: "select"; label: string; index?: number }
  | { kind: "toggle"; label: string; index?: number }
  /** Text already cleaned to what the gateway accepts. */
  | { kind: "setOther"; text: string }
  | { kind: "chooseOther" };

/** Everything that can happen to a dock, by name. */
export type DockEvent =
  | { type: "connectionChanged"; connection: ConnectionInfo }
  /** `announcement` is made only when the request is new to the dock. */
  | { type: "recordReceived"; record: QuestionRecord; announcement?: Announcement }
  | { type: "recordSettled"; id: string; outcome: OutcomeKind; answers?: QuestionAnswers; async?: Outcome["async"]; at: number; announcement?: Announcement }
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

const IDLE: Submission = Object.freeze({ status: "idle" });

/** A submit or skip of this request is on its way or awaits recovery: its draft is held as it was sent. */
export const isBusy = (submission: Submission | undefined): boolean => submission?.status === "submitting" || submission?.status === "uncertain";

// The gateway's own question.list order (creation time, then id by localeCompare), so a pane that saw the
// events live and one that recovered from the list show the same "Request n of m". Searched from the end:
// a new request is nearly always the newest, so this stops at once however many are pending.
function insertInOrder(order: readonly string[], records: IdMap<QuestionRecord>, rec: QuestionRecord): string[] {
  let at = order.length;
  while (at > 0) {
    const other = records.get(order[at - 1]!);
    if (other === undefined || (other.createdAtMs - rec.createdAtMs || other.id.localeCompare(rec.id)) <= 0) break;
    at--;
  }
  return at === order.length ? [...order, rec.id] : [...order.slice(0, at), rec.id, ...order.slice(at)];
}

// The record kept with an outcome shows how the gateway ended it; any other outcome keeps the last known state.
function terminalRecord(record: QuestionRecord, kind: OutcomeKind, answers: QuestionAnswers | undefined): QuestionRecord {
  if (kind === "expired") return { ...record, status: "expired" };
  if (kind === "skipped" || kind === "skipped-elsewhere" || kind === "cancelled") return { ...record, status: "cancelled" };
  if (isAnsweredOutcome(kind)) return answers ? { ...record, status: "answered", answers } : { ...record, status: "answered" };
  return record;
}

// The live region's next message, counted so that a repeat still announces.
const announced = (s: DockState, announcement: Announcement): DockState["announcement"] => ({ ...announcement, n: s.announcement.n + 1 });

function received(s: DockState, rec: QuestionRecord, announcement: Announcement | undefined): DockState {
  if (s.records.get(rec.id)) return { ...s, records: s.records.set(rec.id, rec) };
  // An ended request never comes back by itself (a stale list or a late event); Discard or Answer drop the outcome first.
  if (s.outcomes.has(rec.id) || rec.status !== "pending") return s;
  return {
    ...s,
    records: s.records.set(rec.id, rec),
    order: insertInOrder(s.order, s.records, rec),
    // With nothing active the new request is (see priority.ts); the other cases need the clock and the typing grace.
    activeId: s.activeId ?? rec.id,
    views: s.views.set(rec.id, newView()),
    submissions: s.submissions.set(rec.id, IDLE),
    announcement: announcement ? announced(s, announcement) : s.announcement,
  };
}

function settled(s: DockState, e: Extract<DockEvent, { type: "recordSettled" }>): DockState {
  const record = s.records.get(e.id);
  if (!record) return s;
  const index = s.order.indexOf(e.id);
  // Two slices copy as blocks; a filter would call back once per pending request.
  const order = index === -1 ? s.order : s.order.slice(0, index).concat(s.order.slice(index + 1));
  const unsent = unsentDraft(record, s.views.get(e.id), e.outcome);
  const submission = s.submissions.get(e.id);
  const cutOff = submission?.status === "uncertain" && submission.kind === "answer";
  // Assigned field by field: spreading optional parts costs more than the rest of the event (this runs per event).
  const outcome: Outcome = { kind: e.outcome, record: terminalRecord(record, e.outcome, e.answers), at: e.at };
  if (e.answers) outcome.answers = e.answers;
  if (e.async) outcome.async = e.async;
  if (unsent) outcome.unsent = unsent;
  // The answer went out but its reply was cut off: it may have arrived, so it is not called unsent.
  if (unsent && cutOff) outcome.unsentMayHaveArrived = true;
  // Binds the summary to the turn that asked.
  if (record.runId) outcome.runId = record.runId;
  return {
    ...s,
    records: s.records.delete(e.id),
    views: s.views.delete(e.id),
    submissions: s.submissions.delete(e.id),
    asyncLinks: s.asyncLinks.delete(e.id),
    order,
    activeId: s.activeId === e.id ? (order[Math.min(index, order.length - 1)] ?? null) : s.activeId,
    outcomes: s.outcomes.with(e.id, outcome),
    announcement: e.announcement ? announced(s, e.announcement) : s.announcement,
    collapsed: order.length ? s.collapsed : false,
  };
}

function edited(s: DockState, e: Extract<DockEvent, { type: "draftEdited" }>): DockState {
  const record = s.records.get(e.requestId);
  const view = s.views.get(e.requestId);
  const q = record?.questions.find((x) => x.questionId === e.questionId);
  if (!record || !view || !q || isBusy(s.submissions.get(e.requestId))) return s;
  const { edit } = e;
  const next =
    edit.kind === "select"
      ? selectOption(view, q, edit.label, e.at, edit.index)
      : edit.kind === "toggle"
        ? toggleOption(view, q, edit.label, e.at, edit.index)
        : edit.kind === "setOther"
          ? setOtherText(view, q, edit.text, e.at)
          : chooseOtherText(view, q, e.at);
  return next === view ? s : { ...s, views: s.views.set(e.requestId, next) };
}

function withView(s: DockState, requestId: string, change: (view: RequestView, record: QuestionRecord) => RequestView): DockState {
  const record = s.records.get(requestId);
  const view = s.views.get(requestId);
  if (!record || !view) return s;
  const next = change(view, record);
  return next === view ? s : { ...s, views: s.views.set(requestId, next) };
}

function withSubmission(s: DockState, requestId: string, submission: Submission): DockState {
  return s.records.get(requestId) ? { ...s, submissions: s.submissions.set(requestId, submission) } : s;
}

/** The next state of a dock after `event`; the same object when the event changes nothing. */
export function dockReducer(s: DockState, event: DockEvent): DockState {
  switch (event.type) {
    case "connectionChanged":
      return { ...s, connection: event.connection };
    case "recordReceived":
      return received(s, event.record, event.announcement);
    case "recordSettled":
      return settled(s, event);
    case "resolverNoted": {
      const held = s.records.get(event.id);
      return held ? { ...s, records: s.records.set(event.id, { ...held, resolvedBy: event.resolvedBy }) } : s;
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
      return isBusy(s.submissions.get(event.requestId)) ? s : withView(s, event.requestId, (v, r) => withStep(v, r, event.step));
    case "submitStarted":
      return isBusy(s.submissions.get(event.requestId)) ? s : withSubmission(s, event.requestId, { status: "submitting", kind: event.kind });
    case "submitFailed":
      return withSubmission(s, event.requestId, event.submission);
    case "submitUncertain":
      return withSubmission(s, event.requestId, { status: "uncertain", kind: event.kind });
    case "collapsed":
      return s.collapsed ? s : { ...s, collapsed: true };
    case "expanded":
      return s.collapsed ? { ...s, collapsed: false } : s;
    case "requestSwitched":
      return s.records.get(event.requestId) && s.activeId !== event.requestId ? { ...s, activeId: event.requestId } : s;
    case "requestMoved": {
      const index = s.activeId ? s.order.indexOf(s.activeId) : -1;
      const target = s.order[index + event.delta];
      return target ? { ...s, activeId: target } : s;
    }
    case "asyncLinked":
      return { ...s, asyncLinks: s.asyncLinks.set(event.requestId, event.link) };
    case "deliveriesChanged":
      return { ...s, deliveries: event.deliveries };
    case "permissionChanged":
      return { ...s, permission: event.permission };
    case "announced":
      return { ...s, announcement: announced(s, event.announcement) };
  }
}
