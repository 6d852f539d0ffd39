import { entryOf } from "../../protocol/id-table";
import { formatAnswerText } from "../../protocol/answer-text";
import { compact } from "../../protocol/reader";
import { asyncRequestId, originOf, recordOf } from "./question-shape";
import type { AsyncQuestionEntry } from "../conversation/question-entry";
import { reopenAnchor } from "../conversation/derive-questions";
import type { DockContext } from "../context";
import type { GatewaySync } from "../effects/gateway-sync";
import { entryForItem } from "../outbox/outbox-rules";
import { savedDraftOf } from "../dock/drafts";
import { answersFor } from "../dock/selectors";
import type { Outcome } from "../dock/state";
import type { Outbox } from "./outbox";

/** What ties the dock to async (Codex) questions: they arrive from the conversation and leave through the outbox. */
export type AsyncSync = ReturnType<typeof createAsyncSync>;

/** Wires a store's async questions, derived from its conversation, to its dock, drafts and outbox. */
export function createAsyncSync(ctx: DockContext, sync: GatewaySync, outbox: Outbox) {
  const { sessionKey, now } = ctx.options;
  let disposed = false;

  const originFor = (requestId: string) => ctx.get().asyncOrigins.get(requestId);
  const outboxEntryFor = (itemId: string) => entryForItem(ctx.get().outbox, itemId);

  const asyncOf = (entry: AsyncQuestionEntry): NonNullable<Outcome["async"]> =>
    ({ ...originOf(entry), ...compact({ outboxId: outboxEntryFor(entry.delivery.itemId)?.id, replyText: entry.replyText }) });
  // A retired question's outcome keeps its saved draft; `onlyWithUnsent` replaces an outcome only to add that draft.
  const ended = (entry: AsyncQuestionEntry, kind: "answered" | "retired" | "skipped", onlyWithUnsent = false) => {
    const record = recordOf(entry, sessionKey, now());
    ctx.dispatch({ type: "asyncQuestionEnded", id: record.id, kind, record, async: asyncOf(entry), at: now(), onlyWithUnsent });
  };

  const reconcile = () => {
    if (disposed) return;
    const { questions, local } = ctx.get().chat;
    for (const entry of questions) {
      const itemId = entry.delivery.itemId;
      const rid = asyncRequestId(itemId);
      const s = ctx.get();
      const inDock = s.records.get(rid) !== undefined;
      const outcome = s.outcomes.get(rid);
      if (entry.status === "pending" && !local.skipped.has(itemId)) {
        // Answered in another pane: this pane shows the same summary instead of a second prompt.
        if (inDock && outboxEntryFor(itemId)) sync.settle(rid, "answered", undefined, { async: asyncOf(entry) });
        // Until the saved outbox is read, an answer given before a reload is unknown: asking now could flash an answered question.
        else if (!inDock && !outcome && s.outbox.ready) {
          // An answer already in the outbox (from before a reload, or another tab) is shown with its delivery, never asked again.
          if (outboxEntryFor(itemId)) ended(entry, "answered");
          else ctx.dispatch({ type: "asyncJoined", entry, at: now() });
        }
      } else if (entry.status === "retired") {
        // A question a later run retires from the dock keeps its draft for "Answer", which reopens it as it was.
        if (inDock) sync.settle(rid, "retired", undefined, { async: asyncOf(entry) });
        else if (!outcome || (outcome.kind === "retired" && !outcome.unsent && s.savedDrafts.has(rid))) {
          // Drafts load after the history: a retired question's draft joins its summary once it is read.
          ended(entry, "retired", outcome !== undefined);
        }
      } else if (entry.status === "answered") {
        if (inDock) sync.settle(rid, "answered", undefined, { async: asyncOf(entry) });
        else if (!outcome || outcome.kind !== "answered" || outcome.async?.replyText === undefined) ended(entry, "answered");
      } else if (local.skipped.has(itemId) && !inDock && !outcome) {
        ended(entry, "skipped");
      }
    }
  };

  // A message matters only when it changes the derived `questions`; an outbox change may be an answer in another pane.
  // Discard needs none of this: the reducer puts its question back into the dock.
  const offs = [
    ctx.on(["questionReopened", "questionSkipped"], reconcile),
    ctx.on(["historyLoaded", "messageArrived", "rowReplaced"], (_e, next, prev) => {
      if (next.chat.questions !== prev.chat.questions) reconcile();
    }),
    ctx.on(["enqueued", "paneUpdated", "paneRemoved", "restored", "confirmed", "uncertain", "refused", "requeued", "edited", "sendStarted"], reconcile),
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
