import { entryOf as ownEntry } from "../../protocol/id-table";
import { formatAnswerText } from "../../protocol/answer-text";
import { sendableText } from "../../protocol/sendable-text";
import { asyncRequestId, draftOfView, recordOf } from "../links/async-question-shape";
import type { AsyncQuestionEntry } from "../conversation/types";
import { reopenAnchor } from "../conversation/runs";
import type { DockContext } from "../dock-context";
import type { GatewaySync } from "../links/gateway-sync";
import type { AsyncDraft, DockStorage } from "../outbox/types";
import { entryForItem, isMemoryOnlyDraft } from "../outbox/outbox-rules";
import { answersFor } from "../dock/selectors";
import type { AsyncLink, Outcome } from "../dock/types";
import type { Outbox } from "./outbox";

/** Quiet time before a typed async draft is written to storage. */
const DRAFT_SAVE_DELAY_MS = 300;

/** The dock's link to async (Codex) questions: they arrive from the conversation and leave through the outbox. */
export interface AsyncSync {
  /** Takes drafts and skips saved by an earlier page. */
  adoptDrafts(drafts: readonly AsyncDraft[]): void;
  /** The saved drafts were read, or could not be: questions held back until then may show. */
  draftsRead(): void;
  isAsync(requestId: string): boolean;
  submit(requestId: string): void;
  skip(requestId: string): void;
  /** Called after every draft edit of an async request: saves it (a typed draft does not keep a later run from retiring it). */
  noteEdit(requestId: string): void;
  retry(outboxId: string): void;
  discard(outboxId: string): void;
  /** Changes a queued answer's text, cleaned as the gateway would; false when it was sent meanwhile (or is no longer queued). */
  edit(outboxId: string, message: string): boolean;
  /** Brings a retired or skipped question back into the dock, with its draft. */
  reopen(itemId: string): void;
  /** A draft that Discard reopened, here or in another pane. */
  reopenDraft(draft: AsyncDraft): void;
  /** Starts following the store once the outbox exists. */
  start(outbox: Outbox): void;
  dispose(): void;
}

/** Wires a store's async questions, derived from its conversation, to its dock, drafts and outbox. */
export function createAsyncSync(ctx: DockContext, sync: GatewaySync, storage: DockStorage): AsyncSync {
  const { sessionKey, now, timers } = ctx.options;
  let outbox: Outbox | undefined;
  const savedDrafts = new Map<string, AsyncDraft>();
  const saveTimers = new Map<string, unknown>();
  let disposed = false;

  const linkOf = (requestId: string) => ctx.get().asyncLinks.get(requestId);
  const entryOf = (itemId: string) => ctx.get().chat.questions.find((q) => q.delivery.itemId === itemId);
  const outboxEntryFor = (itemId: string) => entryForItem(ctx.get().outbox, itemId);
  const reopenItem = (itemId: string, at?: number) => ctx.dispatch({ type: "questionReopened", itemId, anchor: at ?? reopenAnchor(ctx.get().chat.messages) });
  const linkFor = (entry: AsyncQuestionEntry): AsyncLink => ({
    itemId: entry.delivery.itemId,
    ...(entry.sourceMessageId ? { sourceMessageId: entry.sourceMessageId } : {}),
    ...(entry.runId ? { runId: entry.runId } : {}),
  });

  const add = (entry: AsyncQuestionEntry) => {
    const record = recordOf(entry, sessionKey, now());
    const link = linkFor(entry);
    ctx.dispatch({ type: "asyncLinked", requestId: record.id, link });
    sync.receive(record, "async");
    const saved = savedDrafts.get(link.itemId);
    if (saved) ctx.dispatch({ type: "asyncDraftLoaded", requestId: record.id, draft: saved, onlyIfUntouched: false });
  };

  // What an outcome of this question keeps of its async life: the link, its outbox entry and the saved reply.
  const asyncOf = (entry: AsyncQuestionEntry): NonNullable<Outcome["async"]> => {
    const link = linkFor(entry);
    const sent = outboxEntryFor(link.itemId);
    return { ...link, ...(sent ? { outboxId: sent.id } : {}), ...(entry.replyText !== undefined ? { replyText: entry.replyText } : {}) };
  };
  // A retired question's outcome keeps its saved draft; `onlyWithUnsent` replaces an outcome only to add that draft.
  const ended = (entry: AsyncQuestionEntry, kind: "answered" | "retired" | "skipped", onlyWithUnsent = false) => {
    const saved = kind === "retired" ? savedDrafts.get(entry.delivery.itemId) : undefined;
    const rid = asyncRequestId(entry.delivery.itemId);
    ctx.dispatch({ type: "asyncQuestionEnded", id: rid, kind, record: recordOf(entry, sessionKey, now()), async: asyncOf(entry), at: now(), ...(saved ? { savedDraft: saved } : {}), onlyWithUnsent });
  };

  // A question a later run retires from the dock keeps its draft for "Answer", which reopens it as it was.
  const keepDraftOnRetire = (rid: string, link: AsyncLink) => {
    const s = ctx.get();
    const record = s.records.get(rid);
    const view = s.views.get(rid);
    if (!record || !view || view.editedAt === 0) return;
    const draft = draftOfView(record, view, link, sessionKey, now());
    savedDrafts.set(link.itemId, draft);
    const pending = saveTimers.get(link.itemId);
    if (pending !== undefined) timers.clearTimeout(pending);
    saveTimers.delete(link.itemId);
    keepDraft(draft);
  };

  // Brings the dock in line with what the conversation says about each async question.
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
        // Until the saved outbox is read, an answer given before a reload is unknown: asking now could flash an answered question.
        if (!inDock && !outcome && ctx.get().outbox.ready) {
          // An answer already in the outbox (from before a reload, or another tab) is shown with its delivery, never asked again.
          if (outboxEntryFor(itemId)) ended(entry, "answered");
          else add(entry);
        }
      } else if (entry.status === "retired") {
        if (inDock) {
          keepDraftOnRetire(rid, linkFor(entry));
          sync.settle(rid, "retired", undefined, { async: asyncOf(entry) });
        }
        else if (!outcome || (outcome.kind === "retired" && !outcome.unsent && savedDrafts.has(itemId))) {
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

  // Answered in another pane: this pane shows the same summary instead of a second prompt.
  const settleAnswered = () => {
    if (disposed) return;
    const { outbox: o } = ctx.get();
    for (const id of o.order) {
      const e = o.entries[id]!;
      const rid = asyncRequestId(e.itemId);
      const link = linkOf(rid);
      if (link && ctx.get().records.get(rid)) sync.settle(rid, "answered", undefined, { async: { ...link, outboxId: e.id } });
    }
  };

  // Whatever storage the host passed, a draft holding a credential never reaches it; an earlier copy goes instead.
  const keepDraft = (draft: AsyncDraft) => void (isMemoryOnlyDraft(draft) ? storage.deleteDraft(draft.sessionKey, draft.itemId) : storage.saveDraft(draft)).catch(() => undefined);

  const saveDraftSoon = (draft: AsyncDraft) => {
    const previous = saveTimers.get(draft.itemId);
    if (previous !== undefined) timers.clearTimeout(previous);
    saveTimers.set(draft.itemId, timers.setTimeout(() => {
      saveTimers.delete(draft.itemId);
      keepDraft(draft);
    }, DRAFT_SAVE_DELAY_MS));
  };

  const reopenDraft = (draft: AsyncDraft) => {
    if (disposed || (draft.sessionKey !== sessionKey && draft.sessionKey !== ctx.get().sessionKey)) return;
    savedDrafts.set(draft.itemId, { ...draft, edited: true });
    sync.dropOutcome(asyncRequestId(draft.itemId));
    const entry = entryOf(draft.itemId);
    if (entry && entry.status !== "pending") reopenItem(draft.itemId);
    reconcile();
  };

  // The person's own choices always change what the dock shows; a message only when it asks or settles a question,
  // which the derived `questions` array tells. A restore makes the outbox ready, which may settle questions; every
  // other outbox event changes an entry, which may have answered a question in another pane.
  const offs: Array<() => void> = [];
  const start = (o: Outbox) => {
    outbox = o;
    offs.push(
      ctx.on(["questionReopened", "questionSkipped"], reconcile),
      ctx.on(["historyLoaded", "messageArrived", "rowReplaced"], (_e, next, prev) => {
        if (next.chat.questions !== prev.chat.questions) reconcile();
      }),
      ctx.on(["enqueued", "discarded", "paneUpdated", "paneRemoved", "restored", "confirmed", "uncertain", "refused", "requeued", "edited", "sendStarted"], (e, next, prev) => {
        if (next.outbox.entries !== prev.outbox.entries) settleAnswered();
        if (e.type === "restored" || next.chat.questions !== prev.chat.questions) reconcile();
      }),
    );
    settleAnswered();
    reconcile();
  };

  // Saved drafts and skips, read back by persist/restore-on-load.ts.
  const adoptDrafts = (drafts: readonly AsyncDraft[]) => {
    if (disposed) return;
    for (const d of drafts) {
      if (d.disposition === "skipped") ctx.dispatch({ type: "questionSkipped", itemId: d.itemId });
      else savedDrafts.set(d.itemId, d);
      // A draft loaded after its question reached the dock fills it only if the person has not typed there yet.
      if (d.disposition !== "skipped") ctx.dispatch({ type: "asyncDraftLoaded", requestId: asyncRequestId(d.itemId), draft: d, onlyIfUntouched: true });
    }
  };
  return {
    start,
    reopenDraft,
    adoptDrafts,
    draftsRead: () => {
      if (!disposed) reconcile();
    },
    isAsync: (rid) => linkOf(rid) !== undefined,
    noteEdit(rid) {
      const link = linkOf(rid);
      const s = ctx.get();
      const record = s.records.get(rid);
      if (!link || !record) return;
      saveDraftSoon(draftOfView(record, s.views.get(rid), link, sessionKey, now()));
    },
    submit(rid) {
      const link = linkOf(rid);
      const s = ctx.get();
      const record = s.records.get(rid);
      if (!link || !record) return;
      const view = s.views.get(rid);
      const answers = answersFor(record, view);
      if (!answers) {
        ctx.dispatch({ type: "submitFailed", requestId: rid, submission: { status: "error", kind: "answer", code: "unanswered" } });
        return;
      }
      const message = formatAnswerText(record.questions.map((q) => ({ title: q.question, values: ownEntry(answers.answers, q.questionId) ?? [] })));
      const draft = draftOfView(record, view, link, sessionKey, now());
      // A question first seen in a live event may only learn its message id from the saved history later.
      const replyToId = entryOf(link.itemId)?.sourceMessageId ?? link.sourceMessageId;
      const sent = outbox!.enqueue({ itemId: link.itemId, ...(replyToId ? { replyToId } : {}), message, draft });
      savedDrafts.delete(link.itemId);
      void storage.deleteDraft(sessionKey, link.itemId).catch(() => undefined);
      sync.settle(rid, "answered", answers, { async: { ...link, ...(replyToId ? { sourceMessageId: replyToId } : {}), outboxId: sent.id } });
    },
    skip(rid) {
      const link = linkOf(rid);
      const s = ctx.get();
      const record = s.records.get(rid);
      if (!link || !record) return;
      // Skipping sends nothing; remembering it keeps the question out of the dock after a reload,
      // and the draft comes back if the person reopens it.
      const draft = draftOfView(record, s.views.get(rid), link, sessionKey, now());
      savedDrafts.set(link.itemId, draft);
      keepDraft({ ...draft, disposition: "skipped" });
      sync.settle(rid, "skipped", undefined, { async: link });
      ctx.dispatch({ type: "questionSkipped", itemId: link.itemId });
    },
    retry: (id) => void outbox?.retry(id),
    discard: (id) => void outbox?.discard(id),
    // The same entry and key take the new text; the outbox's rules refuse once chat.send was ever called for it.
    edit: (id, message) => outbox?.edit(id, sendableText(message).text) ?? false,
    reopen(itemId) {
      const rid = asyncRequestId(itemId);
      const outcome = ctx.get().outcomes.get(rid);
      const draft = savedDrafts.get(itemId);
      if (outcome?.kind === "skipped" && draft) keepDraft({ ...draft, disposition: undefined });
      sync.dropOutcome(rid);
      reopenItem(itemId);
      reconcile();
    },
    dispose() {
      disposed = true;
      offs.forEach((off) => off());
      saveTimers.forEach((h) => timers.clearTimeout(h));
    },
  };
}
