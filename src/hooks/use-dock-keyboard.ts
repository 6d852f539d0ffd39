import { useMemo, type KeyboardEvent, type KeyboardEventHandler } from "react";
import type { GatewayQuestion, QuestionRecord } from "../protocol/question-record";
import { useDockStoreApi } from "./dock-context";
import { activeRecord } from "../store/dock/selectors";
import type { DockState } from "../store/dock/state";
import { composeEventHandlers } from "./compose-event-handlers";
import { inlineDirectionOf, keyboardIntent } from "./keyboard-intent";
import type { PromptMode } from "./primary-action";
import { shownStepKey, usePaintedStep, type PaintedStep } from "./use-painted-step";
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
      composeEventHandlers(onKeyDown, (event: KeyboardEvent<HTMLElement>) => {
        const state = api.getState();
        const record = activeRecord(state);
        if (!record || state.collapsed) return;
        // In the stepper, keys pressed on the panel itself act on the question on screen.
        const question = questionFor(record, event.target, mode === "stepper" ? state.views.get(record.id)?.step : undefined);
        const intent = keyboardIntent(
          {
            key: event.key,
            ctrlKey: event.ctrlKey,
            altKey: event.altKey,
            metaKey: event.metaKey,
            shiftKey: event.shiftKey,
            isComposing: event.nativeEvent.isComposing,
            keyCode: event.keyCode,
            target: event.target,
          },
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
      }),
    [api, painted, mode, onCollapse, onKeyDown],
  );
}
