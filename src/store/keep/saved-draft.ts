// The one saved form of a draft, blocking and async alike: what storage keeps, other tabs receive, an outbox entry
// holds for Discard, and a question page reads back. Secret questions never enter it.
import { withEntry } from "../../protocol/id-table";
import { isSecretQuestion, type QuestionRecord } from "../../protocol/question-record";
import { sendableText } from "../../protocol/sendable-text";
import { withStep } from "../dock/drafts";
import { draftOf } from "../dock/selectors";
import type { QuestionDraft, RequestView, SavedAnswer, SavedDraft } from "../dock/state";

const isStr = (v: unknown): v is string => typeof v === "string";

/** True for something shaped like a question's draft: typed text and chosen labels. */
export function isQuestionDraft(value: unknown): value is QuestionDraft {
  const d = value as Partial<QuestionDraft> | null;
  return typeof d === "object" && d !== null && isStr(d.other) && Array.isArray(d.selected) && d.selected.every(isStr);
}

const isAnswer = (value: unknown): value is SavedAnswer => isQuestionDraft(value) && isStr((value as Partial<SavedAnswer>).questionId);

/** True for a well-formed saved draft; storage and other tabs may hold anything. */
export function isSavedDraft(value: unknown): value is SavedDraft {
  const d = value as Partial<SavedDraft> | null;
  return (
    typeof d === "object" && d !== null && isStr(d.requestId) && typeof d.step === "number" && Number.isFinite(d.step) && typeof d.updatedAt === "number" &&
    (d.expiresAtMs === undefined || typeof d.expiresAtMs === "number") && Array.isArray(d.answers) && d.answers.every(isAnswer)
  );
}

/** The saved form of a request's view; secret questions are left out entirely. */
export function savedDraftOf(record: QuestionRecord, view: RequestView | undefined, now: number): SavedDraft {
  return {
    requestId: record.id,
    step: view?.step ?? 0,
    answers: record.questions
      .filter((q) => !isSecretQuestion(q))
      .map((q) => {
        const d = draftOf(view, q.questionId);
        return { questionId: q.questionId, selected: [...d.selected], other: d.other, ...(d.positions ? { positions: [...d.positions] } : {}) };
      }),
    edited: (view?.editedAt ?? 0) > 0,
    ...(Number.isFinite(record.expiresAtMs) ? { expiresAtMs: record.expiresAtMs } : {}),
    updatedAt: now,
  };
}

/** The view with a saved draft filled in: only what can be sent, for questions the record has, with choices it offers. */
export function viewWithSaved(record: QuestionRecord, view: RequestView, saved: SavedDraft): RequestView {
  let drafts = view.drafts;
  for (const answer of saved.answers) {
    const q = record.questions.find((x) => x.questionId === answer.questionId);
    if (!q || isSecretQuestion(q)) continue;
    const offered = answer.selected.filter((label) => q.options.some((o) => o.label === label));
    const selected = q.multiSelect ? [...new Set(offered)] : offered.slice(0, 1);
    // Positions come from storage or another tab: only whole numbers are taken, and chosenPositions checks the rest.
    const positions = Array.isArray(answer.positions) && answer.positions.every(Number.isInteger) && selected.length === offered.length ? { positions: [...answer.positions] } : {};
    const next: QuestionDraft = { selected, other: q.isOther ? sendableText(answer.other).text : "", ...positions };
    drafts = withEntry(drafts, q.questionId, next);
  }
  return withStep({ ...view, drafts, editedAt: saved.edited ? saved.updatedAt : view.editedAt }, record, saved.step);
}
