// Drafts that outlive the page and follow the person into other tabs, blocking and async alike: each edit is
// written to storage after a quiet moment (at once when the page goes away) and shared live under the conversation's
// scope; an ending takes the draft away, unless a retired or skipped async question keeps it for a reopen.
import type { DockContext } from "../context";
import { holdsCredential, isOutboxEntry } from "../outbox/outbox-rules";
import type { OutboxEntry, PaneBus, PaneMessage, SavedDraft } from "../outbox/entry";
import type { DockStore } from "../dock/state";
import { isSavedDraft, type StoredRecords } from "./keep";
import { savedDraftOf } from "../dock/drafts";
import { isPaneMessage, scopedRecords, type DockStorage } from "./storage";
import { asyncItemOf, asyncRequestId } from "../async/question-shape";

/** Quiet time before a typed draft is written to storage. */
export const DRAFT_SAVE_DELAY_MS = 300;

/** Keeps the drafts of `ctx`'s store (blocking ones too, and outbox entries: as `setup` says); `read` is for `restored`. */
export function startDraftKeeping(ctx: DockContext, setup: { storage: DockStorage; bus?: PaneBus; blockingDrafts: boolean; outbox: boolean }) {
  const { now, timers } = ctx.options;
  const saveTimers = new Map<string, unknown>();

  const records = (scope = ctx.get().scope) => (scope === undefined ? undefined : scopedRecords(setup.storage, scope));
  const keeps = (s: DockStore, id: string) => setup.blockingDrafts || s.asyncOrigins.has(id) || asyncItemOf(id) !== undefined;

  const write = (draft: SavedDraft) => {
    const r = records();
    // Never answer with a credential, and never keep one on disk: the stored copy goes instead.
    void (holdsCredential(draft) ? r?.remove("draft", draft.requestId) : r?.put("draft", draft.requestId, draft))?.catch(() => undefined);
  };
  const share = (id: string, draft?: SavedDraft) => {
    const scope = ctx.get().scope;
    if (scope === undefined || !setup.bus || (draft && holdsCredential(draft))) return;
    setup.bus.post({ scope, table: "draft", id, ...(draft ? { value: draft } : {}) });
  };
  const cancel = (id: string) => {
    const timer = saveTimers.get(id);
    if (timer !== undefined) timers.clearTimeout(timer);
    saveTimers.delete(id);
  };
  // What is still waiting to be written, now: the person's last keystrokes must survive the store, or the page, going away.
  const flush = () => {
    const s = ctx.get();
    for (const id of [...saveTimers.keys()]) {
      cancel(id);
      const record = s.records.get(id);
      if (record) write(savedDraftOf(record, s.views.get(id), now()));
    }
  };

  const read = async (scope: string): Promise<StoredRecords> => {
    const r = scopedRecords(setup.storage, scope);
    try {
      const [drafts, entries] = await Promise.all([r.list("draft"), setup.outbox ? r.list("outbox") : Promise.resolve([])]);
      // A draft of a request that can no longer be answered goes, so drafts of requests never seen again do not pile up.
      const expired = (d: SavedDraft) => typeof d.expiresAtMs === "number" && d.expiresAtMs <= now();
      const saved = drafts.filter(isSavedDraft).filter((d) => setup.blockingDrafts || asyncItemOf(d.requestId) !== undefined);
      for (const d of saved.filter(expired)) void r.remove("draft", d.requestId).catch(() => undefined);
      return { drafts: saved.filter((d) => !expired(d)), entries: entries.filter((e): e is OutboxEntry => isOutboxEntry(e, ctx.options.sessionKey)) };
    } catch {
      if (setup.outbox) ctx.dispatch({ type: "storageFailed", operation: "load", at: now() });
      return { drafts: [], entries: [] };
    }
  };

  const fromPane = (message: PaneMessage) => {
    if (!isPaneMessage(message) || message.table !== "draft" || message.scope !== ctx.get().scope) return;
    if (message.value === undefined) return ctx.dispatch({ type: "draftDropped", requestId: message.id });
    if (!isSavedDraft(message.value) || message.value.requestId !== message.id || !keeps(ctx.get(), message.id)) return;
    // Live: the other tab's latest edit wins here too, as if typed in this one.
    ctx.dispatch({ type: "draftLoaded", draft: message.value, onlyIfUntouched: false });
  };

  const offs = [
    // Each is heard only when it changed a draft or the step: every one is the person's edit, to save and share.
    ctx.on(["draftEdited", "stepChanged"], (e, next) => {
      const record = next.records.get(e.requestId);
      if (!record || !keeps(next, e.requestId)) return;
      const draft = savedDraftOf(record, next.views.get(e.requestId), now());
      // A prompt of secret questions only has nothing that may leave memory.
      if (draft.answers.length === 0) return;
      cancel(e.requestId);
      saveTimers.set(e.requestId, timers.setTimeout(() => (saveTimers.delete(e.requestId), write(draft)), DRAFT_SAVE_DELAY_MS));
      share(e.requestId, draft);
    }),
    ctx.on(["recordSettled"], (e, next, prev) => {
      if (!keeps(prev, e.id)) return;
      cancel(e.id);
      // A retired or skipped async question keeps its draft for a reopen; any other ending takes it away.
      const held = next.savedDrafts.get(e.id);
      if (held) return write(held);
      void records()?.remove("draft", e.id).catch(() => undefined);
      share(e.id);
    }),
    // A reopened question's kept draft loses its skip, so a reload does not skip it again.
    ctx.on(["questionReopened"], (e, next) => {
      const held = next.savedDrafts.get(asyncRequestId(e.itemId));
      if (held) write(held);
    }),
    ...(setup.bus ? [setup.bus.subscribe(fromPane)] : []),
  ];

  // A reload or a closed tab disposes nothing; the page's own last events are the moment to write.
  const doc = globalThis.document as Document | undefined;
  const onHidden = () => doc?.visibilityState === "hidden" && flush();
  globalThis.addEventListener?.("pagehide", flush);
  doc?.addEventListener("visibilitychange", onHidden);

  return {
    read,
    /** Writes what is still waiting and stops. */
    stop() {
      flush();
      offs.forEach((off) => off());
      globalThis.removeEventListener?.("pagehide", flush);
      doc?.removeEventListener("visibilitychange", onHidden);
    },
  };
}
