import type { DockState } from "./state";

/** How long after the last edit a request counts as "being typed in". @default 1500 */
export const DEFAULT_TYPING_GRACE_MS = 1500;

/**
 * The priority rule for a new blocking request, in order:
 * 1. With no active request, the new one becomes active.
 * 2. While the active request was edited less than `graceMs` ago, the new one waits: the person is mid-answer,
 *    and moving the prompt under their hands would send keystrokes to the wrong question. The store re-checks
 *    when the pause is long enough, so the wait ends by itself.
 * 3. Otherwise the new request becomes active. The one it replaces keeps its draft and stays one arrow away.
 * 4. An async (Codex) question never takes the active slot from the request on screen.
 * Returns the request that should be active now, and how long to wait before asking again (0 when settled).
 */
export function activeAfterArrival(
  state: Pick<DockState, "activeId" | "views" | "records"> & Partial<Pick<DockState, "asyncOrigins">>,
  newId: string,
  now: number,
  graceMs: number,
): { activeId: string; recheckInMs: number } {
  const current = state.activeId && state.records.get(state.activeId) ? state.activeId : null;
  if (!current || current === newId) return { activeId: newId, recheckInMs: 0 };
  // 4. Async questions never take the active slot; they are reached through the request arrows.
  if (state.asyncOrigins?.has(newId)) return { activeId: current, recheckInMs: 0 };
  const editedAt = state.views.get(current)?.editedAt ?? 0;
  const quietFor = now - editedAt;
  if (editedAt > 0 && quietFor < graceMs) return { activeId: current, recheckInMs: graceMs - quietFor };
  return { activeId: newId, recheckInMs: 0 };
}
