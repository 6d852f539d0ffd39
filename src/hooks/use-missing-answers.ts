import { useCallback, useEffect, useMemo, type RefObject } from "react";
import type { GatewayQuestion } from "../protocol/question-record";
import type { Submission } from "../store/dock/state";
import { QUESTION_ATTR } from "./use-dock-keyboard";
import { focusFirstControl } from "./use-prompt-focus";
import { useStepNavigation } from "./use-question-step";

/** A question a submit found without an answer, with its 1-based place in the request. */
export interface MissingQuestion {
  question: GatewayQuestion;
  index: number;
}

/** What a stacked prompt says after a submit with open questions, and the way to the first of them. */
export interface MissingAnswersState {
  /** The questions still without an answer, in order; empty until a submit attempt found some, and once all have one. */
  missing: MissingQuestion[];
  /** Moves focus into the first open question's group (its chosen or first control). */
  focusFirst(): void;
}

// Each refused submit moves focus once: a view that mounts again (a collapse and expand) must not pull it again.
const focusedFor = new WeakSet<Submission>();

/** Focuses the answer controls of one question card inside `panel`; ids come from the gateway, so no selector is built from them. */
export function focusQuestion(panel: HTMLElement, questionId: string): void {
  const card = Array.from(panel.querySelectorAll<HTMLElement>(`[${QUESTION_ATTR}]`)).find((el) => el.getAttribute(QUESTION_ATTR) === questionId);
  if (card) focusFirstControl(card);
}

/**
 * The open questions of a stacked prompt once a submit (the Submit button or Ctrl/Cmd+Enter) found some, kept
 * current as they get answers; each such attempt moves focus to the first of them, inside `panelRef`.
 */
export function useMissingAnswers(requestId: string, panelRef: RefObject<HTMLElement | null>): MissingAnswersState {
  const nav = useStepNavigation(requestId, "stacked");
  const submission = nav?.submission;
  const refused = submission?.status === "error" && submission.code === "unanswered";
  const questions = nav?.record.questions;
  const answered = nav?.answered;
  const missing = useMemo(
    () => (refused && questions && answered ? questions.flatMap((question, i) => (answered[i] ? [] : [{ question, index: i + 1 }])) : []),
    [refused, questions, answered],
  );
  const firstId = missing[0]?.question.questionId;
  const focusFirst = useCallback(() => {
    if (panelRef.current && firstId !== undefined) focusQuestion(panelRef.current, firstId);
  }, [panelRef, firstId]);
  useEffect(() => {
    if (!refused || !submission || focusedFor.has(submission)) return;
    focusedFor.add(submission);
    focusFirst();
  }, [refused, submission, focusFirst]);
  return { missing, focusFirst };
}
