import { useCallback, useEffect, type FocusEvent, type RefObject } from "react";
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
function focusIsLost(doc: Document): boolean {
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

/** The dock's focus decisions, a prompt's once per arrival and the hand-back to the composer; gives the root's handlers. */
export function useDockFocus(dockRef: RefObject<HTMLElement | null>, activeId: string | undefined, shown: boolean, stepKey: string | number, blocking: boolean, focusComposer: () => void) {
  const store = useDockStoreApi();
  const requestId = shown ? activeId : undefined;
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
    const blockingTakes = blocking && (first ? !elsewhereInDock : lost && memory.heldBy !== null);
    if (held || (blockingTakes && !first)) focusFirstControl(dock);
    if (!blockingTakes || !first) return;
    let pending = true;
    const take = () => {
      pending = false;
      if (dock.isConnected && (doc.activeElement === active || focusIsLost(doc))) focusFirstControl(dock);
    };
    // A task queued from a frame callback runs once that frame is painted, so focus() then finds style and layout
    // done instead of forcing them inside the frame that shows the prompt. A hidden page paints no frames: at once.
    if (doc.hidden) return take();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => (timer = setTimeout(take)));
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
      // Not yet taken: the prompt has not arrived as far as focus goes, so the next run may still take it.
      if (pending) memory.shown.delete(requestId);
    };
  }, [dockRef, store, requestId, stepKey, blocking]);
  // After the prompt's own decision: a prompt that takes focus back leaves nothing for the hand-back to do. Notes
  // which request the dock showed while holding focus; when it leaves with focus and nothing in the dock takes it
  // back (idle, or async shown now), focus goes to the composer. Focus never in the dock stays where it is.
  useEffect(() => {
    const memory = focusMemoryOf(store);
    if ((shown && blocking) || memory.heldBy === null || memory.heldBy === activeId || !focusIsLost(document)) return;
    memory.heldBy = null;
    focusComposer();
  }, [store, activeId, focusComposer, shown, blocking]);
  const onFocus = useCallback(() => {
    focusMemoryOf(store).heldBy = activeId ?? null;
  }, [store, activeId]);
  const onBlur = useCallback(
    (event: FocusEvent<HTMLElement>) => {
      const root = event.currentTarget;
      const next = event.relatedTarget;
      if (next instanceof Node && root.contains(next)) return;
      const memory = focusMemoryOf(store);
      if (next) {
        memory.heldBy = null;
        return;
      }
      // Nowhere next: a click on the page, the window losing focus, or (Chromium) the focused element removed while
      // still in place. Only a removal keeps the dock's hold, so judge once it has gone.
      const left = event.target;
      queueMicrotask(() => {
        if (left.isConnected && !root.contains(root.ownerDocument.activeElement)) memory.heldBy = null;
      });
    },
    [store],
  );
  return { onFocus, onBlur };
}
