import { useCallback, useEffect, type FocusEvent } from "react";
import { useDockStoreApi } from "./dock-context";
import { focusIsLost, focusMemoryOf } from "./focus-memory";

/**
 * The dock root's focus handlers: notes which request the dock showed while it held focus (for `usePromptFocus`),
 * and when that request leaves with focus and nothing in the dock takes it back (the dock went idle, or the request
 * shown now is async), hands focus to the composer. Focus that was never in the dock stays where it is.
 */
export function useDockFocus(activeId: string | undefined, focusComposer: () => void, promptTakesFocus = false): { onFocus(): void; onBlur(event: FocusEvent<HTMLElement>): void } {
  const store = useDockStoreApi();
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
  useEffect(() => {
    const memory = focusMemoryOf(store);
    // A blocking prompt shown now takes focus itself, on arrival only once it is painted (usePromptFocus).
    if (promptTakesFocus || memory.heldBy === null || memory.heldBy === activeId || !focusIsLost(document)) return;
    memory.heldBy = null;
    focusComposer();
  }, [store, activeId, focusComposer, promptTakesFocus]);
  return { onFocus, onBlur };
}
