import { useCallback } from "react";
import type { GatewayQuestion, QuestionRecord } from "../protocol";
import { useDockStore, useDockStoreApi } from "./dock-context";
import { draftOf, hasReviewStep, isAnswered, valuesOf } from "../store/selectors";
import type { RequestView, Submission } from "../store/types";
import { primaryAction, type PrimaryAction, type PromptMode } from "./primary-action";

/** One request's stepper: the current step, its progress, and the navigation a view wires to buttons. */
export interface QuestionStepState {
  record: QuestionRecord;
  view: RequestView | undefined;
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
  /** Per question, the values its draft answers with so far. */
  values: string[][];
  primary: PrimaryAction;
  submission: Submission;
  busy: boolean;
  goTo(step: number): void;
  back(): void;
  /** Runs the primary action when it is ready: Next, or Submit on the last step. */
  continueStep(): void;
  skip(): void;
}

const IDLE: Submission = { status: "idle" };

/** Stepper state and navigation for one pending request; returns undefined once the request has left. */
export function useQuestionStep(requestId: string, mode: PromptMode = "stepper"): QuestionStepState | undefined {
  const api = useDockStoreApi();
  const record = useDockStore((s) => s.records[requestId]);
  const view = useDockStore((s) => s.views[requestId]);
  const submission = useDockStore((s) => s.submissions[requestId] ?? IDLE);
  const actions = useDockStore((s) => s.actions);
  const goTo = useCallback((step: number) => actions.goToStep(requestId, step), [actions, requestId]);
  const back = useCallback(() => actions.back(requestId), [actions, requestId]);
  const skip = useCallback(() => void actions.skip(requestId), [actions, requestId]);
  const continueStep = useCallback(() => continueRequest(api.getState(), requestId, mode), [api, requestId, mode]);
  if (!record) return undefined;
  const step = view?.step ?? 0;
  const questionCount = record.questions.length;
  return {
    record,
    view,
    step,
    questionCount,
    question: record.questions[step],
    isReview: hasReviewStep(record) && step >= questionCount,
    hasStepper: questionCount > 1,
    answered: record.questions.map((q) => isAnswered(q, view)),
    values: record.questions.map((q) => valuesOf(q, draftOf(view, q.questionId))),
    primary: primaryAction(record, view, mode),
    submission,
    busy: submission.status === "submitting" || submission.status === "uncertain",
    goTo,
    back,
    continueStep,
    skip,
  };
}

/** Runs a request's primary action against the store's current state; does nothing while it is not ready. */
export function continueRequest(
  state: { records: Record<string, QuestionRecord>; views: Record<string, RequestView>; actions: { next(id: string): void; submit(id: string): Promise<void> } },
  requestId: string,
  mode: PromptMode,
): void {
  const record = state.records[requestId];
  if (!record) return;
  const action = primaryAction(record, state.views[requestId], mode);
  if (!action.ready) return;
  if (action.kind === "next") state.actions.next(requestId);
  else void state.actions.submit(requestId);
}
