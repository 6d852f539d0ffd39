import { getQuestion, resolveQuestion } from "../gateway/questions-api";
import { GatewayRequestError, type GatewayErrorCode, type QuestionErrorReason } from "../gateway/connection";
import { sendableText } from "../protocol/sendable-text";
import type { QuestionAnswers } from "../protocol/answers";
import type { DockContext } from "./context";
import { isBusy, type DraftEdit } from "./dock/dock-reducer";
import type { AsyncSync } from "./async/questions";
import type { Outbox } from "./async/outbox";
import { submitFailureOf, wasCutOff, type GatewaySync } from "./effects/gateway-sync";
import { answersFor } from "./dock/selectors";
import type { DockActions } from "./dock/state";

/** Builds the actions of one dock store; `replyInChat` comes from `chatRepliesFeature`. */
export function createDockActions(ctx: DockContext, sync: GatewaySync, asyncSync?: AsyncSync, outbox?: Outbox, replyInChat?: DockActions["replyInChat"]): DockActions {
  const { client, now } = ctx.options;

  const edit = (requestId: string, questionId: string, change: DraftEdit) => ctx.dispatch({ type: "draftEdited", requestId, questionId, edit: change, at: now() });
  // Async questions are answered with a chat message through the outbox, never with question.resolve.
  const viaOutbox = (requestId: string) => asyncSync?.isAsync(requestId) === true;

  // After a refused submit or skip the request may have ended elsewhere; ask the gateway what became of it.
  const settleAfterRefusal = async (requestId: string, error: unknown, kind: "answer" | "skip") => {
    if (error instanceof GatewayRequestError && error.reason === ("QUESTION_NOT_FOUND" satisfies QuestionErrorReason)) return sync.settle(requestId, "unavailable");
    if (error instanceof GatewayRequestError && error.reason === ("QUESTION_ALREADY_TERMINAL" satisfies QuestionErrorReason)) {
      try {
        sync.settleFromRecord(await getQuestion(client, requestId));
      } catch (lookup) {
        if (lookup instanceof GatewayRequestError && lookup.reason === ("QUESTION_NOT_FOUND" satisfies QuestionErrorReason)) return sync.settle(requestId, "unavailable");
      }
    }
    // Still here when the lookup failed or told nothing terminal: the person must see the refusal, not "Sending…" forever.
    if (ctx.get().records.get(requestId)) sync.failSubmission(requestId, kind, submitFailureOf(error));
  };

  // `given`: answers read elsewhere (a chat reply); otherwise the dock's draft is what goes out.
  const send = async (requestId: string, kind: "answer" | "skip", given?: QuestionAnswers) => {
    const s = ctx.get();
    const record = s.records.get(requestId);
    if (!record || isBusy(s.submissions.get(requestId))) return;
    const answers = kind === "answer" ? (given ?? answersFor(record, s.views.get(requestId))) : undefined;
    if (kind === "answer" && !answers) return ctx.dispatch({ type: "submitFailed", requestId, submission: { status: "error", kind, code: "unanswered" } });
    ctx.dispatch({ type: "submitStarted", requestId, kind });
    ctx.sent.remember(requestId, answers);
    const reply = (async () => {
      try {
        const resolvedBy = ctx.options.resolverId;
        const result = await resolveQuestion(client, answers ? { id: requestId, answers, resolvedBy } : { id: requestId, cancel: true, resolvedBy });
        if (result.status === "answered") sync.settle(requestId, "answered", result.answers);
        else sync.settle(requestId, "skipped");
      } catch (error) {
        if (wasCutOff(error)) sync.markUncertain(requestId, kind, error.code === ("TIMEOUT" satisfies GatewayErrorCode));
        else await settleAfterRefusal(requestId, error, kind);
      }
    })();
    await ctx.sent.awaitReply(requestId, reply);
  };

  return {
    select: (rid, qid, label, index) => edit(rid, qid, { kind: "select", label, index }),
    toggle: (rid, qid, label, index) => edit(rid, qid, { kind: "toggle", label, index }),
    // Cleaned as the gateway would refuse or strip it, so a typed answer can always be sent as shown.
    setOther: (rid, qid, text) => edit(rid, qid, { kind: "setOther", text: sendableText(text).text }),
    chooseOther: (rid, qid) => edit(rid, qid, { kind: "chooseOther" }),
    goToStep: (rid, step) => ctx.dispatch({ type: "stepChanged", requestId: rid, step }),
    next: (rid) => ctx.dispatch({ type: "stepChanged", requestId: rid, step: (ctx.get().views.get(rid)?.step ?? 0) + 1 }),
    back: (rid) => ctx.dispatch({ type: "stepChanged", requestId: rid, step: (ctx.get().views.get(rid)?.step ?? 0) - 1 }),
    submit: async (rid) => (viaOutbox(rid) ? asyncSync!.submit(rid) : send(rid, "answer")),
    skip: async (rid) => (viaOutbox(rid) ? asyncSync!.skip(rid) : send(rid, "skip")),
    // An async question's chat reply already is its answer; only blocking requests are resolved this way.
    answerWith: async (rid, answers) => (viaOutbox(rid) ? undefined : send(rid, "answer", answers)),
    replyInChat: replyInChat ?? (async () => ({ ok: false, code: "unexpected", detail: "this store was made without chatReplies: chatRepliesFeature()" })),
    collapse: () => ctx.dispatch({ type: "collapsed" }),
    expand: () => ctx.dispatch({ type: "expanded" }),
    showRequest: (rid) => ctx.dispatch({ type: "requestSwitched", requestId: rid }),
    previousRequest: () => ctx.dispatch({ type: "requestMoved", delta: -1 }),
    nextRequest: () => ctx.dispatch({ type: "requestMoved", delta: 1 }),
    retryAnswer: (id) => void outbox?.retry(id),
    discardAnswer: (id) => void outbox?.discard(id),
    // The same entry and key take the new text, cleaned as the gateway would; the outbox's rules refuse once it was sent.
    editAnswer: (id, message) => outbox?.edit(id, sendableText(message).text) ?? false,
    reopen: (itemId) => asyncSync?.reopen(itemId),
    // What a host's side effects follow (a title count, a notification), told from the dock's named events, so a
    // re-render, a reconnect's recovery or a record's update never tells it twice.
    onRequestChange: (listener) =>
      ctx.on(["recordReceived", "recordSettled", "asyncPlaced", "restored", "discarded"], (event, next, prev) => {
        if (event.type === "recordSettled") return listener({ type: "ended", id: event.id });
        // Only an arrival is announced: a recovered request was there before, and an update of a known one is no arrival.
        const records = event.type === "recordReceived" ? [event.announcement && event.record] : [...next.records.values()].filter((r) => !prev.records.has(r.id));
        for (const record of records) {
          if (record && !prev.records.get(record.id) && next.records.get(record.id)) listener({ type: "arrived", record, blocking: !next.asyncOrigins.get(record.id) });
        }
      }),
    dispose: () => {
      asyncSync?.dispose();
      sync.dispose();
    },
  };
}
