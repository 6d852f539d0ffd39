import { useEffect } from "react";
import { useDockStore, useDockStoreApi } from "./dock-context";
import { isReopenDockKey } from "./keyboard-intent";
import { reopenDock } from "./reopen-dock";

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
