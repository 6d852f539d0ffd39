// A saved draft brought back into the dock's view: an async question's from the outbox's storage or a reopen, a
// blocking request's from its storage or another pane. The reducer applies them; the links only say one arrived.
import { idTable, withEntry } from "../../protocol/id-table";
import { isSecretQuestion, type QuestionRecord } from "../../protocol/question-record";
import { sendableText } from "../../protocol/sendable-text";
import type { AsyncDraft } from "../outbox/types";
import type { BlockingDraft } from "../persist/blocking-draft-types";
import { withStep } from "./drafts";
import type { QuestionDraft, RequestView } from "./types";

/** The question id the dock gives the `index`th question of an async delivery, which has none of its own. */
export const asyncQuestionKey = (index: number) => `q${index}`;

/** The view a saved async draft brings back, as it was typed. */
export function viewOfAsyncDraft(draft: AsyncDraft): RequestView {
  // Positions come from storage or another tab: only whole numbers are taken, and chosenPositions checks the rest.
  const positionsOf = (p: unknown) => (Array.isArray(p) && p.every(Number.isInteger) ? { positions: [...(p as number[])] } : {});
  const drafts = idTable<QuestionDraft>(draft.answers.map((a, i) => [asyncQuestionKey(i), { selected: [...a.selected], other: a.other, ...positionsOf(a.positions) }]));
  return { step: 0, drafts, editedAt: draft.edited ? draft.updatedAt : 0 };
}

/** The view with a saved blocking draft filled in: only what can be sent, for questions the record has, with choices it offers; secret answers are never taken in. */
export function viewWithBlockingDraft(record: QuestionRecord, view: RequestView, saved: BlockingDraft): RequestView {
  let drafts = view.drafts;
  for (const answer of saved.answers) {
    const q = record.questions.find((x) => x.questionId === answer.questionId);
    if (!q || isSecretQuestion(q)) continue;
    const offered = answer.selected.filter((label) => q.options.some((o) => o.label === label));
    const selected = q.multiSelect ? [...new Set(offered)] : offered.slice(0, 1);
    const next: QuestionDraft = { selected, other: q.isOther ? sendableText(answer.other).text : "" };
    drafts = withEntry(drafts, q.questionId, next);
  }
  return withStep({ ...view, drafts }, record, saved.step);
}
