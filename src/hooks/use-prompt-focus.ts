import { useEffect, type RefObject } from "react";
import { useDockStoreApi } from "./dock-context";

/** Marks the element that holds the step on screen (or a card, in stacked mode). */
export const STEP_ATTR = "data-qd-step";
/** Marks the dock's outer element. */
export const DOCK_ATTR = "data-qd-dock";

const CHOSEN_RADIO = "[role='radio'][aria-checked='true']";
const FIRST_CONTROL = "[role='radio'], input[type='checkbox'], textarea, input";

/** Focuses the step's first answer control (the chosen radio if any), else the step, else the panel. */
export function focusFirstControl(panel: HTMLElement): void {
  const step = panel.querySelector<HTMLElement>(`[${STEP_ATTR}]`);
  const scope = step ?? panel;
  // A selector list matches in document order, so the chosen radio needs its own query to win over the first one.
  const control = scope.querySelector<HTMLElement>(CHOSEN_RADIO) ?? scope.querySelector<HTMLElement>(FIRST_CONTROL);
  (control ?? (step?.tabIndex === -1 ? step : panel)).focus();
}

// Which requests each dock has already shown. A prompt is "new" once per request and store, not once per mount:
// views that remount (a session switched away and back, a host's re-render) must not pull focus again.
const shownByStore = new WeakMap<object, Set<string>>();

/**
 * Focus for a prompt panel. When the request's prompt first appears it takes focus (from the composer too), unless
 * focus already sits elsewhere in the dock, such as on the request arrows. When the step changes it puts
 * focus back on the new step only if focus was lost with the old step's controls. An async question
 * (`takeFocus: false`) never takes focus when it appears, so the composer stays usable while the agent works.
 */
export function usePromptFocus(panelRef: RefObject<HTMLElement | null>, requestId: string, stepKey: string | number, takeFocus = true): void {
  const store = useDockStoreApi();
  useEffect(() => {
    const panel = panelRef.current;
    if (!panel) return;
    let shown = shownByStore.get(store);
    if (!shown) shownByStore.set(store, (shown = new Set()));
    const first = !shown.has(requestId);
    shown.add(requestId);
    const active = panel.ownerDocument.activeElement;
    const lost = !active || active === panel.ownerDocument.body || !active.isConnected;
    if (first) {
      if (!takeFocus) return;
      const dock = panel.closest(`[${DOCK_ATTR}]`);
      if (!lost && dock?.contains(active) && !panel.contains(active)) return;
    } else if (!lost) return;
    focusFirstControl(panel);
  }, [panelRef, store, requestId, stepKey, takeFocus]);
}
