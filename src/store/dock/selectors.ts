import { entryOf, idTable } from "../../protocol/id-table";
import type { GatewayQuestion, QuestionRecord } from "../../protocol/question-record";
import type { QuestionAnswers } from "../../protocol/answers";
import type { DockState, QuestionDraft, RequestView } from "./state";

const EMPTY_DRAFT: QuestionDraft = { selected: [], other: "" };

/** The draft of one question, or an empty one. */
export function draftOf(view: RequestView | undefined, questionId: string): QuestionDraft {
  return entryOf(view?.drafts, questionId) ?? EMPTY_DRAFT;
}

/** The chosen positions: as picked, or for a labels-only draft (storage, another tab) each label's first free one. */
export function chosenPositions(question: GatewayQuestion, draft: QuestionDraft): number[] {
  const { selected, positions } = draft;
  const matches = positions?.length === selected.length && positions.every((p, i) => question.options[p]?.label === selected[i]) && new Set(positions).size === positions.length;
  if (positions && matches) return positions;
  const taken: number[] = [];
  for (const label of selected) {
    const at = question.options.findIndex((o, i) => o.label === label && !taken.includes(i));
    if (at >= 0) taken.push(at);
  }
  return taken;
}

/** The values a draft answers with: single-select is the choice or the typed text; multi-select is both. */
export function valuesOf(question: GatewayQuestion, draft: QuestionDraft): string[] {
  const typed = question.isOther ? draft.other.trim() : "";
  if (!question.multiSelect) return draft.selected.length > 0 ? draft.selected.slice(0, 1) : typed ? [typed] : [];
  // In the options' order; a label the agent repeated is sent once, whichever of its options were checked.
  const chosen = chosenPositions(question, draft);
  const values = [...new Set(question.options.flatMap((o, i) => (chosen.includes(i) ? [o.label] : [])))];
  return typed && !values.includes(typed) ? [...values, typed] : values;
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
