import { recoverQuestions } from "../gateway/recovery";
import { getQuestion } from "../gateway/questions-api";
import { parseQuestionRecord, parseResolvedEvent, withEntry, withoutEntry, type QuestionAnswers, type QuestionRecord, type ValidationIssue } from "../protocol";
import type { DockContext } from "./create-dock-store";
import { newView } from "./drafts";
import { createExpiryTimer } from "./expiry-timer";
import { notArrivedMessage, uncertainMessage } from "./messages";
import { outcomeOf } from "./outcome-of";
import { clearPermission, notePermission, screenRecord } from "./permissions";
import { activeAfterArrival } from "./priority";
import { belongsToSession } from "./session";
import type { Outcome, OutcomeKind } from "./types";
import { unsentDraft } from "./unsent-draft";

/** How many rejected records the state keeps for display; older reports are dropped first. */
const MAX_REJECTED = 20;

/** The store's link to the gateway: applies events, recovers after reconnects, and settles requests. */
export interface GatewaySync {
  receive(record: QuestionRecord, source: string): void;
  settle(id: string, kind: OutcomeKind, answers?: QuestionAnswers, extra?: Pick<Outcome, "async">): void;
  /** Records an outcome for a request that is not in the dock (e.g. an async question found answered in history). */
  putOutcome(id: string, outcome: Outcome): void;
  /** Forgets an outcome so the request can come back (Discard, Answer). */
  dropOutcome(id: string): void;
  /** Settles a request from its terminal record, telling our own answer apart from one given elsewhere. */
  settleFromRecord(record: QuestionRecord): void;
  announce(text: string): void;
  /** Holds a submit or skip whose reply was cut off until a recovery tells whether it arrived; `checkNow` asks at once. */
  markUncertain(id: string, kind: "answer" | "skip", checkNow: boolean): void;
  dispose(): void;
}

// The gateway's own question.list order (creation time, then id by localeCompare), so a pane that saw the
// events live and one that recovered from the list show the same "Request n of m".
function insertInOrder(order: string[], records: Record<string, QuestionRecord>, rec: QuestionRecord): string[] {
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

function outcomeWords(kind: OutcomeKind): string {
  const words: Record<OutcomeKind, string> = {
    answered: "Answer sent",
    "answered-elsewhere": "Answered elsewhere",
    skipped: "Skipped",
    "skipped-elsewhere": "Skipped elsewhere",
    cancelled: "Question cancelled by the agent",
    expired: "Question expired",
    unavailable: "Question no longer available",
    retired: "Moved to history",
    "no-answer": "No answer",
  };
  return words[kind];
}

/** Wires a dock store to its gateway client. */
export function createGatewaySync(ctx: DockContext): GatewaySync {
  const { client, now, timers } = ctx.options;
  let recheck: unknown;
  let disposed = false;

  const announce = (text: string) => ctx.set((s) => ({ announcement: { text, n: s.announcement.n + 1 } }));

  const reject = (source: string, errors: ValidationIssue[], id?: string) =>
    ctx.set((s) => ({ rejected: [...s.rejected, { source, id, errors, at: now() }].slice(-MAX_REJECTED) }));

  const mine = (rec: QuestionRecord) =>
    belongsToSession(rec.sessionKey, ctx.options.sessionKey, client.getConnection().hello?.mainSessionKey, ctx.options.showSessionless);

  const putOutcome = (id: string, outcome: Outcome) => {
    const s = ctx.get();
    // The outcome map is the one structure that grows without bound, so it is updated in place (see DockState).
    (s.outcomes as Map<string, Outcome>).set(id, outcome);
    ctx.set({ outcomeVersion: s.outcomeVersion + 1 });
  };

  const dropOutcome = (id: string) => {
    const s = ctx.get();
    if ((s.outcomes as Map<string, Outcome>).delete(id)) ctx.set({ outcomeVersion: s.outcomeVersion + 1 });
  };

  const settle = (id: string, kind: OutcomeKind, answers?: QuestionAnswers, extra?: Pick<Outcome, "async">) => {
    const s = ctx.get();
    const record = s.records[id];
    if (!record) return;
    const records = withoutEntry(s.records, id);
    const views = withoutEntry(s.views, id);
    const submissions = withoutEntry(s.submissions, id);
    const index = s.order.indexOf(id);
    const order = s.order.filter((x) => x !== id);
    const activeId = s.activeId === id ? (order[Math.min(index, order.length - 1)] ?? null) : s.activeId;
    const asyncLinks = withoutEntry(s.asyncLinks, id);
    const unsent = unsentDraft(record, s.views[id], kind);
    const cutOff = s.submissions[id]?.status === "uncertain" && s.submissions[id]?.kind === "answer";
    // The outcome map is the one structure that grows without bound, so it is updated in place (see DockState).
    (s.outcomes as Map<string, Outcome>).set(id, {
      kind,
      record: terminalRecord(record, kind, answers),
      ...(answers ? { answers } : {}),
      at: now(),
      ...extra,
      ...(unsent ? { unsent } : {}),
      ...(unsent && cutOff ? { unsentMayHaveArrived: true as const } : {}),
      // Binds the summary to the turn that asked.
      ...(record.runId ? { runId: record.runId } : {}),
    });
    ctx.attempted.delete(id);
    ctx.sent.forget(id);
    ctx.set({ records, views, submissions, order, activeId, asyncLinks, outcomeVersion: s.outcomeVersion + 1, collapsed: order.length ? s.collapsed : false });
    announce(`${outcomeWords(kind)}: ${record.questions[0]?.header || record.questions[0]?.question || "question"}`);
    expiry.reschedule();
  };

  const settleFromRecord = (rec: QuestionRecord) => {
    const kind = outcomeOf(rec, { resolverId: ctx.options.resolverId, attempted: ctx.attempted.get(rec.id) });
    if (!kind) return;
    const held = ctx.get().records[rec.id];
    // Keep what the gateway said of who ended it, for the summary's words.
    if (held && rec.resolvedBy !== undefined) ctx.set((s) => ({ records: withEntry(s.records, rec.id, { ...held, resolvedBy: rec.resolvedBy }) }));
    settle(rec.id, kind, kind === "answered" || kind === "answered-elsewhere" ? rec.answers : undefined);
  };

  // The resolved event does not say who cancelled; the record does, so ask for it before naming the outcome.
  const settleCancelled = async (rec: QuestionRecord) => {
    let known = rec;
    try {
      known = await getQuestion(client, rec.id);
    } catch {
      // Not told: the outcome stays "cancelled", which claims nothing about the person.
    }
    if (!disposed && ctx.get().records[rec.id]) settleFromRecord(known.status === "cancelled" ? known : rec);
  };

  /**
   * Settles from a terminal record learned from an event or a recovery. While our own submit or skip awaits
   * its reply, that reply decides first: the gateway may record an answer differently from how it was sent
   * (a secret becomes "stored"), so comparing would take our own answer for someone else's.
   */
  const settleWhenReplied = (rec: QuestionRecord) => {
    const reply = ctx.inflight.get(rec.id);
    if (!reply) return settleFromRecord(rec);
    void reply.then(() => {
      if (ctx.get().records[rec.id]) settleFromRecord(rec);
    });
  };

  const applyPriority = (newId: string) => {
    if (recheck !== undefined) timers.clearTimeout(recheck);
    recheck = undefined;
    const s = ctx.get();
    if (disposed || !s.records[newId]) return;
    const { activeId, recheckInMs } = activeAfterArrival(s, newId, now(), ctx.options.typingGraceMs);
    if (activeId !== s.activeId) ctx.set({ activeId });
    if (recheckInMs > 0) recheck = timers.setTimeout(() => applyPriority(newId), recheckInMs);
  };

  const receive = (rec: QuestionRecord, source: string) => {
    if (!mine(rec) || screenRecord(ctx, rec)) return;
    const s = ctx.get();
    if (rec.status !== "pending") return settleWhenReplied(rec);
    if (s.records[rec.id]) {
      ctx.set({ records: withEntry(s.records, rec.id, rec) });
      return;
    }
    if (s.outcomes.has(rec.id)) return;
    ctx.set({
      records: withEntry(s.records, rec.id, rec),
      order: insertInOrder(s.order, s.records, rec),
      views: withEntry(s.views, rec.id, newView()),
      submissions: withEntry(s.submissions, rec.id, { status: "idle" }),
    });
    if (source !== "recovery") announce(`New question: ${rec.questions[0]?.question ?? ""}`);
    applyPriority(rec.id);
    expiry.reschedule();
  };

  const expiry = createExpiryTimer(ctx, (id) => settle(id, "expired"));

  const recover = async (serverChanged: boolean) => {
    // Also what this tab sent before a reload: the gateway may have taken it, and no longer lists it as pending.
    const local = [...new Set([...Object.keys(ctx.get().records), ...ctx.sent.ids()])];
    try {
      // A new gateway knows nothing of the old one's ids, so asking it about them would only mislabel them.
      const result = await recoverQuestions(client, serverChanged ? [] : local);
      if (disposed) return;
      clearPermission(ctx, "question.list");
      result.rejected.forEach((r) => reject(r.id === undefined ? "question.list" : "question.get", r.errors, r.id));
      const listed = new Set(result.pending.map((r) => r.id));
      result.pending.forEach((r) => receive(r, "recovery"));
      // Still pending on the gateway, so a cut-off submit or skip did not arrive: now that is certain.
      for (const id of listed) {
        const submission = ctx.get().submissions[id];
        if (submission?.status === "uncertain") failSubmission(id, submission.kind, notArrivedMessage(submission.kind));
      }
      for (const item of result.settled) {
        if (item.record && !ctx.get().records[item.id]) settleSentBeforeReload(item.record);
        else if (item.record) settleWhenReplied(item.record);
        else settle(item.id, item.outcome === "unavailable" ? "unavailable" : item.outcome === "cancelled" ? "cancelled" : item.outcome);
      }
      if (serverChanged) local.filter((id) => !listed.has(id)).forEach((id) => settle(id, "unavailable"));
      // Whatever the recovery said of a request sent before a reload, it is answered now: ask no more.
      for (const id of ctx.sent.ids()) if (!ctx.get().records[id]) ctx.sent.forget(id);
    } catch (error) {
      // A refusal for lack of permission is the person's to know, in words (see permissions.ts).
      notePermission(ctx, "question.list", error);
      reject("recovery", [{ path: "", message: error instanceof Error ? error.message : String(error) }]);
    }
  };

  // A request sent from this tab before a reload: only its end is known now, so it gets its summary straight away.
  const settleSentBeforeReload = (rec: QuestionRecord) => {
    ctx.sent.forget(rec.id);
    const kind = outcomeOf(rec, { resolverId: ctx.options.resolverId });
    if (!kind || !mine(rec) || ctx.get().outcomes.has(rec.id)) return;
    putOutcome(rec.id, { kind, record: rec, ...(rec.answers ? { answers: rec.answers } : {}), at: now(), ...(rec.runId ? { runId: rec.runId } : {}) });
  };

  const failSubmission = (id: string, kind: "answer" | "skip", message: string) => {
    ctx.set((s) => ({ submissions: withEntry(s.submissions, id, { status: "error", kind, message }) }));
    announce(message);
  };

  const markUncertain = (id: string, kind: "answer" | "skip", checkNow: boolean) => {
    if (!ctx.get().records[id]) return;
    ctx.set((s) => ({ submissions: withEntry(s.submissions, id, { status: "uncertain", kind }) }));
    announce(uncertainMessage(kind));
    // A timeout on a live connection brings no reconnect, and so no recovery: ask now.
    if (checkNow && client.getConnection().state === "connected") void recover(false);
  };

  const offs = [
    client.subscribeConnection((connection) => ctx.set({ connection })),
    client.onEvent("question.requested", (payload) => {
      const parsed = parseQuestionRecord(payload);
      if (parsed.ok) receive(parsed.value, "event");
      else reject("question.requested", parsed.errors, typeof (payload as { id?: unknown })?.id === "string" ? (payload as { id: string }).id : undefined);
    }),
    client.onEvent("question.resolved", (payload) => {
      const parsed = parseResolvedEvent(payload);
      if (!parsed.ok) return reject("question.resolved", parsed.errors);
      const e = parsed.value;
      const record = ctx.get().records[e.id];
      if (!record) return;
      const ended: QuestionRecord = { ...record, status: e.status, ...(e.status === "answered" ? { answers: e.answers } : {}) };
      if (e.status === "cancelled" && !ctx.inflight.has(e.id)) void settleCancelled(ended);
      else settleWhenReplied(ended);
    }),
    client.onConnected((info) => void recover(info.serverChanged)),
    client.onGap(() => void recover(false)),
  ];
  // A host that shares one client, switches sessions or remounts the dock makes stores on a live connection,
  // where no onConnected will come: recover now (once the initial records are in, so their fate is asked too),
  // or the dock shows nothing until the next reconnect.
  if (client.getConnection().state === "connected") queueMicrotask(() => void recover(false));

  return {
    receive,
    settle,
    settleFromRecord,
    putOutcome,
    dropOutcome,
    announce,
    markUncertain,
    dispose() {
      disposed = true;
      offs.forEach((off) => off());
      expiry.dispose();
      if (recheck !== undefined) timers.clearTimeout(recheck);
    },
  };
}
