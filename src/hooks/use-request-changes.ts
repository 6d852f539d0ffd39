import { useLayoutEffect, useRef } from "react";
import type { RequestChange } from "../store/dock/state";
import { useDockStoreApi } from "./dock-context";

/** Calls `listener` for each request that arrives now or ends while the calling component is mounted and `enabled`. */
export function useRequestChanges(listener: (change: RequestChange) => void, enabled = true): void {
  const store = useDockStoreApi();
  // The latest listener, so a host's inline function neither resubscribes on every render nor goes stale.
  const latest = useRef(listener);
  // Layout effects, run at the commit itself: a passive effect runs after the browser paints, and a request that
  // arrived in between (a story's play, a host's code right after mounting) would never be told.
  useLayoutEffect(() => {
    latest.current = listener;
  }, [listener]);
  useLayoutEffect(() => {
    if (!enabled) return;
    return store.getState().actions.onRequestChange((change) => latest.current(change));
  }, [store, enabled]);
}
