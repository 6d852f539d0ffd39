import { useMemo } from "react";
import { useDockStore } from "../components/DockProvider";
import type { Outcome } from "../store/types";

/** Every request that has left the dock, oldest first, for transcript summaries. */
export function useOutcomes(): Outcome[] {
  const outcomes = useDockStore((s) => s.outcomes);
  const version = useDockStore((s) => s.outcomeVersion);
  // The store updates the map in place and bumps the version, so the version is what invalidates the list.
  return useMemo(() => (version >= 0 ? Array.from(outcomes.values()) : []), [outcomes, version]);
}
