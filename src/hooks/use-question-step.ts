import { useCallback } from "react";
import { useShallow } from "zustand/react/shallow";
import type { GatewayQuestion, QuestionRecord } from "../protocol/question-record";
import { useDockStore, useDockStoreApi } from "./dock-context";
import { answersFor, draftOf, hasReviewStep, lastStep, valuesOf } from "../store/dock/selectors";
import type { DockStore, RequestView, Submission } from "../store/dock/state";
import type { PromptMode } from "./use-layout-mode";
import { STEP_ATTR } from "./use-prompt-focus";

/** What the primary button (and Ctrl/Cmd+Enter) does now, and whether it can. */
export interface PrimaryAction {
  kind: "next" | "submit";
  /** False while the current question (or, for submit, any question) has no answer. */
  ready: boolean;
}

/** One request's place in its steps and the navigation a view wires to buttons; nothing of the typed text. */
export interface StepNavigationState {
  record: QuestionRecord;
  /** 0-based; equal to `questionCount` on the review step. */
  step: number;
  questionCount: number;
  /** The question on screen; undefined on the review step. */
  question: GatewayQuestion | undefined;
  isReview: boolean;
  /** False for a single-question prompt, which shows no progress, no Back and no review. */
  hasStepper: boolean;
  /** Per question, whether it has an answer yet. */
  answered: boolean[];
  primary: PrimaryAction;
  submission: Submission;
  busy: boolean;
  goTo(step: number): void;
  back(): void;
  /** Runs the primary action when it is ready: Next, or Submit on the last step. */
  continueStep(): void;
  skip(): void;
}

/** One request's stepper: its navigation, and the draft's values per question. */
export interface QuestionStepState extends StepNavigationState {
  view: RequestView | undefined;
  /** Per question, the values its draft answers with so far. */
  values: string[][];
  /** Spread on the review step's element: focus lands on it when the step appears. */
  reviewProps: { tabIndex: -1; [attribute: `data-${string}`]: string };
}

const IDLE: Submission = { status: "idle" };

function primaryAction(record: QuestionRecord, view: RequestView | undefined, mode: PromptMode): PrimaryAction {
  const step = view?.step ?? 0;
  if (mode === "stacked" || step >= lastStep(record)) return { kind: "submit", ready: answersFor(record, view) !== undefined };
  const question = record.questions[step];
  return { kind: "next", ready: question !== undefined && valuesOf(question, draftOf(view, question.questionId)).length > 0 };
}

/** Step, progress and navigation of one pending request; renders only when these change, never per keystroke. */
export function useStepNavigation(requestId: string, mode: PromptMode = "stepper"): StepNavigationState | undefined {
  const api = useDockStoreApi();
  const record = useDockStore((s) => s.records.get(requestId));
  const submission = useDockStore((s) => s.submissions.get(requestId) ?? IDLE);
  const actions = useDockStore((s) => s.actions);
  const step = useDockStore((s) => s.views.get(requestId)?.step ?? 0);
  // Compared shallowly, never the view itself: it changes with every keystroke of typed text.
  const answered = useDockStore(
    useShallow((s) => {
      const view = s.views.get(requestId);
      return s.records.get(requestId)?.questions.map((q) => valuesOf(q, draftOf(view, q.questionId)).length > 0) ?? [];
    }),
  );
  const primary = useDockStore(
    useShallow((s): PrimaryAction => {
      const rec = s.records.get(requestId);
      return rec ? primaryAction(rec, s.views.get(requestId), mode) : { kind: "submit", ready: false };
    }),
  );
  const goTo = useCallback((to: number) => actions.goToStep(requestId, to), [actions, requestId]);
  const back = useCallback(() => actions.back(requestId), [actions, requestId]);
  const skip = useCallback(() => void actions.skip(requestId), [actions, requestId]);
  const continueStep = useCallback(() => continueRequest(api.getState(), requestId, mode), [api, requestId, mode]);
  if (!record) return undefined;
  const questionCount = record.questions.length;
  return {
    record,
    step,
    questionCount,
    question: record.questions[step],
    isReview: hasReviewStep(record) && step >= questionCount,
    hasStepper: questionCount > 1,
    answered,
    primary,
    submission,
    busy: submission.status === "submitting" || submission.status === "uncertain",
    goTo,
    back,
    continueStep,
    skip,
  };
}

/** Stepper state, navigation and the draft's values for one pending request; undefined once the request has left. */
export function useQuestionStep(requestId: string, mode: PromptMode = "stepper"): QuestionStepState | undefined {
  const navigation = useStepNavigation(requestId, mode);
  const view = useDockStore((s) => s.views.get(requestId));
  if (!navigation) return undefined;
  const values = navigation.record.questions.map((q) => valuesOf(q, draftOf(view, q.questionId)));
  return { ...navigation, view, values, reviewProps: { tabIndex: -1, [STEP_ATTR]: "" } };
}

/** Runs a request's primary action when ready; stacked cards submit early so the store names the open questions. */
export function continueRequest(state: Pick<DockStore, "records" | "views" | "actions">, requestId: string, mode: PromptMode): void {
  const record = state.records.get(requestId);
  if (!record) return;
  const action = primaryAction(record, state.views.get(requestId), mode);
  if (action.ready && action.kind === "next") state.actions.next(requestId);
  else if (action.ready || mode === "stacked") void state.actions.submit(requestId);
}
