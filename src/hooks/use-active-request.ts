// Narrow reads of the active request, so views subscribe to just what they show.
import type { QuestionRecord } from "../protocol/question-record";
import { activeRecord, requestPosition } from "../store/dock/selectors";
import { useDockStore } from "./dock-context";

/** The active pending request, or undefined when nothing waits. */
export function useActiveRecord(): QuestionRecord | undefined {
  return useDockStore(activeRecord);
}

/** 1-based position of the active request among `count` pending ones; re-renders only when either number changes. */
export function useRequestPosition(): { index: number; count: number } {
  const index = useDockStore((s) => requestPosition(s).index);
  const count = useDockStore((s) => s.order.length);
  return { index, count };
}

/** The step the active request shows; 0 when nothing waits. */
export function useActiveStep(): number {
  return useDockStore((s) => (s.activeId ? (s.views.get(s.activeId)?.step ?? 0) : 0));
}
