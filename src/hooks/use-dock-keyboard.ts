import { useCallback, useEffect, useRef, type KeyboardEvent, type KeyboardEventHandler } from "react";
import { useDockStoreApi } from "./dock-context";
import { activeRecord } from "../store/dock/selectors";
import type { DockStore } from "../store/dock/state";
import { inlineDirectionOf, keyboardIntent } from "./keyboard-intent";
import type { PromptMode } from "./use-layout-mode";
import { continueRequest } from "./use-question-step";

/** Marks the element that holds one question, so keys pressed inside it act on that question. */
export const QUESTION_ATTR = "data-qd-question";
/** Marks a question's Other field, so digit N+1 can find it. */
export const OTHER_ATTR = "data-qd-other";

function shownStepKey(state: Pick<DockStore, "activeId" | "views" | "collapsed">): string {
  if (!state.activeId) return "";
  return `${state.activeId}\u0000${state.views.get(state.activeId)?.step ?? 0}\u0000${state.collapsed ? 1 : 0}`;
}

/** The dock's keydown handler: digits pick, Ctrl/Cmd+Enter continues, Esc collapses, arrows switch requests. */
export function useDockKeyboard(mode: PromptMode, onCollapse: () => void, onKeyDown: KeyboardEventHandler<HTMLElement> | undefined): KeyboardEventHandler<HTMLElement> {
  const api = useDockStoreApi();
  // The step on screen once painted, null until then: keys faster than the screen (a double press, a held chord)
  // must not act on a step the person has not seen. What is on screen at mount was painted before a key can come.
  const painted = useRef<string | null>(shownStepKey(api.getState()));
  useEffect(() => {
    let shown = shownStepKey(api.getState());
    let frame = 0;
    painted.current = shown;
    const unsubscribe = api.subscribe((state) => {
      const key = shownStepKey(state);
      if (key === shown) return;
      shown = key;
      painted.current = null;
      cancelAnimationFrame(frame);
      // A frame callback runs just before the browser paints what React committed for this change; keys
      // handled after it were pressed with the new step on screen.
      frame = requestAnimationFrame(() => (painted.current = key));
    });
    return () => {
      unsubscribe();
      cancelAnimationFrame(frame);
    };
  }, [api]);
  return useCallback(
    (event: KeyboardEvent<HTMLElement>) => {
      // The consumer's handler runs first; calling preventDefault there skips the dock's keys. A default already
      // prevented further down the tree (a Radix radio prevents Enter) does not count as opting out.
      const before = event.defaultPrevented;
      onKeyDown?.(event);
      if (!before && event.defaultPrevented) return;
      const state = api.getState();
      const record = activeRecord(state);
      if (!record || state.collapsed) return;
      const step = state.views.get(record.id)?.step ?? 0;
      const { key, ctrlKey, altKey, metaKey, shiftKey, keyCode, target } = event;
      const heldId = target instanceof Element ? target.closest(`[${QUESTION_ATTR}]`)?.getAttribute(QUESTION_ATTR) : undefined;
      // In the stepper, keys pressed on the panel itself act on the question on screen.
      const question = heldId ? record.questions.find((q) => q.questionId === heldId) : mode === "stepper" ? record.questions[step] : undefined;
      const intent = keyboardIntent(
        { key, ctrlKey, altKey, metaKey, shiftKey, keyCode, target, isComposing: event.nativeEvent.isComposing },
        {
          optionCount: question?.options.length ?? 0,
          hasOther: question?.isOther === true,
          // Read only for arrows: it costs a style lookup, and no other key depends on it.
          direction: key.startsWith("Arrow") ? inlineDirectionOf(target instanceof Element ? target : event.currentTarget) : undefined,
        },
      );
      if (!intent) return;
      event.preventDefault();
      if (intent.type === "collapse") onCollapse();
      else if (intent.type === "request") (intent.delta === 1 ? state.actions.nextRequest : state.actions.previousRequest)();
      else if (intent.type === "continue") {
        // Dropped: a held chord's auto-repeat, and a step not yet painted or already left (two quick Ctrl+Enter
        // on the last question would otherwise submit from an unseen review step).
        const seen = painted.current === shownStepKey(state) && (mode !== "stepper" || !heldId || record.questions[step]?.questionId === heldId);
        if (!event.repeat && seen) continueRequest(state, record.id, mode);
      } else if (intent.type === "focusOther" && question) {
        // Its digit chooses Other, kept text included, even where focus does not move (the field had it already).
        state.actions.chooseOther(record.id, question.questionId);
        const fields = event.currentTarget.querySelectorAll<HTMLElement>(`[${OTHER_ATTR}]`);
        Array.from(fields).find((el) => el.getAttribute(OTHER_ATTR) === question.questionId)?.focus();
      } else if (intent.type === "pick" && question) {
        const label = question.options[intent.index]?.label;
        // The store's select flips an option of a multi-select question.
        if (label !== undefined) state.actions.select(record.id, question.questionId, label, intent.index);
      }
    },
    [api, painted, mode, onCollapse, onKeyDown],
  );
}
