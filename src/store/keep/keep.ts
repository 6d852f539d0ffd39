// What a page keeps for the next one, restored in one go: nothing is read before the store knows whose conversation
// it is (its scope); then this tab's kept outcomes, and the drafts and outbox entries a feature keeps, come back as
// one `restored` event. This tab's outcomes are kept from then on, under that scope only.
import type { DockContext } from "../context";
import type { OutboxEntry } from "../outbox/entry";
import type { DockStore, SavedDraft } from "../dock/state";
import { createKeptOutcomes } from "./kept-outcomes";

/** What a feature kept under a scope, read back: drafts, and with async questions the outbox entries. */
export interface StoredRecords {
  drafts: SavedDraft[];
  entries: OutboxEntry[];
}

/** Runs `fn` once the store knows whose conversation it is: at once when it already does. */
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

/** Starts keeping this tab's outcomes, and restores what was kept; `read` reads what a feature keeps. Returns the stop. */
export function startKeeping(ctx: DockContext, read?: (scope: string) => Promise<StoredRecords>): () => void {
  const kept = createKeptOutcomes();
  let stopped = false;

  const restore = async (scope: string) => {
    const outcomes = kept.restore(scope);
    const stored = read ? await read(scope) : { drafts: [], entries: [] };
    if (stopped) return;
    const isPaused = ctx.options.client.getConnection().state !== "connected";
    ctx.dispatch({ type: "restored", outcomes, ...stored, isPaused, at: ctx.options.now() });
  };
  const keep = (id: string, s: DockStore) => {
    const outcome = s.outcomes.get(id);
    if (outcome && s.scope !== undefined) kept.keep(s.scope, id, outcome);
  };

  const offs = [
    whenScoped(ctx, (scope) => void restore(scope)),
    ctx.on(["recordSettled"], (e, next) => keep(e.id, next)),
    ctx.on(["sentRequestEnded"], (e, next) => keep(e.record.id, next)),
    ctx.on(["outcomeDropped"], (e, next) => {
      if (next.scope !== undefined) kept.forget(next.scope, e.id);
    }),
  ];
  return () => {
    stopped = true;
    offs.forEach((off) => off());
  };
}
