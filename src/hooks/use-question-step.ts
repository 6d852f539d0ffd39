import { useCallback } from "react";
import { useShallow } from "zustand/react/shallow";
import type { GatewayQuestion, QuestionRecord } from "../protocol/question-record";
import { useDockActions, useDockStore, useDockStoreApi } from "./dock-context";
import { isBusy } from "../store/dock/dock-reducer";
import { answersFor, draftOf, hasReviewStep, lastStep, valuesOf } from "../store/dock/selectors";
import type { DockStore, RequestView, Submission } from "../store/dock/state";
import type { PromptMode } from "./use-layout-mode";
import { useWords } from "./use-messages";
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

function primaryAction(s: Pick<DockStore, "records" | "views">, requestId: string, mode: PromptMode): PrimaryAction {
  const record = s.records.get(requestId);
  if (!record) return { kind: "submit", ready: false };
  const view = s.views.get(requestId);
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
  const actions = useDockActions();
  const step = useDockStore((s) => s.views.get(requestId)?.step ?? 0);
  // Compared shallowly, never the view itself: it changes with every keystroke of typed text.
  const answered = useDockStore(
    useShallow((s) => {
      const view = s.views.get(requestId);
      return s.records.get(requestId)?.questions.map((q) => valuesOf(q, draftOf(view, q.questionId)).length > 0) ?? [];
    }),
  );
  const primary = useDockStore(useShallow((s) => primaryAction(s, requestId, mode)));
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
    busy: isBusy(submission),
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
  if (!state.records.has(requestId)) return;
  const action = primaryAction(state, requestId, mode);
  if (action.ready && action.kind === "next") state.actions.next(requestId);
  else if (action.ready || mode === "stacked") void state.actions.submit(requestId);
}

/** Props for one of the footer's buttons, its words included as `children`. */
export interface FooterButtonProps {
  type: "button";
  children: string;
  /** Set while the button cannot act; it stays focusable, so the keyboard does not lose its place. */
  "aria-disabled": true | undefined;
  onClick: (() => void) | undefined;
  "aria-keyshortcuts"?: string;
}

/** What `useFooterButtons` gives: Submit or Next, Back, Skip, and the words of the submit state. */
export interface FooterButtons {
  /** Next on a stepper's earlier steps, else Submit; Ctrl/Cmd+Enter runs it through the dock root. */
  primaryProps: FooterButtonProps;
  /** Undefined where there is no step to go back to. */
  backProps: FooterButtonProps | undefined;
  skipProps: FooterButtonProps;
  busy: boolean;
  /** "Sending…" or the like while a submit or skip is under way. */
  status: string | undefined;
  /** Why the last submit or skip failed. */
  error: string | undefined;
}

/** The footer's buttons of one request as props to spread; undefined once the request has left. */
export function useFooterButtons(requestId: string, mode: PromptMode = "stepper"): FooterButtons | undefined {
  const s = useStepNavigation(requestId, mode);
  const m = useWords().messages;
  if (!s) return undefined;
  const disabled = s.busy || undefined;
  // In stacked cards an early Submit still acts: it names the open questions and moves focus to the first.
  const acts = !s.busy && (s.primary.ready || mode === "stacked");
  const { submission } = s;
  const skipping = "kind" in submission && submission.kind === "skip";
  const checking = submission.status === "uncertain" && m.footer.checking({ action: skipping ? "skip" : "answer" });
  // Stacked cards name the open questions above the footer (`Missing`), so the footer does not say it again.
  const error = submission.status === "error" && !(mode === "stacked" && submission.code === "unanswered") ? submission : undefined;
  return {
    primaryProps: {
      type: "button",
      children: s.primary.kind === "next" ? m.footer.next : m.footer.submit,
      "aria-disabled": s.busy || !s.primary.ready || undefined,
      "aria-keyshortcuts": "Control+Enter Meta+Enter",
      onClick: acts ? s.continueStep : undefined,
    },
    backProps: mode === "stepper" && s.hasStepper && s.step > 0 ? { type: "button", children: m.footer.back, "aria-disabled": disabled, onClick: s.back } : undefined,
    skipProps: { type: "button", children: m.footer.skip, "aria-disabled": disabled, onClick: s.busy ? undefined : s.skip },
    busy: s.busy,
    status: s.busy ? checking || (skipping ? m.footer.skipping : m.footer.sending) : undefined,
    error: error && m.submitError({ action: error.kind, code: error.code, ...(error.detail === undefined ? {} : { detail: error.detail }) }),
  };
}
