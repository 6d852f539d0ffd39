import { useCallback, useMemo, useState } from "react";
import { useDockStore } from "./dock-context";
import type { DockRejection } from "../store/dock/state";

// Records that failed validation; a failed recovery (a transport error) is a connection matter, shown elsewhere.
const RECORD_SOURCES: ReadonlySet<string> = new Set(["question.requested", "question.resolved", "question.list", "question.get"]);

/** The malformed records the gateway sent that the person has not dismissed yet, newest last. */
export function useRejections(): { items: DockRejection[]; dismiss(): void } {
  const rejected = useDockStore((s) => s.rejected);
  // Dismissing hides what is there now; a record rejected later shows again.
  const [dismissedAt, setDismissedAt] = useState(Number.NEGATIVE_INFINITY);
  const items = useMemo(() => rejected.filter((r) => RECORD_SOURCES.has(r.source) && r.at > dismissedAt), [rejected, dismissedAt]);
  const dismiss = useCallback(() => setDismissedAt(Math.max(...rejected.map((r) => r.at))), [rejected]);
  return { items, dismiss };
}
