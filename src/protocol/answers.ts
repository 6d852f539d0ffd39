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
  return keys.every((k) => {
    const x = entryOf(a.answers, k);
    const y = entryOf(b.answers, k);
    if (!x || !y || x.length !== y.length) return false;
    const sorted = [...y].sort();
    return [...x].sort().every((v, i) => v === sorted[i]);
  });
}
