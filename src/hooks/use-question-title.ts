import { useEffect, useState } from "react";
import type { DockState } from "../store/dock/types";
import { useDockStore } from "./dock-context";
import { selectOnFields } from "./select-on-fields";
import { useMessages } from "./use-messages";

/** How many blocking requests wait: the ones an agent is stopped on. Async (Codex) questions do not count. */
export function blockingCount(s: Pick<DockState, "order" | "asyncLinks">): number {
  let n = 0;
  for (const id of s.order) if (!s.asyncLinks.get(id)) n++;
  return n;
}

/**
 * While blocking questions wait, the page title carries their count, "(1) ❓ Chat"; the page's own title comes back
 * exactly once the last one ends, `enabled` turns false, or the caller unmounts. A title the host sets meanwhile is
 * kept as the page's own. Touches `document` only in effects, so it is safe in server rendering.
 */
export function useQuestionTitle(enabled = true): void {
  const [countOf] = useState(() => selectOnFields(["order", "asyncLinks"], blockingCount));
  const count = useDockStore(countOf);
  const format = useMessages().attention.titleCount;
  useEffect(() => {
    if (!enabled || count === 0) return;
    const own = document.title;
    const written = format({ count, title: own });
    document.title = written;
    // Each new count restores first and writes again; a title the host set in between is the page's own from then on.
    return () => {
      if (document.title === written) document.title = own;
    };
  }, [enabled, count, format]);
}
