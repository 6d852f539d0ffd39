import { useEffect, useRef } from "react";
import type { DockState } from "../store/dock/state";
import { useDockStore } from "./dock-context";
import { useMessages } from "./use-messages";

// How many blocking requests wait: the ones an agent is stopped on. Async (Codex) questions do not count.
const blockingCount = (s: DockState) => s.order.filter((id) => !s.asyncOrigins.get(id)).length;

/** While blocking questions wait, the title carries their count, "(1) ❓ Chat"; the page's own comes back after. */
export function useQuestionTitle(enabled = true): void {
  const count = useDockStore(blockingCount);
  const format = useMessages().attention.titleCount;
  // The hook's last title and the page's own: a new count rewrites the title once, never restore-then-write.
  const shown = useRef<{ own: string; written: string } | null>(null);
  useEffect(() => {
    const last = shown.current;
    // A title the host set in between is the page's own from then on.
    const own = last && document.title === last.written ? last.own : document.title;
    if (!enabled || count === 0) {
      if (last) restoreTitle(last);
      shown.current = null;
      return;
    }
    const written = format({ count, title: own });
    if (document.title !== written) document.title = written;
    shown.current = { own, written };
  }, [enabled, count, format]);
  useEffect(
    () => () => {
      if (shown.current) restoreTitle(shown.current);
      shown.current = null;
    },
    [],
  );
}

// The page's own title back, unless the host has set another since.
function restoreTitle({ own, written }: { own: string; written: string }): void {
  if (document.title === written) document.title = own;
}
