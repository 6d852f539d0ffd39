// Everything a dock brings back when a page loads, in one place and in one order. Each memory keeps its own format
// (kept-outcomes.ts, sent-ledger.ts, blocking-draft-storage.ts, the outbox's persistence.ts); this is the one path
// that reads them back into a new dock.
import type { DockContext } from "../dock-context";
import type { AsyncDraft, DockStorage } from "../outbox/types";
import type { BlockingDraft, BlockingDraftStorage } from "./blocking-draft-types";

/** Where saved drafts go once read: the links that keep them, which know when their requests arrive. */
export interface RestoreTargets {
  /** Blocking drafts, kept by the blocking-drafts link; absent when a dock keeps none. */
  blocking?: { storage: BlockingDraftStorage; adopt(drafts: readonly BlockingDraft[]): void };
  /** Async drafts and skips, kept by the async link; `settled` runs once the read is over, read or not. */
  async?: { storage: DockStorage; adopt(drafts: readonly AsyncDraft[]): void; settled(): void };
}

/** The restore of one dock: its kept outcomes are back already; the drafts follow once the links that keep them exist. */
export interface Restore {
  /** Starts reading the saved drafts into `targets`. */
  drafts(targets: RestoreTargets): void;
  /** The dock went away: reads still under way are dropped. */
  stop(): void;
}

/**
 * Restores a new dock: this tab's kept outcomes at once, then the saved drafts as their reads come back. Requests
 * sent before the reload are asked about on the first connect (`gateway-sync` reads `ctx.sent`), and the outbox,
 * shared by every dock of the conversation, restores its own entries when it is made.
 */
export function restoreOnLoad(ctx: DockContext): Restore {
  const { sessionKey, now } = ctx.options;
  let stopped = false;
  // Before anything else can settle, so a request that ends again later keeps its newer outcome.
  for (const [id, kept] of ctx.kept.restore()) ctx.dispatch({ type: "outcomeRestored", id, kept });

  const readAsync = ({ storage, adopt, settled }: NonNullable<RestoreTargets["async"]>) =>
    void storage.loadDrafts(sessionKey).then(
      (drafts) => {
        if (stopped) return;
        adopt(drafts);
        settled();
      },
      () => {
        if (!stopped) settled();
      },
    );

  const readBlocking = ({ storage, adopt }: NonNullable<RestoreTargets["blocking"]>) =>
    void storage.load(sessionKey).then(
      (drafts) => {
        if (stopped) return;
        // A draft of a request that can no longer be answered goes, so drafts of requests never seen again do not pile up.
        const expired = (d: BlockingDraft) => typeof d.expiresAtMs === "number" && d.expiresAtMs <= now();
        for (const d of drafts.filter(expired)) void storage.remove(sessionKey, d.requestId).catch(() => undefined);
        adopt(drafts.filter((d) => !expired(d)));
      },
      () => undefined,
    );

  return {
    drafts(targets) {
      if (targets.async) readAsync(targets.async);
      if (targets.blocking) readBlocking(targets.blocking);
    },
    stop: () => {
      stopped = true;
    },
  };
}
