import { entryOf, idTable, type GatewayQuestion, type QuestionAnswers, type QuestionRecord } from "../protocol";
import type { DockState, QuestionDraft, RequestView } from "./types";

const EMPTY_DRAFT: QuestionDraft = { selected: [], other: "" };

/** The draft of one question, or an empty one. */
export function draftOf(view: RequestView | undefined, questionId: string): QuestionDraft {
  return entryOf(view?.drafts, questionId) ?? EMPTY_DRAFT;
}

/** The values a draft answers with: single-select is the choice or the typed text; multi-select is both. */
export function valuesOf(question: GatewayQuestion, draft: QuestionDraft): string[] {
  const typed = question.isOther ? draft.other.trim() : "";
  if (!question.multiSelect) {
    const choice = draft.selected[0];
    if (choice !== undefined) return [choice];
    return typed ? [typed] : [];
  }
  const values = question.options.map((o) => o.label).filter((l) => draft.selected.includes(l));
  return typed && !values.includes(typed) ? [...values, typed] : values;
}

/** True when the question has at least one value to send. */
export function isAnswered(question: GatewayQuestion, view: RequestView | undefined): boolean {
  return valuesOf(question, draftOf(view, question.questionId)).length > 0;
}

/** Builds the answer envelope for a request, or undefined while any question is unanswered. */
export function answersFor(record: QuestionRecord, view: RequestView | undefined): QuestionAnswers | undefined {
  const answers = idTable<string[]>();
  for (const q of record.questions) {
    const values = valuesOf(q, draftOf(view, q.questionId));
    if (values.length === 0) return undefined;
    answers[q.questionId] = values;
  }
  return { answers };
}

/** True when a prompt shows the review step: only multi-question prompts have one. */
export function hasReviewStep(record: QuestionRecord): boolean {
  return record.questions.length > 1;
}

/** The last step index: the review step for multi-question prompts, else the only question. */
export function lastStep(record: QuestionRecord): number {
  return hasReviewStep(record) ? record.questions.length : record.questions.length - 1;
}

/** The active pending record, if any. */
export function activeRecord(state: DockState): QuestionRecord | undefined {
  return state.activeId ? state.records.get(state.activeId) : undefined;
}

/** Position of the active request, 1-based, and the count of pending requests. */
export function requestPosition(state: DockState): { index: number; count: number } {
  return { index: state.activeId ? state.order.indexOf(state.activeId) + 1 : 0, count: state.order.length };
}
