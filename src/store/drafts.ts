import { idTable, withEntry, type GatewayQuestion, type QuestionRecord } from "../protocol";
import { draftOf, lastStep } from "./selectors";
import type { QuestionDraft, RequestView } from "./types";

// Shared by every new view: drafts change only through copies (withEntry), so one frozen empty table will do.
const NO_DRAFTS = Object.freeze(idTable<QuestionDraft>());

/** A fresh view for a request that just arrived. */
export function newView(): RequestView {
  return { step: 0, drafts: NO_DRAFTS, editedAt: 0 };
}

function withDraft(view: RequestView, questionId: string, draft: QuestionDraft, now: number): RequestView {
  return { ...view, drafts: withEntry(view.drafts, questionId, draft), editedAt: now };
}

/** Single-select: the choice replaces any other and becomes the answer; typed Other text is kept, not chosen, for later. */
export function selectOption(view: RequestView, q: GatewayQuestion, label: string, now: number): RequestView {
  if (!q.options.some((o) => o.label === label)) return view;
  if (q.multiSelect) return toggleOption(view, q, label, now);
  const draft = draftOf(view, q.questionId);
  return withDraft(view, q.questionId, { selected: [label], other: draft.other }, now);
}

/** Single-select: makes the kept Other text the answer again by clearing the choice; nothing changes without typed text. */
export function chooseOtherText(view: RequestView, q: GatewayQuestion, now: number): RequestView {
  const draft = draftOf(view, q.questionId);
  if (q.multiSelect || !q.isOther || draft.other.trim() === "" || draft.selected.length === 0) return view;
  return withDraft(view, q.questionId, { selected: [], other: draft.other }, now);
}

/** Multi-select: flips one option; typed text is kept beside the choices. */
export function toggleOption(view: RequestView, q: GatewayQuestion, label: string, now: number): RequestView {
  if (!q.options.some((o) => o.label === label)) return view;
  const draft = draftOf(view, q.questionId);
  if (!q.multiSelect) return selectOption(view, q, label, now);
  const selected = draft.selected.includes(label) ? draft.selected.filter((l) => l !== label) : [...draft.selected, label];
  return withDraft(view, q.questionId, { ...draft, selected }, now);
}

/** Stores typed text as text, even when it equals an option label; in single-select it clears the choice. */
export function setOtherText(view: RequestView, q: GatewayQuestion, text: string, now: number): RequestView {
  const draft = draftOf(view, q.questionId);
  // The same array while the choice stays as it was, so a view of the options does not render again per keystroke.
  const selected = !q.multiSelect && text.trim() !== "" && draft.selected.length > 0 ? [] : draft.selected;
  return withDraft(view, q.questionId, { selected, other: text }, now);
}

/** Moves to a step, clamped to the prompt's steps (the review step included). */
export function withStep(view: RequestView, record: QuestionRecord, step: number): RequestView {
  const clamped = Math.max(0, Math.min(lastStep(record), Math.trunc(step)));
  return clamped === view.step ? view : { ...view, step: clamped };
}
