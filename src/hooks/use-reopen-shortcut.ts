// Reopening the dock on a person's request; the prompt appears with React's next commit, so focus follows it there.
import { useEffect } from "react";
import type { StoreApi } from "zustand/vanilla";
import type { DockStore } from "../store/dock/state";
import { useDockStore, useDockStoreApi } from "./dock-context";
import { isReopenDockKey } from "./keyboard-intent";
import { focusFirstControl, focusMemoryOf } from "./use-prompt-focus";

// Enough turns for React to commit the expanded prompt, however its updates are scheduled.
const FOCUS_TRIES = 20;

function focusWhenExpanded(store: StoreApi<DockStore>, tries: number): void {
  setTimeout(() => {
    const { dock } = focusMemoryOf(store);
    if (dock?.isConnected && dock.getAttribute("data-state") !== "collapsed") focusFirstControl(dock);
    else if (tries > 1) focusWhenExpanded(store, tries - 1);
  }, 0);
}

/** Reopens the dock at a request (or the active one) and focuses its question; for a person's own gesture only. */
export function reopenDock(store: StoreApi<DockStore>, requestId?: string): void {
  const { actions, records, order } = store.getState();
  if (!order.length) return;
  if (requestId !== undefined && records.get(requestId)) actions.showRequest(requestId);
  actions.expand();
  focusWhenExpanded(store, FOCUS_TRIES);
}

/** Listens on the whole page for Alt+Shift+Q (`REOPEN_DOCK_KEYS`) while a request waits, and reopens the dock at it. */
export function useReopenShortcut(enabled = true): void {
  const store = useDockStoreApi();
  const waiting = useDockStore((s) => s.order.length > 0);
  useEffect(() => {
    if (!enabled || !waiting) return;
    const onKeyDown = (e: KeyboardEvent) => {
      if (e.defaultPrevented || !isReopenDockKey(e)) return;
      e.preventDefault();
      reopenDock(store);
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [enabled, waiting, store]);
}
