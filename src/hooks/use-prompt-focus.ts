import { useEffect, type RefObject } from "react";
import { useDockStoreApi } from "./dock-context";

/** Marks the element that holds the step on screen (or a card, in stacked mode). */
export const STEP_ATTR = "data-qd-step";
/** Marks the dock's outer element. */
export const DOCK_ATTR = "data-qd-dock";

// Kept per store, not per mount: a remount (session switch, re-render, layout change) must neither take focus again
// nor forget that the person was working in the dock.
interface FocusMemory {
  /** Requests whose prompt has appeared: arrival is the one moment a blocking prompt takes focus. */
  shown: Set<string>;
  /** The request shown while focus was in the dock; kept when focus fell out with a removed element, not a move. */
  heldBy: string | null;
  /** The dock's outer element, so a reopen finds the prompt of its own dock among several on a page. */
  dock: HTMLElement | null;
}

const memoryByStore = new WeakMap<object, FocusMemory>();

/** The focus memory of a dock store, made on first use. */
export function focusMemoryOf(store: object): FocusMemory {
  let memory = memoryByStore.get(store);
  if (!memory) memoryByStore.set(store, (memory = { shown: new Set(), heldBy: null, dock: null }));
  return memory;
}

/** True when nothing on the page has focus: it sits on the body, or on an element that is gone. */
export function focusIsLost(doc: Document): boolean {
  const active = doc.activeElement;
  return !active || active === doc.body || !active.isConnected;
}

const CHOSEN_RADIO = "[role='radio'][aria-checked='true'], input[type='radio']:checked";
const FIRST_CONTROL = "[role='radio'], input[type='checkbox'], textarea, input";

/** Focuses the step's first answer control (the chosen radio if any), else the step, else the panel. */
export function focusFirstControl(panel: HTMLElement): void {
  const step = panel.querySelector<HTMLElement>(`[${STEP_ATTR}]`);
  const scope = step ?? panel;
  // A selector list matches in document order, so the chosen radio needs its own query to win over the first one.
  const control = scope.querySelector<HTMLElement>(CHOSEN_RADIO) ?? scope.querySelector<HTMLElement>(FIRST_CONTROL);
  (control ?? (step?.tabIndex === -1 ? step : panel)).focus();
}

// A task queued from a frame callback runs once that frame is painted, so focus() then finds style and layout done
// instead of forcing them inside the frame that shows the prompt. A hidden page paints no frames: at once there.
function afterPaint(doc: Document, fn: () => void): () => void {
  if (doc.hidden) {
    fn();
    return () => {};
  }
  let timer: ReturnType<typeof setTimeout> | undefined;
  const frame = requestAnimationFrame(() => (timer = setTimeout(fn)));
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
}

/** Focus for a dock's prompt, decided once per arrival; nothing while `requestId` is undefined (collapsed or idle). */
export function usePromptFocus(dockRef: RefObject<HTMLElement | null>, requestId: string | undefined, stepKey: string | number, takeFocus: boolean): void {
  const store = useDockStoreApi();
  // A blocking prompt takes focus when first shown, after its first paint, unless focus sits elsewhere in the dock or
  // the person moved it meanwhile; an async one never does. Later, focus comes back only if it fell out of the dock
  // with a removed element while held for this request, or, for a blocking one, for any request.
  useEffect(() => {
    const dock = dockRef.current;
    if (!dock || requestId === undefined) return;
    const memory = focusMemoryOf(store);
    const first = !memory.shown.has(requestId);
    memory.shown.add(requestId);
    const doc = dock.ownerDocument;
    const lost = focusIsLost(doc);
    const active = doc.activeElement;
    const elsewhereInDock = !lost && dock.contains(active) && !active?.closest(`[${STEP_ATTR}]`);
    const held = lost && memory.heldBy === requestId;
    const blockingTakes = takeFocus && (first ? !elsewhereInDock : lost && memory.heldBy !== null);
    if (held || (blockingTakes && !first)) focusFirstControl(dock);
    if (!blockingTakes || !first) return;
    let pending = true;
    const cancel = afterPaint(doc, () => {
      pending = false;
      if (dock.isConnected && (doc.activeElement === active || focusIsLost(doc))) focusFirstControl(dock);
    });
    return () => {
      cancel();
      // Not yet taken: the prompt has not arrived as far as focus goes, so the next run may still take it.
      if (pending) memory.shown.delete(requestId);
    };
  }, [dockRef, store, requestId, stepKey, takeFocus]);
}
