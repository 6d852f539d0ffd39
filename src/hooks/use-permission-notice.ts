import { useCallback, useMemo, useState } from "react";
import { useDockStore } from "./dock-context";
import type { HiddenQuestion, PermissionNotice } from "../store/effects/permissions";

/** The gateway's permission refusals the person has not dismissed, and the questions hidden from this connection. */
export function usePermissionNotice(): { notices: PermissionNotice[]; hidden: HiddenQuestion[]; dismiss(): void } {
  const permission = useDockStore((s) => s.permission);
  // Dismissing hides what is there now; a later refusal shows again.
  const [dismissedAt, setDismissedAt] = useState(Number.NEGATIVE_INFINITY);
  const notices = useMemo(() => permission.notices.filter((n) => n.at > dismissedAt), [permission.notices, dismissedAt]);
  const hidden = useMemo(() => permission.hidden.filter((h) => h.at > dismissedAt), [permission.hidden, dismissedAt]);
  const dismiss = useCallback(
    () => setDismissedAt(Math.max(...permission.notices.map((n) => n.at), ...permission.hidden.map((h) => h.at))),
    [permission],
  );
  return { notices, hidden, dismiss };
}
