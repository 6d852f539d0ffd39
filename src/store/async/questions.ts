import { entryOf } from "../../protocol/id-table";
import { formatAnswerText } from "../../protocol/answer-text";
import { asyncRequestId, endedAsync } from "./question-shape";
import { reopenAnchor } from "../conversation/derive-questions";
import type { DockContext } from "../context";
import type { GatewaySync } from "../effects/gateway-sync";
import { entryForItem } from "../outbox/outbox-rules";
import { savedDraftOf } from "../dock/drafts";
import { answersFor } from "../dock/selectors";
import type { Outbox } from "./outbox";

/** What ties the dock to async (Codex) questions: they arrive from the conversation and leave through the outbox. */
export type AsyncSync = ReturnType<typeof createAsyncSync>;

/** Wires a store's async questions, derived from its conversation, to its dock, drafts and outbox. */
export function createAsyncSync(ctx: DockContext, sync: GatewaySync, outbox: Outbox) {
  const { now } = ctx.options;
  let disposed = false;

  const originFor = (requestId: string) => ctx.get().asyncOrigins.get(requestId);

  // A question in the dock leaves it when answered in another pane (this pane then shows the same summary instead of a
  // second prompt), answered in the history, or retired by a later run (keeping its draft for "Answer", which reopens
  // it as it was); then the reducer places the questions outside the dock (`asyncPlaced`).
  const reconcile = () => {
    if (disposed) return;
    const { questions, local } = ctx.get().chat;
    for (const entry of questions) {
      const itemId = entry.delivery.itemId;
      const rid = asyncRequestId(itemId);
      const s = ctx.get();
      if (!s.records.has(rid)) continue;
      const answered = entry.status === "answered" || (entry.status === "pending" && !local.skipped.has(itemId) && entryForItem(s.outbox, itemId));
      if (answered || entry.status === "retired") sync.settle(rid, answered ? "answered" : "retired", undefined, { async: endedAsync(entry, s.outbox) });
    }
    ctx.dispatch({ type: "asyncPlaced", at: now() });
  };

  // A message matters only when it changes the derived `questions`; an outbox change may be an answer in another pane.
  // Discard and a reload need none of this: the reducer puts their questions into the dock.
  const offs = [
    ctx.on(["questionReopened", "questionSkipped"], reconcile),
    ctx.on(["historyLoaded", "messageArrived", "rowReplaced"], (_e, next, prev) => {
      if (next.chat.questions !== prev.chat.questions) reconcile();
    }),
    ctx.on(["enqueued", "paneUpdated", "paneRemoved", "confirmed", "uncertain", "refused", "requeued", "edited", "sendStarted"], reconcile),
  ];
  reconcile();

  return {
    isAsync: (rid: string) => originFor(rid) !== undefined,
    submit(rid: string) {
      const origin = originFor(rid);
      const record = ctx.get().records.get(rid);
      if (!origin || !record) return;
      const view = ctx.get().views.get(rid);
      const answers = answersFor(record, view);
      if (!answers) return ctx.dispatch({ type: "submitFailed", requestId: rid, submission: { status: "error", kind: "answer", code: "unanswered" } });
      const message = formatAnswerText(record.questions.map((q) => ({ title: q.question, values: entryOf(answers.answers, q.questionId) ?? [] })));
      const draft = savedDraftOf(record, view, now());
      // A question first seen in a live event may only learn its message id from the saved history later.
      const replyToId = ctx.get().chat.questions.find((q) => q.delivery.itemId === origin.itemId)?.sourceMessageId ?? origin.sourceMessageId;
      // The entry's `enqueued` event settles the question: the answered-in-another-pane rule in `reconcile`.
      outbox.enqueue({ itemId: origin.itemId, ...(replyToId ? { replyToId } : {}), message, draft });
    },
    skip(rid: string) {
      const origin = originFor(rid);
      if (!origin || !ctx.get().records.has(rid)) return;
      // Sends nothing: the draft is kept as skipped, keeping the question out after a reload until reopened.
      sync.settle(rid, "skipped", undefined, { async: origin });
      ctx.dispatch({ type: "questionSkipped", itemId: origin.itemId });
    },
    /** Brings a retired or skipped question back into the dock, with its draft. */
    reopen(itemId: string) {
      ctx.dispatch({ type: "outcomeDropped", id: asyncRequestId(itemId) });
      ctx.dispatch({ type: "questionReopened", itemId, anchor: reopenAnchor(ctx.get().chat.messages) });
      reconcile();
    },
    dispose() {
      disposed = true;
      offs.forEach((off) => off());
    },
  };
}
