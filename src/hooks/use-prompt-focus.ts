import { useEffect, useRef, type RefObject } from "react";

/** Marks the element that holds the step on screen (or a card, in stacked mode). */
export const STEP_ATTR = "data-qd-step";
/** Marks the dock's outer element. */
export const DOCK_ATTR = "data-qd-dock";

const FIRST_CONTROL = "[role='radio'][aria-checked='true'], [role='radio'], input[type='checkbox'], textarea, input";

/** Focuses the step's first answer control (the chosen radio if any), else the step, else the panel. */
export function focusFirstControl(panel: HTMLElement): void {
  const step = panel.querySelector<HTMLElement>(`[${STEP_ATTR}]`);
  const control = (step ?? panel).querySelector<HTMLElement>(FIRST_CONTROL);
  (control ?? (step?.tabIndex === -1 ? step : panel)).focus();
}

/**
 * Focus for a prompt panel. When the prompt first appears it takes focus (from the composer too), unless
 * focus already sits elsewhere in the dock, such as on the request arrows. When the step changes it puts
 * focus back on the new step only if focus was lost with the old step's controls.
 */
export function usePromptFocus(panelRef: RefObject<HTMLElement | null>, stepKey: string | number): void {
  const arrived = useRef(false);
  useEffect(() => {
    const panel = panelRef.current;
    if (!panel) return;
    const first = !arrived.current;
    arrived.current = true;
    const active = panel.ownerDocument.activeElement;
    const lost = !active || active === panel.ownerDocument.body || !active.isConnected;
    if (first) {
      const dock = panel.closest(`[${DOCK_ATTR}]`);
      if (!lost && dock?.contains(active) && !panel.contains(active)) return;
    } else if (!lost) return;
    focusFirstControl(panel);
  }, [panelRef, stepKey]);
}
