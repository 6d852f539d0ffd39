import type { DockState } from "./state";

/** How long after the last edit a request counts as "being typed in". @default 1500 */
export const DEFAULT_TYPING_GRACE_MS = 1500;

/** Which request is active after a new blocking or async one arrives, and when to ask again (0 when settled). */
export function activeAfterArrival(state: Pick<DockState, "activeId" | "views" | "records"> & Partial<Pick<DockState, "asyncOrigins">>, newId: string, now: number, graceMs: number): { activeId: string; recheckInMs: number } {
  const current = state.activeId && state.records.get(state.activeId) ? state.activeId : null;
  if (!current || current === newId) return { activeId: newId, recheckInMs: 0 };
  // Async questions never take the active slot; they are reached through the request arrows.
  if (state.asyncOrigins?.has(newId)) return { activeId: current, recheckInMs: 0 };
  // While the person is mid-answer the new request waits: moving the prompt would send keystrokes to the wrong
  // question. The store re-checks after the grace, so the wait ends by itself.
  const editedAt = state.views.get(current)?.editedAt ?? 0;
  const quietFor = now - editedAt;
  if (editedAt > 0 && quietFor < graceMs) return { activeId: current, recheckInMs: graceMs - quietFor };
  return { activeId: newId, recheckInMs: 0 };
}
