import { useEffect, useMemo, useRef, type KeyboardEvent, type KeyboardEventHandler, type RefObject } from "react";
import type { StoreApi } from "zustand/vanilla";
import type { GatewayQuestion, QuestionRecord } from "../protocol/question-record";
import { useDockStoreApi } from "./dock-context";
import { activeRecord } from "../store/dock/selectors";
import type { DockState, DockStore } from "../store/dock/state";
import { inlineDirectionOf, keyboardIntent } from "./keyboard-intent";
import type { PromptMode } from "./primary-action";
import { continueRequest } from "./use-question-step";

/** Options of `useDockKeyboard`. */
export interface DockKeyboardOptions {
  mode: PromptMode;
  /** Runs on Esc. */
  onCollapse(): void;
  /** A consumer's handler; it runs first and can call preventDefault to skip the dock's own keys. */
  onKeyDown?: KeyboardEventHandler<HTMLElement> | undefined;
}

/** Marks the element that holds one question, so keys pressed inside it act on that question. */
export const QUESTION_ATTR = "data-qd-question";
/** Marks a question's Other field, so digit N+1 can find it. */
export const OTHER_ATTR = "data-qd-other";

// Whether the step now on screen has been painted yet; the handler reads it when a key arrives.
interface PaintedStep {
  /** Which request and step it is (plus whether the dock is open). */
  key: string;
  painted: boolean;
}

// What the dock shows: the active request, its step, and whether the dock is open.
function shownStepKey(state: Pick<DockStore, "activeId" | "views" | "collapsed">): string {
  if (!state.activeId) return "";
  return `${state.activeId}\u0000${state.views.get(state.activeId)?.step ?? 0}\u0000${state.collapsed ? 1 : 0}`;
}

function nextFrame(run: () => void): () => void {
  if (typeof requestAnimationFrame === "function") {
    const handle = requestAnimationFrame(run);
    return () => cancelAnimationFrame(handle);
  }
  const handle = setTimeout(run, 16);
  return () => clearTimeout(handle);
}

/**
 * Tracks whether the step on screen has reached a painted frame. Keys pressed faster than the screen
 * updates (a double press, a held chord) land after the store has moved on but before the person could
 * see the new step; a handler that reads this can drop them.
 */
function usePaintedStep(api: StoreApi<DockStore>): RefObject<PaintedStep> {
  // What is on screen when the dock mounts has already been painted by the time a key can reach it.
  const ref = useRef<PaintedStep>({ key: shownStepKey(api.getState()), painted: true });
  useEffect(() => {
    let cancel: (() => void) | undefined;
    ref.current = { key: shownStepKey(api.getState()), painted: true };
    const unsubscribe = api.subscribe((state) => {
      const key = shownStepKey(state);
      if (key === ref.current.key) return;
      ref.current = { key, painted: false };
      cancel?.();
      // A frame callback runs just before the browser paints what React committed for this change; keys
      // handled after it were pressed with the new step on screen.
      cancel = nextFrame(() => {
        if (ref.current.key === key) ref.current = { key, painted: true };
      });
    });
    return () => {
      unsubscribe();
      cancel?.();
    };
  }, [api]);
  return ref;
}

function questionFor(record: QuestionRecord, target: EventTarget | null, fallbackStep: number | undefined): GatewayQuestion | undefined {
  const holder = target instanceof Element ? target.closest(`[${QUESTION_ATTR}]`) : null;
  const id = holder?.getAttribute(QUESTION_ATTR);
  if (id) return record.questions.find((q) => q.questionId === id);
  return fallbackStep === undefined ? undefined : record.questions[fallbackStep];
}

/**
 * True when the person could have seen the step a continue key acts on: the step has been painted, and the
 * key did not come from a question the stepper has already left. Otherwise the key is for a stale step: two
 * quick Ctrl+Enter on the last question would otherwise submit from a review step nobody saw.
 */
function sawCurrentStep(painted: PaintedStep, state: DockState, record: QuestionRecord, target: EventTarget | null, mode: PromptMode): boolean {
  if (painted.key !== shownStepKey(state) || !painted.painted) return false;
  if (mode !== "stepper") return true;
  const holder = target instanceof Element ? target.closest(`[${QUESTION_ATTR}]`) : null;
  const id = holder?.getAttribute(QUESTION_ATTR);
  return !id || record.questions[state.views.get(record.id)?.step ?? 0]?.questionId === id;
}

function focusOther(container: HTMLElement, questionId: string) {
  const field = Array.from(container.querySelectorAll<HTMLElement>(`[${OTHER_ATTR}]`)).find((el) => el.getAttribute(OTHER_ATTR) === questionId);
  field?.focus();
}

/** The dock's keydown handler: digits pick, Ctrl/Cmd+Enter continues, Esc collapses, arrows on the request arrows switch requests. Attach it to the dock's container. */
export function useDockKeyboard({ mode, onCollapse, onKeyDown }: DockKeyboardOptions): KeyboardEventHandler<HTMLElement> {
  const api = useDockStoreApi();
  const painted = usePaintedStep(api);
  return useMemo(
    () =>
      (event: KeyboardEvent<HTMLElement>) => {
        // The consumer's handler runs first; calling preventDefault there skips the dock's keys. A default already
        // prevented further down the tree (a Radix radio prevents Enter) does not count as opting out.
        const before = event.defaultPrevented;
        onKeyDown?.(event);
        if (!before && event.defaultPrevented) return;
        const state = api.getState();
        const record = activeRecord(state);
        if (!record || state.collapsed) return;
        // In the stepper, keys pressed on the panel itself act on the question on screen.
        const question = questionFor(record, event.target, mode === "stepper" ? state.views.get(record.id)?.step : undefined);
        const { key, ctrlKey, altKey, metaKey, shiftKey, keyCode, target } = event;
        const intent = keyboardIntent(
          { key, ctrlKey, altKey, metaKey, shiftKey, keyCode, target, isComposing: event.nativeEvent.isComposing },
          {
            optionCount: question?.options.length ?? 0,
            hasOther: question?.isOther === true,
            // Read only for arrows: it costs a style lookup, and no other key depends on it.
            direction: event.key.startsWith("Arrow") ? inlineDirectionOf(event.target instanceof Element ? event.target : event.currentTarget) : undefined,
          },
        );
        if (!intent) return;
        event.preventDefault();
        if (intent.type === "collapse") onCollapse();
        else if (intent.type === "request") {
          if (intent.delta === 1) state.actions.nextRequest();
          else state.actions.previousRequest();
        }
        // A held chord's auto-repeat and a key for a step not yet on screen are dropped (see sawCurrentStep).
        else if (intent.type === "continue") {
          if (!event.repeat && sawCurrentStep(painted.current, state, record, event.target, mode)) continueRequest(state, record.id, mode);
        } else if (intent.type === "focusOther" && question) {
          // Its digit chooses Other, kept text included, even where focus does not move (the field had it already).
          state.actions.chooseOther(record.id, question.questionId);
          focusOther(event.currentTarget, question.questionId);
        }
        else if (intent.type === "pick" && question) {
          const label = question.options[intent.index]?.label;
          // The store's select flips an option of a multi-select question.
          if (label !== undefined) state.actions.select(record.id, question.questionId, label, intent.index);
        }
      },
    [api, painted, mode, onCollapse, onKeyDown],
  );
}
