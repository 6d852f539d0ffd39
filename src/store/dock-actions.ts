import { getQuestion, resolveQuestion } from "../gateway/questions-api";
import { GatewayRequestError } from "../gateway/types";
import { sendableText, withEntry, type QuestionRecord } from "../protocol";
import type { DockContext } from "./create-dock-store";
import { chooseOtherText, selectOption, setOtherText, toggleOption, withStep } from "./drafts";
import type { AsyncSync } from "./async-sync";
import type { GatewaySync } from "./gateway-sync";
import { submitErrorMessage } from "./messages";
import { answersFor, UNANSWERED_MESSAGE } from "./selectors";
import type { DockActions, RequestView, Submission } from "./types";

const isBusy = (submission: Submission | undefined) => submission?.status === "submitting" || submission?.status === "uncertain";

// The request left, but its reply never came: the gateway may or may not have applied it.
const wasCutOff = (error: unknown): error is GatewayRequestError =>
  error instanceof GatewayRequestError && (error.code === "DISCONNECTED" || error.code === "TIMEOUT") && error.details?.["sent"] === true;

/** Builds the actions of one dock store. */
export function createDockActions(ctx: DockContext, sync: GatewaySync, asyncSync?: AsyncSync): DockActions {
  const { client, now } = ctx.options;

  const editView = (requestId: string, questionId: string | null, edit: (view: RequestView, record: QuestionRecord) => RequestView) => {
    const s = ctx.get();
    const record = s.records[requestId];
    const view = s.views[requestId];
    if (!record || !view || isBusy(s.submissions[requestId])) return;
    if (questionId !== null && !record.questions.some((q) => q.questionId === questionId)) return;
    const next = edit(view, record);
    if (next === view) return;
    ctx.set({ views: withEntry(s.views, requestId, next) });
    if (next.drafts !== view.drafts) asyncSync?.noteEdit(requestId);
  };
  // Async questions are answered with a chat message through the outbox, never with question.resolve.
  const viaOutbox = (requestId: string) => asyncSync?.isAsync(requestId) === true;
  const question = (record: QuestionRecord, questionId: string) => record.questions.find((q) => q.questionId === questionId)!;

  // After a refused submit or skip the request may have ended elsewhere; ask the gateway what became of it.
  const settleAfterRefusal = async (requestId: string, error: unknown, kind: "answer" | "skip") => {
    if (error instanceof GatewayRequestError && error.reason === "QUESTION_NOT_FOUND") return sync.settle(requestId, "unavailable");
    if (error instanceof GatewayRequestError && error.reason === "QUESTION_ALREADY_TERMINAL") {
      try {
        sync.settleFromRecord(await getQuestion(client, requestId));
      } catch (lookup) {
        if (lookup instanceof GatewayRequestError && lookup.reason === "QUESTION_NOT_FOUND") return sync.settle(requestId, "unavailable");
      }
    }
    // Still here when the lookup failed or told nothing terminal: the person must see the refusal, not "Sending…" forever.
    const s = ctx.get();
    if (!s.records[requestId]) return;
    ctx.set({ submissions: withEntry(s.submissions, requestId, { status: "error", kind, message: submitErrorMessage(error, kind) }) });
    sync.announce(submitErrorMessage(error, kind));
  };

  const send = async (requestId: string, kind: "answer" | "skip") => {
    const s = ctx.get();
    const record = s.records[requestId];
    if (!record || isBusy(s.submissions[requestId])) return;
    const answers = kind === "answer" ? answersFor(record, s.views[requestId]) : undefined;
    if (kind === "answer" && !answers) {
      ctx.set({ submissions: withEntry(s.submissions, requestId, { status: "error", kind, message: UNANSWERED_MESSAGE }) });
      return;
    }
    // Every answer that went out is remembered: a lost reply to any of them must still read as ours.
    if (answers) ctx.attempted.set(requestId, [...(ctx.attempted.get(requestId) ?? []), answers]);
    ctx.set({ submissions: withEntry(s.submissions, requestId, { status: "submitting", kind }) });
    ctx.sent.remember(requestId);
    const reply = (async () => {
      try {
        const resolvedBy = ctx.options.resolverId;
        const result = await resolveQuestion(client, answers ? { id: requestId, answers, resolvedBy } : { id: requestId, cancel: true, resolvedBy });
        if (result.status === "answered") sync.settle(requestId, "answered", result.answers);
        else sync.settle(requestId, "skipped");
      } catch (error) {
        if (wasCutOff(error)) sync.markUncertain(requestId, kind, error.code === "TIMEOUT");
        else await settleAfterRefusal(requestId, error, kind);
      }
    })();
    ctx.inflight.set(requestId, reply);
    try {
      await reply;
    } finally {
      ctx.inflight.delete(requestId);
    }
  };

  const move = (delta: number) => {
    const s = ctx.get();
    const index = s.activeId ? s.order.indexOf(s.activeId) : -1;
    const target = s.order[index + delta];
    if (target) ctx.set({ activeId: target });
  };

  return {
    select: (rid, qid, label) => editView(rid, qid, (v, r) => selectOption(v, question(r, qid), label, now())),
    toggle: (rid, qid, label) => editView(rid, qid, (v, r) => toggleOption(v, question(r, qid), label, now())),
    // Cleaned as the gateway would refuse or strip it, so a typed answer can always be sent as shown.
    setOther: (rid, qid, text) => editView(rid, qid, (v, r) => setOtherText(v, question(r, qid), sendableText(text).text, now())),
    chooseOther: (rid, qid) => editView(rid, qid, (v, r) => chooseOtherText(v, question(r, qid), now())),
    goToStep: (rid, step) => editView(rid, null, (v, r) => withStep(v, r, step)),
    next: (rid) => editView(rid, null, (v, r) => withStep(v, r, v.step + 1)),
    back: (rid) => editView(rid, null, (v, r) => withStep(v, r, v.step - 1)),
    submit: async (rid) => (viaOutbox(rid) ? asyncSync!.submit(rid) : send(rid, "answer")),
    skip: async (rid) => (viaOutbox(rid) ? asyncSync!.skip(rid) : send(rid, "skip")),
    collapse: () => ctx.set({ collapsed: true }),
    expand: () => ctx.set({ collapsed: false }),
    showRequest: (rid) => {
      if (ctx.get().records[rid]) ctx.set({ activeId: rid });
    },
    previousRequest: () => move(-1),
    nextRequest: () => move(1),
    retryAnswer: (id) => asyncSync?.retry(id),
    discardAnswer: (id) => asyncSync?.discard(id),
    reopen: (itemId) => asyncSync?.reopen(itemId),
    dispose: () => {
      asyncSync?.dispose();
      sync.dispose();
    },
  };
}
