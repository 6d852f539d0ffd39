import { getQuestionEnding, recoverQuestions } from "../../gateway/questions-api";
import type { QuestionAnswers } from "../../protocol/answers";
import { parseResolvedEvent, type RecordEnding } from "../../protocol/payloads";
import { isSecretQuestion, parseQuestionRecord, type QuestionRecord } from "../../protocol/question-record";
import { errorMessage, type ValidationIssue } from "../../protocol/result";
import { compact } from "../../protocol/reader";
import { belongsToSession } from "../../protocol/session-key";
import type { DockContext } from "../context";
import { outcomeOf } from "../dock/outcomes";
import { activeAfterArrival } from "../dock/priority";
import type { Announcement, HiddenReason, Outcome, OutcomeKind, SubmitErrorCode } from "../dock/state";
import type { QuestionResolvedEvent } from "../../protocol/methods";
import { GatewayRequestError, type GatewayErrorCode, type QuestionErrorReason } from "../../gateway/connection";

/** What ties the store to the gateway: applies events, recovers after reconnects, and settles requests. */
export type GatewaySync = ReturnType<typeof createGatewaySync>;

// Timers take a signed 32-bit delay; a longer one fires at once. A far expiry is reached in several hops instead.
const MAX_TIMER_DELAY_MS = 2 ** 31 - 1;

/** The scopes that give the full question access (every question, secrets included, subject to the gateway's own rules). */
const FULL_QUESTION_SCOPES = ["operator.questions", "operator.admin"];

function endedRecord(held: QuestionRecord, e: QuestionResolvedEvent): QuestionRecord {
  return e.status === "answered" ? { ...held, status: e.status, answers: e.answers } : { ...held, status: e.status };
}

/** Wires a dock store to its gateway client. */
export function createGatewaySync(ctx: DockContext) {
  const { client, now, timers } = ctx.options;
  let disposed = false;
  // One timer each: the priority rule's second look at an arrival, and the earliest expiry (`firstExpiry` when set).
  const timer = () => {
    let handle: unknown;
    const clear = () => handle !== undefined && timers.clearTimeout(handle);
    return { clear, set: (fn: () => void, ms: number) => (clear(), (handle = timers.setTimeout(fn, ms))) };
  };
  const recheck = timer();
  const expiry = timer();
  let firstExpiry = Infinity;

  const reject = (source: string, errors: ValidationIssue[], id?: string) => ctx.dispatch({ type: "recordRejected", rejection: { source, ...(id === undefined ? {} : { id }), errors, at: now() } });

  const mine = (rec: QuestionRecord) => belongsToSession(rec.sessionKey, ctx.options.sessionKey, client.getConnection().hello?.mainSessionKey, ctx.options.showSessionless);

  // True when the record must stay out of the dock; the first time per id it is logged and listed with its reason.
  const hidden = (record: QuestionRecord): boolean => {
    const granted = client.getConnection().hello?.scopes;
    // Unknown grants (no `auth.scopes`) count as full access, to hide nothing by guess.
    if (!granted || granted.length === 0 || granted.some((s) => FULL_QUESTION_SCOPES.includes(s))) return false;
    const reason: HiddenReason | undefined =
      record.questions.some(isSecretQuestion) ? "secret" : !record.sessionKey ? "sessionless" : !record.runId ? "admin" : undefined;
    if (!reason) return false;
    if (ctx.get().permission.hidden.some((h) => h.id === record.id)) return true;
    console.info(`[question-dock] question ${JSON.stringify(record.id)} not shown: ${reason} question without operator.questions`);
    ctx.dispatch({ type: "recordHidden", id: record.id, reason, at: now() });
    return true;
  };

  const settle = (id: string, kind: OutcomeKind, answers?: QuestionAnswers, extra?: Pick<Outcome, "async">, resolvedBy?: unknown) => {
    const record = ctx.get().records.get(id);
    if (!record) return;
    const header = record.questions[0]?.header || record.questions[0]?.question || "";
    // An async answer only joined the outbox here; its summary tells the delivery, so the announcement must not claim more.
    const announcement: Announcement = kind === "answered" && extra?.async ? { key: "outcome", kind, header, queued: true } : { key: "outcome", kind, header };
    ctx.dispatch({ type: "recordSettled", id, outcome: kind, at: now(), announcement, answers, async: extra?.async, resolvedBy });
    ctx.sent.forget(id);
    // The timer stays while requests are left (it finds nothing due early and sets itself again); with none, expire stops it.
    if (ctx.get().records.size === 0) expire();
  };

  // Settles a request from its terminal record, telling our own answer apart from one given elsewhere.
  const settleFromRecord = (rec: RecordEnding) => {
    const kind = outcomeOf(rec, { resolverId: ctx.options.resolverId, attempted: ctx.sent.attempted(rec.id), sentChatReply: ctx.sent.sentChatReply(rec.id) });
    if (!kind) return;
    // Keeps what the gateway said of who ended it, for the summary's words.
    settle(rec.id, kind, rec.status === "answered" ? rec.answers : undefined, undefined, rec.resolvedBy);
  };

  // While our own submit or skip awaits its reply, that reply decides first: the gateway may record an answer
  // differently from how it was sent (a secret becomes "stored"), so comparing would take ours for someone else's.
  const settleWhenReplied = (rec: QuestionRecord) => {
    const reply = ctx.sent.replyOf(rec.id);
    if (!reply) return settleFromRecord(rec);
    void reply.then(() => {
      if (ctx.get().records.get(rec.id)) settleFromRecord(rec);
    });
  };

  const applyPriority = (newId: string) => {
    const s = ctx.get();
    if (disposed || !s.records.get(newId)) return;
    const { activeId, recheckInMs } = activeAfterArrival(s, newId, now(), ctx.options.typingGraceMs);
    if (activeId !== s.activeId && activeId !== null) ctx.dispatch({ type: "requestSwitched", requestId: activeId });
    if (recheckInMs > 0) recheck.set(() => applyPriority(newId), recheckInMs);
  };

  const receive = (rec: QuestionRecord, source: string) => {
    if (!mine(rec) || hidden(rec)) return;
    const s = ctx.get();
    if (rec.status !== "pending") return settleWhenReplied(rec);
    const known = Boolean(s.records.get(rec.id));
    // The priority rule's verdict on an arrival reads nothing the arrival changes, so it rides on the arrival.
    const verdict = known || disposed ? undefined : activeAfterArrival(s, rec.id, now(), ctx.options.typingGraceMs);
    // A recovered request was there before; only one that arrives now is announced, with the arrival itself.
    const announcement: Announcement | undefined = source === "recovery" ? undefined : { key: "newQuestion", question: rec.questions[0]?.question ?? "" };
    ctx.dispatch({ type: "recordReceived", record: rec, announcement, activate: verdict?.activeId === rec.id });
    if (!verdict || !ctx.get().records.get(rec.id)) return;
    recheck.clear();
    // Waiting for a pause in the typing: ask again once it is long enough.
    if (verdict.recheckInMs > 0) recheck.set(() => applyPriority(rec.id), verdict.recheckInMs);
    if (rec.expiresAtMs < firstExpiry || firstExpiry <= now()) expire();
  };

  // The gateway also sends `question.resolved` with status expired, but a dock that is offline at that moment must
  // still let the prompt go on time. Async questions never expire (their expiresAtMs is Infinity).
  const expire = (): void => {
    expiry.clear();
    // A late reply (e.g. a submit that was in flight) can still settle a request after dispose; it must not re-arm.
    if (disposed) return;
    const t = now();
    for (const r of [...ctx.get().records.values()]) if (r.expiresAtMs <= t) settle(r.id, "expired");
    // What is left sets the timer: a dock offline when the first expiry passed still lets the next one go on time.
    firstExpiry = Math.min(...[...ctx.get().records.values()].map((r) => r.expiresAtMs));
    if (firstExpiry !== Infinity) expiry.set(expire, Math.min(MAX_TIMER_DELAY_MS, firstExpiry - t));
  };

  const recover = async (serverChanged: boolean) => {
    // The gateway's own requests (an async question is no question record of the gateway's), and what this tab sent
    // before a reload: the gateway may have taken it, and no longer lists it as pending.
    const { records, asyncOrigins } = ctx.get();
    const local = [...new Set([...[...records.keys()].filter((id) => !asyncOrigins.has(id)), ...ctx.sent.ids()])];
    try {
      // A new gateway knows nothing of the old one's ids, so asking it about them would only mislabel them.
      const result = await recoverQuestions(client, serverChanged ? [] : local);
      if (disposed) return;
      ctx.dispatch({ type: "permissionRestored", method: "question.list" });
      result.rejected.forEach((r) => reject(r.id === undefined ? "question.list" : "question.get", r.errors, r.id));
      const listed = new Set(result.pending.map((r) => r.id));
      result.pending.forEach((r) => receive(r, "recovery"));
      // Still pending on the gateway, so a cut-off submit or skip did not arrive: now that is certain.
      for (const id of listed) {
        const submission = ctx.get().submissions.get(id);
        if (submission?.status === "uncertain") failSubmission(id, submission.kind, { code: "not-arrived" });
      }
      for (const item of result.settled) {
        // A request sent from this tab before a reload: only its end is known now, so it gets its summary straight away.
        if (item.record && !ctx.get().records.get(item.id)) {
          const rec = item.record;
          const kind = outcomeOf(rec, { resolverId: ctx.options.resolverId, sentChatReply: ctx.sent.sentChatReply(rec.id) });
          if (kind && mine(rec) && !ctx.get().outcomes.has(rec.id)) ctx.dispatch({ type: "sentRequestEnded", record: rec, kind, at: now() });
        } else if (item.record) settleWhenReplied(item.record);
        else settle(item.id, item.outcome);
      }
      if (serverChanged) local.filter((id) => !listed.has(id)).forEach((id) => settle(id, "unavailable"));
      // Whatever the recovery said of a request sent before a reload, it is answered now: ask no more.
      for (const id of ctx.sent.ids()) if (!ctx.get().records.get(id)) ctx.sent.forget(id);
    } catch (error) {
      // A refusal for lack of permission is the person's to know, in words: one notice per method, newest kept.
      const failure = submitFailureOf(error);
      if (failure.code === "forbidden") {
        // GatewayRequestError prefixes the method and code; the person needs only the gateway's own sentence.
        const message = (error as Error).message.replace(/^\S+ failed: FORBIDDEN(?: \([^)]*\))?: /, "");
        ctx.dispatch({ type: "permissionRefused", notice: compact({ method: "question.list", message, at: now(), missingScope: failure.detail || undefined }) });
      }
      reject("recovery", [{ path: "", message: errorMessage(error) }]);
    }
  };

  const failSubmission = (id: string, kind: "answer" | "skip", failure: SubmitFailure) => {
    ctx.dispatch({ type: "submitFailed", requestId: id, submission: { status: "error", kind, ...failure } });
    ctx.dispatch({ type: "announced", announcement: { key: "submitFailed", action: kind, ...failure } });
  };

  // Holds a submit or skip whose reply was cut off until a recovery tells whether it arrived; `checkNow` asks at once.
  const markUncertain = (id: string, kind: "answer" | "skip", checkNow: boolean) => {
    if (!ctx.get().records.get(id)) return;
    ctx.dispatch({ type: "submitUncertain", requestId: id, kind });
    ctx.dispatch({ type: "announced", announcement: { key: "uncertain", action: kind } });
    // A timeout on a live connection brings no reconnect, and so no recovery: ask now.
    if (checkNow && client.getConnection().state === "connected") void recover(false);
  };

  const requested = (payload: unknown) => {
    const parsed = parseQuestionRecord(payload);
    if (parsed.ok) receive(parsed.value, "event");
    else reject("question.requested", parsed.errors, typeof (payload as { id?: unknown })?.id === "string" ? (payload as { id: string }).id : undefined);
  };

  const resolved = (payload: unknown) => {
    const parsed = parseResolvedEvent(payload);
    if (!parsed.ok) return reject("question.resolved", parsed.errors);
    const e = parsed.value;
    const record = ctx.get().records.get(e.id);
    if (!record) return;
    if (e.status === "expired" || ctx.sent.replyOf(e.id)) return settleWhenReplied(endedRecord(record, e));
    // The event does not say who answered or cancelled; the record does (a chat reply, this page, the agent's side).
    // Not told (a refusal, a malformed reply): the event alone decides, and it never names anyone else for a cancel.
    const settleWith = (known: RecordEnding | undefined) => {
      const held = disposed ? undefined : ctx.get().records.get(e.id);
      if (held) settleFromRecord(known?.status === e.status ? known : endedRecord(held, e));
    };
    getQuestionEnding(client, e.id).then(settleWith, () => settleWith(undefined));
  };

  const offs = [
    client.subscribeConnection((connection) => ctx.dispatch({ type: "connectionChanged", connection })),
    // Each event, with the announcement and the priority change it brings, reaches the views as one change.
    client.onEvent("question.requested", (payload) => ctx.batch(() => requested(payload))),
    client.onEvent("question.resolved", (payload) => ctx.batch(() => resolved(payload))),
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
    failSubmission,
    markUncertain,
    dispose() {
      disposed = true;
      offs.forEach((off) => off());
      expiry.clear();
      recheck.clear();
    },
  };
}

/** A failed submit or skip as data: a code the views put into words, and the raw detail that helps. */
export type SubmitFailure = { code: SubmitErrorCode; detail?: string };

/** True when a request left but its reply never came (the socket dropped, or no reply in time): the gateway may have applied it. */
export const wasCutOff = (error: unknown): error is GatewayRequestError =>
  error instanceof GatewayRequestError && (error.code === ("DISCONNECTED" satisfies GatewayErrorCode) || error.code === ("TIMEOUT" satisfies GatewayErrorCode)) && error.details?.["sent"] === true;

/** Classifies a failed submit or skip; the draft is always kept, so every code reads as "try again". */
export function submitFailureOf(error: unknown): SubmitFailure {
  if (error instanceof GatewayRequestError) {
    if (error.code === ("DISCONNECTED" satisfies GatewayErrorCode)) return { code: "disconnected" };
    if (error.code === ("TIMEOUT" satisfies GatewayErrorCode)) return { code: "timeout" };
    if (error.reason === ("QUESTION_INVALID_ANSWER" satisfies QuestionErrorReason)) return { code: "invalid-answer", detail: error.message };
    const scope = error.details?.["missingScope"];
    if (error.code === ("FORBIDDEN" satisfies GatewayErrorCode)) return compact({ code: "forbidden", detail: typeof scope === "string" ? scope : undefined });
    return { code: "refused", detail: error.message };
  }
  return error instanceof Error ? { code: "unexpected", detail: error.message } : { code: "unexpected" };
}
