import { useEffect, useRef, type RefObject } from "react";
import type { StoreApi } from "zustand/vanilla";
import type { DockStore } from "../store/dock/state";

/** Whether the step now on screen has been painted yet; a keyboard handler reads it when a key arrives. */
export interface PaintedStep {
  /** Which request and step it is (plus whether the dock is open). */
  key: string;
  painted: boolean;
}

/** Identifies what the dock shows: the active request, its step, and whether the dock is open. */
export function shownStepKey(state: Pick<DockStore, "activeId" | "views" | "collapsed">): string {
  if (!state.activeId) return "";
  return `${state.activeId}\u0000${state.views.get(state.activeId)?.step ?? 0}\u0000${state.collapsed ? 1 : 0}`;
}

function nextFrame(run: () => void): () => void {
  if (typeof requestAnimationFrame === "function") {
    const handle = requestAnimationFrame(run);
    return () => cancelAnimationFrame(handle);
  }
  const handle = setTimeout(run, 16);
  return () => clearTimeout(handle);
}

/**
 * Tracks whether the step on screen has reached a painted frame. Keys pressed faster than the screen
 * updates (a double press, a held chord) land after the store has moved on but before the person could
 * see the new step; a handler that reads this can drop them.
 */
export function usePaintedStep(api: StoreApi<DockStore>): RefObject<PaintedStep> {
  // What is on screen when the dock mounts has already been painted by the time a key can reach it.
  const ref = useRef<PaintedStep>({ key: shownStepKey(api.getState()), painted: true });
  useEffect(() => {
    let cancel: (() => void) | undefined;
    ref.current = { key: shownStepKey(api.getState()), painted: true };
    const unsubscribe = api.subscribe((state) => {
      const key = shownStepKey(state);
      if (key === ref.current.key) return;
      ref.current = { key, painted: false };
      cancel?.();
      // A frame callback runs just before the browser paints what React committed for this change; keys
      // handled after it were pressed with the new step on screen.
      cancel = nextFrame(() => {
        if (ref.current.key === key) ref.current = { key, painted: true };
      });
    });
    return () => {
      unsubscribe();
      cancel?.();
    };
  }, [api]);
  return ref;
}
