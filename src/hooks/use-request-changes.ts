import { useEffect, useRef } from "react";
import type { RequestChange } from "../store/dock/types";
import { useDockStoreApi } from "./dock-context";

/** Calls `listener` for each request that arrives now or ends while the calling component is mounted and `enabled`. */
export function useRequestChanges(listener: (change: RequestChange) => void, enabled = true): void {
  const store = useDockStoreApi();
  // The latest listener, so a host's inline function neither resubscribes on every render nor goes stale.
  const latest = useRef(listener);
  useEffect(() => {
    latest.current = listener;
  }, [listener]);
  useEffect(() => {
    if (!enabled) return;
    return store.getState().actions.onRequestChange((change) => latest.current(change));
  }, [store, enabled]);
}
