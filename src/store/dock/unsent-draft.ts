import { idTable, type IdTable } from "../../protocol/id-table";
import { isSecretQuestion, type QuestionRecord } from "../../protocol/question-record";
import type { OutcomeKind, QuestionDraft, RequestView } from "./state";

// The ends that take a question away from a person who may have been mid-answer: what they had is shown
// in the summary (with Copy) so it can reach the agent another way, or, for a retired async question, be reopened.
// A skip or an answer needs no such copy.
const KEEPS_UNSENT: ReadonlySet<OutcomeKind> = new Set(["unavailable", "expired", "cancelled", "retired"]);

/** The non-empty, non-secret drafts of a request that left without the person's answer, or undefined. */
export function unsentDraft(record: QuestionRecord, view: RequestView | undefined, kind: OutcomeKind): IdTable<QuestionDraft> | undefined {
  if (!view || !KEEPS_UNSENT.has(kind)) return undefined;
  const kept = idTable<QuestionDraft>();
  for (const q of record.questions) {
    const draft = Object.hasOwn(view.drafts, q.questionId) ? view.drafts[q.questionId] : undefined;
    // A secret never outlives its field: it is neither shown again nor copied.
    if (!draft || isSecretQuestion(q) || (draft.selected.length === 0 && draft.other.trim() === "")) continue;
    kept[q.questionId] = { selected: [...draft.selected], other: draft.other };
  }
  return Object.keys(kept).length > 0 ? kept : undefined;
}
