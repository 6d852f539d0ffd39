// Every change to a dock's state, as one pure function of the state and a named event.
import { isSecretQuestion, type QuestionRecord } from "../../protocol/question-record";
import { withEntry } from "../../protocol/id-table";
import { sendableText } from "../../protocol/sendable-text";
import type { ConnectionInfo } from "../../gateway/connection";
import { chooseOtherText, newView, savedDraftOf, selectOption, setOtherText, withStep } from "./drafts";
import { storageScope } from "../keep/scope";
import { MapLog } from "./map-log";
import type { OutboxEntry, SavedDraft } from "../outbox/entry";
import type { Announcement, DockRejection, HiddenReason, PermissionNotice, QuestionDraft, StoreState, OutcomeKind, RequestView, Submission } from "./state";
import { endedRecordOutcome, isAnsweredOutcome, settledOutcome, type KeptOutcome, type Settlement } from "./outcomes";

// How many rejected records the state keeps for display; older reports are dropped first. The blocking dock keeps
// its own limit: the conversation's modules are opt-in. One refusal per method is the usual case.
const MAX_REJECTED = 20;
const MAX_NOTICES = 10;
const MAX_HIDDEN = 50;

/** A change to one question's draft. */
export type DraftEdit =
  | { kind: "select" | "toggle"; label: string; index?: number }
  /** Text already cleaned to what the gateway accepts. */
  | { kind: "setOther"; text: string }
  | { kind: "chooseOther" };

/** Everything that can happen to a dock, by name. */
export type DockEvent =
  | { type: "connectionChanged"; connection: ConnectionInfo }
  /** `announcement` only when new to the dock; `activate`: the priority rule's verdict, so no second event. */
  | { type: "recordReceived"; record: QuestionRecord; announcement?: Announcement; activate?: boolean }
  | ({ type: "recordSettled"; id: string; announcement?: Announcement } & Settlement)
  | { type: "recordRejected"; rejection: DockRejection }
  /** What a page kept, read back once it knows whose it is; each fills only what the page does not know newer. */
  | { type: "restored"; outcomes: readonly (readonly [string, KeptOutcome])[]; drafts: readonly SavedDraft[]; entries: readonly OutboxEntry[]; isPaused: boolean; at: number }
  /** A request this tab sent before a reload turned out to have ended; a newer outcome of it stays. */
  | { type: "sentRequestEnded"; record: QuestionRecord; kind: OutcomeKind; at: number }
  | { type: "outcomeDropped"; id: string }
  | { type: "draftEdited"; requestId: string; questionId: string; edit: DraftEdit; at: number }
  /** `onlyIfUntouched` keeps what was typed since; a submit in flight keeps the draft as sent. */
  | { type: "draftLoaded"; draft: SavedDraft; onlyIfUntouched: boolean }
  /** A request's saved draft is no longer wanted (it ended in another tab). */
  | { type: "draftDropped"; requestId: string }
  | { type: "stepChanged"; requestId: string; step: number }
  | { type: "submitStarted"; requestId: string; kind: "answer" | "skip" }
  | { type: "submitFailed"; requestId: string; submission: Extract<Submission, { status: "error" }> }
  | { type: "submitUncertain"; requestId: string; kind: "answer" | "skip" }
  | { type: "collapsed" }
  | { type: "expanded" }
  | { type: "requestSwitched"; requestId: string }
  | { type: "requestMoved"; delta: number }
  | { type: "permissionRefused"; notice: PermissionNotice }
  | { type: "permissionRestored"; method: string }
  | { type: "recordHidden"; id: string; reason: HiddenReason; at: number }
  | { type: "announced"; announcement: Announcement };

/** A dock's state before anything has happened: no requests, no outcomes, nothing refused. */
export function emptyDockState(sessionKey: string, connection: ConnectionInfo): StoreState {
  return {
    sessionKey,
    connection,
    ...(connection.identity ? { scope: storageScope(connection.identity, sessionKey) } : {}),
    records: MapLog.empty(),
    order: [],
    asyncOrigins: new Map(),
    chat: { messages: [], runActive: false, activeRunIds: [], loaded: false, rejected: [], local: { reopenedAt: new Map(), skipped: new Set() }, questions: [] },
    outbox: { entries: {}, order: [], ready: false },
    activeId: null,
    views: new Map(),
    savedDrafts: new Map(),
    submissions: new Map(),
    outcomes: MapLog.empty(),
    collapsed: false,
    rejected: [],
    permission: { notices: [], hidden: [] },
    announcement: { key: "none", n: 0 },
  };
}

// Tables are never changed in place (views select by identity); copied by forEach, as `new Map(map)` allocates double.
function copied<V>(map: ReadonlyMap<string, V>, except?: string): Map<string, V> {
  const next = new Map<string, V>();
  map.forEach((value, key) => key !== except && next.set(key, value));
  return next;
}

const withKey = <V>(map: ReadonlyMap<string, V>, key: string, value: V): ReadonlyMap<string, V> => copied(map).set(key, value);
const withoutKey = <V>(map: ReadonlyMap<string, V>, key: string): ReadonlyMap<string, V> => (map.has(key) ? copied(map, key) : map);

/** A submit or skip of this request is on its way or awaits recovery: its draft is held as it was sent. */
export const isBusy = (submission: Submission | undefined): boolean => submission?.status === "submitting" || submission?.status === "uncertain";

const announced = (s: StoreState, announcement: Announcement): StoreState["announcement"] => Object.assign({}, announcement, { n: s.announcement.n + 1 });

function withView(s: StoreState, requestId: string, change: (view: RequestView, record: QuestionRecord) => RequestView): StoreState {
  const record = s.records.get(requestId);
  if (!record) return s;
  const view = s.views.get(requestId) ?? newView();
  const next = change(view, record);
  return next === view ? s : { ...s, views: withKey(s.views, requestId, next) };
}

function withSubmission(s: StoreState, requestId: string, submission: Submission): StoreState {
  return s.records.get(requestId) ? { ...s, submissions: withKey(s.submissions, requestId, submission) } : s;
}

/** The view with a saved draft filled in: only what can be sent, for questions the record has, with choices it offers. */
export function viewWithSaved(record: QuestionRecord, view: RequestView, saved: SavedDraft): RequestView {
  let drafts = view.drafts;
  for (const answer of saved.answers) {
    const q = record.questions.find((x) => x.questionId === answer.questionId);
    if (!q || isSecretQuestion(q)) continue;
    const offered = answer.selected.filter((label) => q.options.some((o) => o.label === label));
    const selected = q.multiSelect ? [...new Set(offered)] : offered.slice(0, 1);
    // Positions come from storage or another tab: only whole numbers are taken, and chosenPositions checks the rest.
    const positions = Array.isArray(answer.positions) && answer.positions.every(Number.isInteger) && selected.length === offered.length ? { positions: [...answer.positions] } : {};
    const next: QuestionDraft = { selected, other: q.isOther ? sendableText(answer.other).text : "", ...positions };
    drafts = withEntry(drafts, q.questionId, next);
  }
  return withStep({ ...view, drafts, editedAt: saved.edited ? saved.updatedAt : view.editedAt }, record, saved.step);
}

// An async question opens at its first step, however far the saved draft had got; a blocking one where it was left.
function stepOf(s: StoreState, draft: SavedDraft, step: number): SavedDraft {
  return s.asyncOrigins.has(draft.requestId) ? { ...draft, step } : draft;
}

function draftLoaded(s: StoreState, draft: SavedDraft, onlyIfUntouched: boolean): StoreState {
  const id = draft.requestId;
  // What was heard since a load began is newer than what was saved.
  if (!s.records.has(id)) return onlyIfUntouched && s.savedDrafts.has(id) ? s : { ...s, savedDrafts: withKey(s.savedDrafts, id, draft) };
  if (isBusy(s.submissions.get(id)) || (onlyIfUntouched && (s.views.get(id)?.editedAt ?? 0) !== 0)) return s;
  return withView(s, id, (v, record) => viewWithSaved(record, v, stepOf(s, draft, v.step)));
}

type Handlers = { [K in DockEvent["type"]]: (s: StoreState, e: Extract<DockEvent, { type: K }>) => StoreState };

// One handler per event; each returns `s` itself when its event changes nothing.
const HANDLERS: Handlers = {
  connectionChanged: (s, e) => {
    // The store belongs to the first identity it meets: what it keeps is kept under that scope only.
    const scope = s.scope ?? (e.connection.identity ? storageScope(e.connection.identity, s.sessionKey) : undefined);
    return { ...s, connection: e.connection, ...(scope ? { scope } : {}) };
  },
  recordReceived: (s, e) => {
    const rec = e.record;
    const known = s.records.get(rec.id) !== undefined;
    // An ended request never comes back by itself (a stale list or a late event); Discard or Answer drop the outcome first.
    if (!known && (s.outcomes.has(rec.id) || rec.status !== "pending")) return s;
    const records = MapLog.of(s.records).with(rec.id, rec);
    if (known) return { ...s, records };
    const saved = s.savedDrafts.get(rec.id);
    // The gateway's own question.list order (creation time, then id by localeCompare), so a pane that saw the
    // events live and one that recovered from the list show the same "Request n of m". A new one is usually last.
    const at = s.order.findLastIndex((id) => (s.records.get(id)!.createdAtMs - rec.createdAtMs || id.localeCompare(rec.id)) < 0) + 1;
    // Copied, then written field by field: V8 is several times slower on fields written after a spread, and a
    // literal of the changes is one more object to define (bench: throughput).
    const next: StoreState = Object.assign({}, s);
    next.records = records;
    next.order = s.order.toSpliced(at, 0, rec.id);
    // `activate`: the priority rule (priority.ts) needs the clock and the typing grace, so the sync decides.
    next.activeId = s.activeId === null || e.activate === true ? rec.id : s.activeId;
    next.views = saved ? withKey(s.views, rec.id, viewWithSaved(rec, newView(), stepOf(s, saved, 0))) : s.views;
    next.savedDrafts = withoutKey(s.savedDrafts, rec.id);
    next.announcement = e.announcement ? announced(s, e.announcement) : s.announcement;
    return next;
  },
  recordSettled: (s, e) => {
    const record = s.records.get(e.id);
    if (!record) return s;
    const index = s.order.indexOf(e.id);
    const order = s.order.toSpliced(index, index < 0 ? 0 : 1);
    const submission = s.submissions.get(e.id);
    const cutOff = submission?.status === "uncertain" && submission.kind === "answer";
    const view = s.views.get(e.id);
    // A retired or skipped async question keeps what was typed, for a reopen; any other ending takes the draft with it.
    const keeps = s.asyncOrigins.has(e.id) && (e.outcome === "skipped" || (e.outcome === "retired" && view !== undefined && view.editedAt > 0));
    const kept = keeps ? { ...savedDraftOf(record, view, e.at), ...(e.outcome === "skipped" ? { disposition: "skipped" as const } : {}) } : undefined;
    const next: StoreState = Object.assign({}, s);
    next.savedDrafts = kept ? withKey(s.savedDrafts, e.id, kept) : withoutKey(s.savedDrafts, e.id);
    next.records = MapLog.of(s.records).with(e.id, undefined);
    next.views = withoutKey(s.views, e.id);
    next.submissions = withoutKey(s.submissions, e.id);
    next.asyncOrigins = withoutKey(s.asyncOrigins, e.id);
    next.order = order;
    next.activeId = s.activeId !== e.id ? s.activeId : (order[Math.min(index, order.length - 1)] ?? null);
    next.outcomes = s.outcomes.with(e.id, settledOutcome(record, e, view, cutOff));
    next.collapsed = order.length > 0 && s.collapsed;
    next.announcement = e.announcement ? announced(s, e.announcement) : s.announcement;
    return next;
  },
  recordRejected: (s, e) => ({ ...s, rejected: [...s.rejected, e.rejection].slice(-MAX_REJECTED) }),
  restored: (s, e) => {
    let next = s;
    // A request that ended again since keeps its newer outcome; one read from the history gives way to what this tab saw.
    for (const [id, kept] of e.outcomes) {
      const known = next.outcomes.get(id);
      const answers = isAnsweredOutcome(kept.kind) && kept.record.answers ? { answers: kept.record.answers } : {};
      if (!known || known.fromHistory) next = { ...next, outcomes: next.outcomes.with(id, { ...kept, ...answers }) };
    }
    for (const draft of e.drafts) next = draftLoaded(next, draft, true);
    return next;
  },
  sentRequestEnded: (s, { record, kind, at }) =>
    s.outcomes.has(record.id) ? s : { ...s, outcomes: s.outcomes.with(record.id, endedRecordOutcome(record, kind, at, true)) },
  outcomeDropped: (s, e) => (s.outcomes.has(e.id) ? { ...s, outcomes: s.outcomes.with(e.id, undefined) } : s),
  draftEdited: (s, e) => {
    if (isBusy(s.submissions.get(e.requestId))) return s;
    return withView(s, e.requestId, (view, record) => {
      const q = record.questions.find((x) => x.questionId === e.questionId);
      if (!q) return view;
      if (e.edit.kind === "select" || e.edit.kind === "toggle") return selectOption(view, q, e.edit.label, e.at, e.edit.index);
      return e.edit.kind === "setOther" ? setOtherText(view, q, e.edit.text, e.at) : chooseOtherText(view, q, e.at);
    });
  },
  draftLoaded: (s, e) => draftLoaded(s, e.draft, e.onlyIfUntouched),
  draftDropped: (s, e) => (s.records.has(e.requestId) ? s : { ...s, savedDrafts: withoutKey(s.savedDrafts, e.requestId) }),
  stepChanged: (s, e) => (isBusy(s.submissions.get(e.requestId)) ? s : withView(s, e.requestId, (v, r) => withStep(v, r, e.step))),
  submitStarted: (s, e) =>
    isBusy(s.submissions.get(e.requestId)) ? s : withSubmission(s, e.requestId, { status: "submitting", kind: e.kind }),
  submitFailed: (s, e) => withSubmission(s, e.requestId, e.submission),
  submitUncertain: (s, e) => withSubmission(s, e.requestId, { status: "uncertain", kind: e.kind }),
  collapsed: (s) => (s.collapsed ? s : { ...s, collapsed: true }),
  expanded: (s) => (s.collapsed ? { ...s, collapsed: false } : s),
  requestSwitched: (s, e) => (s.records.get(e.requestId) && s.activeId !== e.requestId ? { ...s, activeId: e.requestId } : s),
  requestMoved: (s, e) => {
    const index = s.activeId ? s.order.indexOf(s.activeId) : -1;
    // Not `at`: a move before the first request must not wrap round to the last.
    const target = index + e.delta >= 0 ? s.order[index + e.delta] : undefined;
    return target ? { ...s, activeId: target } : s;
  },
  permissionRefused: (s, e) => {
    const notices = [...s.permission.notices.filter((n) => n.method !== e.notice.method), e.notice];
    return { ...s, permission: { ...s.permission, notices: notices.slice(-MAX_NOTICES) } };
  },
  permissionRestored: (s, e) => {
    const notices = s.permission.notices.filter((n) => n.method !== e.method);
    return notices.length === s.permission.notices.length ? s : { ...s, permission: { ...s.permission, notices } };
  },
  recordHidden: (s, e) => {
    const { hidden } = s.permission;
    if (hidden.some((h) => h.id === e.id)) return s;
    const listed = [...hidden, { id: e.id, reason: e.reason, at: e.at }].slice(-MAX_HIDDEN);
    return { ...s, permission: { ...s.permission, hidden: listed } };
  },
  announced: (s, e) => ({ ...s, announcement: announced(s, e.announcement) }),
};

/** The next state after `event`; the same object when the event changes nothing or is not a dock event. */
export function dockReducer<S extends StoreState>(s: S, event: DockEvent | { type: string }): S;
export function dockReducer(s: StoreState, e: DockEvent | { type: string }): StoreState {
  const handler = Object.hasOwn(HANDLERS, e.type) ? (HANDLERS[e.type as DockEvent["type"]] as (s: StoreState, e: DockEvent) => StoreState) : undefined;
  return handler ? handler(s, e as DockEvent) : s;
}

/** The store's reducer: the dock's events, then a feature's (`feature` ignores the dock's own events). */
export function storeReducer<S extends StoreState>(feature?: (s: S, event: { type: string }) => S): (s: S, event: { type: string }) => S {
  return feature ? (s, event) => feature(dockReducer(s, event), event) : dockReducer;
}
