import type { QuestionAnswers } from "./answers";
import { entryOf } from "./id-table";
import type { QuestionRecord } from "./question-record";
import type { ValidationIssue } from "./result";

/**
 * Checks an answer against its record the way the gateway does: every question answered,
 * one value for single-select, and free text only where the question accepts it.
 */
export function checkAnswers(record: QuestionRecord, envelope: QuestionAnswers): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  const known = new Set(record.questions.map((q) => q.questionId));
  for (const key of Object.keys(envelope.answers)) {
    if (!known.has(key)) issues.push({ path: `answers.${key}`, message: "answers a question this record does not have" });
  }
  for (const q of record.questions) {
    const path = `answers.${q.questionId}`;
    const values = entryOf(envelope.answers, q.questionId);
    if (!values || values.length === 0) {
      issues.push({ path, message: "needs an answer" });
      continue;
    }
    if (!q.multiSelect && values.length > 1) issues.push({ path, message: "does not allow multiple answers" });
    const labels = new Set(q.options.map((o) => o.label));
    for (const v of values) {
      if (v.trim() === "") issues.push({ path, message: "contains an empty answer" });
      else if (!labels.has(v) && !q.isOther) issues.push({ path, message: `contains an unknown option: ${JSON.stringify(v)}` });
    }
    if (new Set(values).size !== values.length) issues.push({ path, message: "repeats a value" });
  }
  return issues;
}
