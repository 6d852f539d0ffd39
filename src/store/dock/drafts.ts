import { idTable, withEntry } from "../../protocol/id-table";
import { isSecretQuestion, type GatewayQuestion, type QuestionRecord } from "../../protocol/question-record";
import { chosenPositions, draftOf, lastStep } from "./selectors";
import type { QuestionDraft, RequestView, SavedDraft } from "./state";

const NO_DRAFTS = Object.freeze(idTable<QuestionDraft>());

/** A fresh view for a request that just arrived. */
export const newView = (): RequestView => ({ step: 0, drafts: NO_DRAFTS, editedAt: 0 });

function withDraft(view: RequestView, questionId: string, draft: QuestionDraft, now: number): RequestView {
  return { ...view, drafts: withEntry(view.drafts, questionId, draft), editedAt: now };
}

// Positions are written only where a chosen label repeats; elsewhere the labels alone say which options are chosen.
function chosen(q: GatewayQuestion, positions: number[], other: string): QuestionDraft {
  const selected = positions.map((p) => q.options[p]!.label);
  const repeats = selected.some((label) => q.options.filter((o) => o.label === label).length > 1);
  return repeats ? { selected, other, positions } : { selected, other };
}

/** Picks an option: single-select makes it the answer (typed Other text kept for later); multi-select flips it. */
export function selectOption(view: RequestView, q: GatewayQuestion, label: string, now: number, index?: number): RequestView {
  // The option a pick means: the one at `index` when it holds the label, else the first that does (-1 for none).
  const at = index !== undefined && q.options[index]?.label === label ? index : q.options.findIndex((o) => o.label === label);
  if (at < 0) return view;
  const draft = draftOf(view, q.questionId);
  const before = q.multiSelect ? chosenPositions(q, draft) : [];
  const positions = before.includes(at) ? before.filter((p) => p !== at) : [...before, at];
  return withDraft(view, q.questionId, chosen(q, positions, draft.other), now);
}

/** Single-select: makes the kept Other text the answer again by clearing the choice; no-op without typed text. */
export function chooseOtherText(view: RequestView, q: GatewayQuestion, now: number): RequestView {
  const draft = draftOf(view, q.questionId);
  if (q.multiSelect || !q.isOther || draft.other.trim() === "" || draft.selected.length === 0) return view;
  return withDraft(view, q.questionId, { selected: [], other: draft.other }, now);
}

/** Stores typed text as text, even when it equals an option label; in single-select it clears the choice. */
export function setOtherText(view: RequestView, q: GatewayQuestion, text: string, now: number): RequestView {
  const draft = draftOf(view, q.questionId);
  // The same array while the choice stays as it was, so a view of the options does not render again per keystroke.
  const cleared = !q.multiSelect && text.trim() !== "" && draft.selected.length > 0;
  return withDraft(view, q.questionId, cleared ? { selected: [], other: text } : { ...draft, other: text }, now);
}

/** Moves to a step, clamped to the prompt's steps (the review step included). */
export function withStep(view: RequestView, record: QuestionRecord, step: number): RequestView {
  const clamped = Math.max(0, Math.min(lastStep(record), Math.trunc(step)));
  return clamped === view.step ? view : { ...view, step: clamped };
}

/** The one saved form of a request's view, blocking and async alike (kept, shared, held for Discard); secrets left out. */
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
