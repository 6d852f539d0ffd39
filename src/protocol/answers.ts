import { entryOf } from "./id-table";

/** The protocol's answer envelope: per question id, the chosen values (always an array). */
export interface QuestionAnswers {
  answers: Record<string, string[]>;
}

/** True when two envelopes hold the same values for the same questions, order within a question ignored. */
export function sameAnswers(a: QuestionAnswers | undefined, b: QuestionAnswers | undefined): boolean {
  if (!a || !b) return false;
  const keys = Object.keys(a.answers);
  if (keys.length !== Object.keys(b.answers).length) return false;
  // Sorted, then compared as JSON: order within a question is ignored, and no two different lists read alike.
  const sorted = (values: string[] | undefined) => JSON.stringify(values && [...values].sort());
  return keys.every((k) => sorted(entryOf(a.answers, k)) === sorted(entryOf(b.answers, k)));
}
