import type { QuestionRecord } from "../protocol/question-record";
import { answersFor, draftOf, lastStep, valuesOf } from "../store/dock/selectors";
import type { RequestView } from "../store/dock/state";

/** How a prompt is laid out: one question at a time, or every question as a card. */
export type PromptMode = "stepper" | "stacked";

/** What the primary button (and Ctrl/Cmd+Enter) does now, and whether it can. */
export interface PrimaryAction {
  kind: "next" | "submit";
  /** False while the current question (or, for submit, any question) has no answer. */
  ready: boolean;
}

/** Decides the primary action: Next on every stepper step but the last, Submit on the last or in stacked mode. */
export function primaryAction(record: QuestionRecord, view: RequestView | undefined, mode: PromptMode): PrimaryAction {
  const step = view?.step ?? 0;
  if (mode === "stacked" || step >= lastStep(record)) return { kind: "submit", ready: answersFor(record, view) !== undefined };
  const question = record.questions[step];
  const ready = question !== undefined && valuesOf(question, draftOf(view, question.questionId)).length > 0;
  return { kind: "next", ready };
}
