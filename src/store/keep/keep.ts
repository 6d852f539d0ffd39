// What a page keeps for the next one, as one effect that follows the store's events: this tab's outcomes, the saved
// drafts (blocking and async alike) and, read with them, the outbox entries. Nothing is read or written before the
// store knows whose conversation it is (its scope): then everything kept under that scope comes back as one
// `restored` event, and from then on every record goes to storage and to the other tabs under that scope only.
import type { DockContext } from "../dock-context";
import { holdsCredential, isOutboxEntry } from "../outbox/outbox-rules";
import type { OutboxEntry, PaneBus, PaneMessage } from "../outbox/types";
import type { DockStore } from "../dock/types";
import { createKeptOutcomes } from "../persist/kept-outcomes";
import { isSavedDraft, savedDraftOf, type SavedDraft } from "./saved-draft";
import { scopedRecords, type DockStorage } from "./storage";

/** Quiet time before a typed draft is written to storage. */
export const DRAFT_SAVE_DELAY_MS = 300;

/** Where a store keeps things beyond this tab's outcomes, and which. */
export interface KeepSetup {
  /** Drafts and outbox entries; none: only this tab's outcomes are kept. */
  storage?: DockStorage;
  /** The other tabs of the conversation; none: drafts are not shared live. */
  bus?: PaneBus;
  /** Keep the drafts of blocking requests too (async drafts are kept whenever there is storage). */
  blockingDrafts: boolean;
  /** Read the outbox entries back too (with async questions). */
  outbox: boolean;
}

/** Runs after `fn` once the store knows whose conversation it is: at once when it already does. */
export function whenScoped(ctx: DockContext, fn: (scope: string) => void): () => void {
  const now = ctx.get().scope;
  if (now !== undefined) {
    fn(now);
    return () => undefined;
  }
  const off = ctx.on(["connectionChanged"], (_e, next) => {
    if (next.scope === undefined) return;
    off();
    fn(next.scope);
  });
  return off;
}

/** Starts keeping what `setup` says for the store of `ctx`; returns the stop, which writes what is still pending. */
export function startKeeping(ctx: DockContext, setup: KeepSetup): () => void {
  const { now, timers } = ctx.options;
  const kept = createKeptOutcomes();
  const saveTimers = new Map<string, unknown>();
  let stopped = false;

  const scope = () => ctx.get().scope;
  const records = () => {
    const s = scope();
    return setup.storage && s !== undefined ? scopedRecords(setup.storage, s) : undefined;
  };
  const isAsync = (s: DockStore, id: string) => s.asyncLinks.has(id) || id.startsWith("async:");
  const keeps = (s: DockStore, id: string) => setup.storage !== undefined && (setup.blockingDrafts || isAsync(s, id));

  const write = (draft: SavedDraft) => {
    const r = records();
    // Never answer with a credential, and never keep one on disk: the stored copy goes instead.
    void (holdsCredential(draft) ? r?.remove("draft", draft.requestId) : r?.put("draft", draft.requestId, draft))?.catch(() => undefined);
  };
  const share = (id: string, draft?: SavedDraft) => {
    const s = scope();
    if (s === undefined || !setup.bus || (draft && holdsCredential(draft))) return;
    setup.bus.post({ scope: s, table: "draft", id, ...(draft ? { value: draft } : {}) });
  };
  const cancel = (id: string) => {
    const timer = saveTimers.get(id);
    if (timer !== undefined) timers.clearTimeout(timer);
    saveTimers.delete(id);
  };
  const saveSoon = (draft: SavedDraft) => {
    cancel(draft.requestId);
    saveTimers.set(draft.requestId, timers.setTimeout(() => (saveTimers.delete(draft.requestId), write(draft)), DRAFT_SAVE_DELAY_MS));
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

  const restore = async (scopeNow: string) => {
    const outcomes = kept.restore(scopeNow);
    let drafts: SavedDraft[] = [];
    let entries: OutboxEntry[] = [];
    const r = records();
    if (r) {
      try {
        const [storedDrafts, storedEntries] = await Promise.all([r.list("draft"), setup.outbox ? r.list("outbox") : Promise.resolve([])]);
        drafts = storedDrafts.filter(isSavedDraft).filter((d) => setup.blockingDrafts || d.requestId.startsWith("async:"));
        entries = storedEntries.filter((e): e is OutboxEntry => isOutboxEntry(e, ctx.options.sessionKey));
      } catch {
        if (setup.outbox) ctx.dispatch({ type: "storageFailed", operation: "load", at: now() });
      }
    }
    if (stopped) return;
    // A draft of a request that can no longer be answered goes, so drafts of requests never seen again do not pile up.
    const expired = (d: SavedDraft) => typeof d.expiresAtMs === "number" && d.expiresAtMs <= now();
    for (const d of drafts.filter(expired)) void r?.remove("draft", d.requestId).catch(() => undefined);
    const isPaused = ctx.options.client.getConnection().state !== "connected";
    ctx.dispatch({ type: "restored", outcomes, drafts: drafts.filter((d) => !expired(d)), entries, isPaused, at: now() });
  };

  const fromPane = (message: PaneMessage) => {
    if (stopped || message.table !== "draft" || message.scope !== scope()) return;
    if (message.value === undefined) return ctx.dispatch({ type: "draftDropped", requestId: message.id });
    if (!isSavedDraft(message.value) || message.value.requestId !== message.id || !keeps(ctx.get(), message.id)) return;
    // Live: the other tab's latest edit wins here too, as if typed in this one.
    ctx.dispatch({ type: "draftLoaded", draft: message.value, onlyIfUntouched: false });
  };

  const keepOutcome = (id: string, s: DockStore) => {
    const outcome = s.outcomes.get(id);
    if (outcome && s.scope !== undefined) kept.keep(s.scope, id, outcome);
  };

  const offs = [
    whenScoped(ctx, (s) => void restore(s)),
    // Each is heard only when it changed a draft or the step: every one is the person's edit, to save and share.
    ctx.on(["draftEdited", "stepChanged"], (e, next) => {
      const record = next.records.get(e.requestId);
      if (stopped || !record || !keeps(next, e.requestId)) return;
      const draft = savedDraftOf(record, next.views.get(e.requestId), now());
      // A prompt of secret questions only has nothing that may leave memory.
      if (draft.answers.length === 0) return;
      saveSoon(draft);
      share(e.requestId, draft);
    }),
    ctx.on(["recordSettled"], (e, next, prev) => {
      keepOutcome(e.id, next);
      if (stopped || !keeps(prev, e.id)) return;
      cancel(e.id);
      // A retired or skipped async question keeps its draft for a reopen; any other ending takes it away.
      const held = next.savedDrafts.get(e.id);
      if (held) {
        write(held);
        return;
      }
      void records()?.remove("draft", e.id).catch(() => undefined);
      share(e.id);
    }),
    ctx.on(["sentRequestEnded"], (e, next) => keepOutcome(e.record.id, next)),
    // A reopened question's kept draft loses its skip, so a reload does not skip it again.
    ctx.on(["questionReopened"], (e, next) => {
      const held = next.savedDrafts.get(`async:${e.itemId}`);
      if (!stopped && held) write(held);
    }),
    ctx.on(["outcomeDropped"], (e, next) => {
      if (next.scope !== undefined) kept.forget(next.scope, e.id);
    }),
    ...(setup.bus ? [setup.bus.subscribe(fromPane)] : []),
  ];

  // A reload or a closed tab disposes nothing; the page's own last events are the moment to write.
  const page = typeof window === "undefined" ? undefined : window;
  const doc = typeof document === "undefined" ? undefined : document;
  const onHidden = () => {
    if (doc?.visibilityState === "hidden") flush();
  };
  page?.addEventListener("pagehide", flush);
  doc?.addEventListener("visibilitychange", onHidden);

  return () => {
    flush();
    stopped = true;
    offs.forEach((off) => off());
    page?.removeEventListener("pagehide", flush);
    doc?.removeEventListener("visibilitychange", onHidden);
  };
}
