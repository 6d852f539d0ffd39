import { useMemo } from "react";
import { useDockStore } from "./dock-context";
import type { Outcome } from "../store/dock/state";

export { isAnsweredOutcome } from "../store/dock/outcomes";

/** Every request that has left the dock, oldest first, for transcript summaries. */
export function useOutcomes(): Outcome[] {
  // Every change to the outcomes is a new log, so its identity is what invalidates the list.
  const outcomes = useDockStore((s) => s.outcomes);
  return useMemo(() => Array.from(outcomes.values()), [outcomes]);
}
