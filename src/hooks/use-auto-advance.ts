import { useEffect } from "react";
import { useDockStoreApi } from "./dock-context";
import { chosenPositions, draftOf, lastStep } from "../store/dock/selectors";

/** How long a picked single-select choice stays on screen before the stepper moves on, in ms. @default 250 */
export const AUTO_ADVANCE_DELAY_MS = 250;

/** Moves a stepper on shortly after a single-select pick; never submits; a step change or new pick restarts it. */
export function useAutoAdvance(requestId: string | undefined, delayMs: number): void {
  const api = useDockStoreApi();
  useEffect(() => {
    if (requestId === undefined || !(delayMs > 0)) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const unsubscribe = api.subscribe((state, previous) => {
      const view = state.views.get(requestId);
      const before = previous.views.get(requestId);
      const record = state.records.get(requestId);
      if (view === before) return;
      // An untouched request has no view: its first pick is measured against a new one (step 0, nothing chosen).
      if (!view || !record || !previous.records.has(requestId) || view.step !== (before?.step ?? 0)) return clearTimeout(timer);
      const question = record.questions[view.step];
      if (!question || question.multiSelect || view.step >= lastStep(record)) return;
      // By position: picking the other of two options that share a label is a new choice too.
      const choice = chosenPositions(question, draftOf(view, question.questionId))[0];
      if (choice === chosenPositions(question, draftOf(before, question.questionId))[0]) return;
      clearTimeout(timer);
      if (choice === undefined) return;
      timer = setTimeout(() => {
        const now = api.getState();
        const current = now.views.get(requestId);
        if (current?.step === view.step && draftOf(current, question.questionId).selected[0] !== undefined) now.actions.next(requestId);
      }, delayMs);
    });
    return () => {
      unsubscribe();
      clearTimeout(timer);
    };
  }, [api, requestId, delayMs]);
}
