import { isSecretQuestion, type QuestionRecord } from "../../protocol/question-record";
import { looksLikeCredential } from "../../protocol/credential-shape";
import { isBlockingDraft, type BlockingDraft } from "../persist/blocking-draft-storage";
import type { BlockingDraftServices, DockContext } from "../dock-context";
import type { PaneMessage } from "../outbox/types";
import { draftOf } from "../dock/selectors";
import type { DockStore, RequestView } from "../dock/types";

// The package entry names the services beside the link that uses them.
export type { BlockingDraftServices } from "../dock-context";

/** Quiet time before a blocking draft is written to storage, as for async drafts. */
export const BLOCKING_DRAFT_SAVE_DELAY_MS = 300;

/** The running link between a dock's blocking drafts, their storage and the other panes. */
export interface BlockingDrafts {
  /** Takes drafts saved by an earlier page: each fills its request, now or when it arrives, unless typed into since. */
  adopt(drafts: readonly BlockingDraft[]): void;
  dispose(): void;
}

// Secret questions are left out entirely, so their answers never reach storage or another tab.
function draftFrom(record: QuestionRecord, view: RequestView, sessionKey: string, now: number): BlockingDraft {
  return {
    sessionKey,
    requestId: record.id,
    step: view.step,
    answers: record.questions
      .filter((q) => !isSecretQuestion(q))
      .map((q) => {
        const d = draftOf(view, q.questionId);
        return { questionId: q.questionId, selected: [...d.selected], other: d.other };
      }),
    updatedAt: now,
    ...(Number.isFinite(record.expiresAtMs) ? { expiresAtMs: record.expiresAtMs } : {}),
  };
}

/** Keeps a dock's blocking drafts in storage and in step with the same conversation's other panes; async requests are left to the outbox. */
export function createBlockingDrafts(ctx: DockContext, services: BlockingDraftServices): BlockingDrafts {
  const { storage, bus } = services;
  const { sessionKey, now, timers } = ctx.options;
  // The latest draft known per request, from storage or another pane, kept until its request arrives or settles.
  const known = new Map<string, BlockingDraft>();
  const saveTimers = new Map<string, unknown>();
  let disposed = false;

  const blocking = (s: DockStore, rid: string) => s.records.get(rid) !== undefined && s.asyncLinks.get(rid) === undefined;

  // The reducer decides whether the draft applies (a blocking request in the dock, untouched if asked, no submit in
  // flight). Nothing here listens to blockingDraftLoaded, so a draft brought in is never taken for an edit to save.
  const apply = (rid: string, draft: BlockingDraft, onlyIfUntouched: boolean) =>
    ctx.dispatch({ type: "blockingDraftLoaded", requestId: rid, draft, onlyIfUntouched });

  const cancelSave = (rid: string) => {
    const timer = saveTimers.get(rid);
    if (timer !== undefined) timers.clearTimeout(timer);
    saveTimers.delete(rid);
  };

  const saveSoon = (draft: BlockingDraft) => {
    cancelSave(draft.requestId);
    saveTimers.set(
      draft.requestId,
      timers.setTimeout(() => {
        saveTimers.delete(draft.requestId);
        void storage.save(draft).catch(() => undefined);
      }, BLOCKING_DRAFT_SAVE_DELAY_MS),
    );
  };

  const edited = (rid: string, record: QuestionRecord, view: RequestView) => {
    // A prompt of secret questions only has nothing that may leave memory.
    if (record.questions.every(isSecretQuestion)) return;
    const draft = draftFrom(record, view, sessionKey, now());
    known.set(rid, draft);
    saveSoon(draft);
    // Storage drops a draft shaped like a credential; the other tabs must not get it live either, so they keep their last copy.
    if (draft.answers.some((a) => looksLikeCredential(a.other))) return;
    bus?.post({ type: "blocking-draft", sessionKey, requestId: rid, draft });
  };

  const settled = (rid: string) => {
    cancelSave(rid);
    known.delete(rid);
    void storage.remove(sessionKey, rid).catch(() => undefined);
    bus?.post({ type: "blocking-draft", sessionKey, requestId: rid });
  };

  const offs = [
    // A request new to the dock takes the draft known for it; an update of one already here keeps what is shown.
    ctx.on(["recordReceived"], (e, _next, prev) => {
      const saved = prev.records.has(e.record.id) ? undefined : known.get(e.record.id);
      if (saved && !disposed) apply(e.record.id, saved, true);
    }),
    // Async requests keep their drafts in the outbox: only a blocking one's stored draft goes with it.
    ctx.on(["recordSettled"], (e, _next, prev) => {
      if (!disposed && !prev.asyncLinks.has(e.id)) settled(e.id);
    }),
    // Each is heard only when it changed a draft or the step: every one is the person's edit, to save and share.
    ctx.on(["draftEdited", "stepChanged"], (e, next) => {
      const record = next.records.get(e.requestId);
      const view = next.views.get(e.requestId);
      if (!disposed && record && view && blocking(next, e.requestId)) edited(e.requestId, record, view);
    }),
  ];

  const onMessage = (message: PaneMessage) => {
    if (disposed || message.type !== "blocking-draft" || message.sessionKey !== sessionKey || typeof message.requestId !== "string") return;
    const rid = message.requestId;
    if (message.draft === undefined) return void known.delete(rid);
    if (!isBlockingDraft(message.draft, sessionKey) || message.draft.requestId !== rid) return;
    known.set(rid, message.draft);
    // Live: the other pane's latest edit wins here too, as if typed in this one.
    apply(rid, message.draft, false);
  };

  if (bus) offs.push(bus.subscribe(onMessage));

  // Saved drafts, read back by persist/restore-on-load.ts.
  const adopt = (drafts: readonly BlockingDraft[]) => {
    if (disposed) return;
    for (const d of drafts) {
      // Something heard from another pane since the load began is newer than what was saved.
      if (known.has(d.requestId)) continue;
      known.set(d.requestId, d);
      apply(d.requestId, d, true);
    }
  };

  // A pending write is flushed: the person's last keystrokes must survive the dock, or the page, going away.
  const flush = () => {
    for (const rid of [...saveTimers.keys()]) {
      cancelSave(rid);
      const draft = known.get(rid);
      if (draft) void storage.save(draft).catch(() => undefined);
    }
  };
  // A reload or a closed tab disposes nothing; the page's own last events are the moment to write.
  const page = typeof window === "undefined" ? undefined : window;
  const doc = typeof document === "undefined" ? undefined : document;
  const onHidden = () => {
    if (doc?.visibilityState === "hidden") flush();
  };
  page?.addEventListener("pagehide", flush);
  doc?.addEventListener("visibilitychange", onHidden);

  return {
    adopt,
    dispose() {
      disposed = true;
      offs.forEach((off) => off());
      page?.removeEventListener("pagehide", flush);
      doc?.removeEventListener("visibilitychange", onHidden);
      flush();
    },
  };
}
