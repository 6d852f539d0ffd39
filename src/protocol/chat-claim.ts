// The gateway claims a chat reply to an agent run's waiting question as its answer; the kit reads it alike.
import type { QuestionAnswers } from "./answers";
import { entryOf, idTable } from "./id-table";
import type { GatewayQuestion, QuestionRecord } from "./question-record";

/** The `resolvedBy` the gateway writes when a chat reply answered the question. */
export const PLAIN_TEXT_RESOLVER = "plain-text";

/** True when the gateway claims a chat message in the record's session as its answer: only an agent run's question. */
export function isClaimedByChat(record: QuestionRecord): boolean {
  return record.runId !== undefined && record.sessionKey !== undefined;
}

function optionOf(text: string, q: GatewayQuestion): string | undefined {
  const trimmed = text.trim();
  const numbered = /^\d+$/.test(trimmed) ? q.options[Number(trimmed) - 1] : undefined;
  return (numbered ?? q.options.find((o) => o.label.toLowerCase() === trimmed.toLowerCase()))?.label;
}

function valueOf(text: string, q: GatewayQuestion): string | undefined {
  const takesText = q.options.length === 0 || q.isOther;
  return optionOf(text, q) ?? (takesText ? text.trim() || undefined : undefined);
}

function valuesOf(text: string, q: GatewayQuestion): string[] {
  // A label that itself holds a comma is still one choice.
  const whole = q.multiSelect ? optionOf(text, q) : valueOf(text, q);
  if (whole !== undefined || !q.multiSelect) return whole === undefined ? [] : [whole];
  const parts = text.split(/[,;\n]/u).map((part) => valueOf(part, q)).filter((v): v is string => v !== undefined);
  return [...new Set(parts)];
}

function keyedLines(text: string): Map<string, string> {
  const keyed = new Map<string, string>();
  for (const line of text.split(/\r?\n/)) {
    const m = /^\s*([^:=-]+?)\s*[:=-]\s*(.+?)\s*$/.exec(line);
    const key = m?.[1]?.trim().toLowerCase();
    const value = m?.[2]?.trim();
    if (key && value && !keyed.has(key)) keyed.set(key, value);
  }
  return keyed;
}

/** The answers the gateway will record for a chat reply, by its rules; an unanswered question gets an empty list. */
export function readChatClaim(record: Pick<QuestionRecord, "questions">, text: string): QuestionAnswers {
  const answers = idTable<string[]>();
  const { questions } = record;
  const keyed = keyedLines(text);
  const lines = text.split(/\r?\n/).map((line) => line.trim());
  questions.forEach((q, i) => {
    // A prompt of one question takes the whole reply as its answer.
    const answer = questions.length === 1 ? text : keyed.get(q.questionId.toLowerCase()) ?? keyed.get(q.header.toLowerCase()) ?? keyed.get(q.question.toLowerCase()) ?? keyed.get(String(i + 1)) ?? lines[i] ?? "";
    answers[q.questionId] = answer ? valuesOf(answer, q) : [];
  });
  return { answers };
}

/** The questions a claimed reply leaves without an answer; the gateway refuses the reply while any remain. */
export function unansweredByClaim(record: Pick<QuestionRecord, "questions">, answers: QuestionAnswers): GatewayQuestion[] {
  return record.questions.filter((q) => (entryOf(answers.answers, q.questionId) ?? []).length === 0);
}
