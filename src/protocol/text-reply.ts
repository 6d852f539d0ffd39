import type { QuestionAnswers } from "./answers";
import { idTable } from "./id-table";
import { checkAnswers, isSecretQuestion, type GatewayQuestion, type QuestionRecord } from "./question-record";
import { DEFAULT_SKIP_WORD, displayLabel, quoteReply, readChoices, readSkip } from "./reply-choices";
import { sendableText } from "./sendable-text";

/** What a plain-text reply to a prompt means: answers for `question.resolve`, a skip, or why it cannot be read. */
export type TextReplyResult = { ok: true; answers: QuestionAnswers; skip?: never } | { ok: true; skip: true; answers?: never } | { ok: false; reason: string };

/** Options of `parseTextReply`. */
export interface TextReplyOptions {
  /** Words that decline the whole prompt, compared ignoring case; the prompt text names the first. @default ["skip"] */
  skipWords?: readonly string[];
}

// "2: x" answers question 2; with one question "1:30" reads as a time, so there the colon must not sit between digits.
const NUMBERED_LINE = /^(\d+)\s*[:：]\s*(.*)$/s;
const TIME_LIKE = /^\d+\s*[:：]\d/;

type Line = { number?: number; text: string };

const fail = (reason: string): TextReplyResult => ({ ok: false, reason });

function titleOf(q: GatewayQuestion, index: number): string {
  const header = displayLabel(q.header);
  return header ? `Question ${index + 1} (${header})` : `Question ${index + 1}`;
}

function readLine(raw: string, count: number): Line {
  const m = NUMBERED_LINE.exec(raw);
  if (!m || (count === 1 && TIME_LIKE.test(raw))) return { text: raw };
  const number = Number(m[1]);
  if (count === 1 && number !== 1) return { text: raw };
  return { number, text: m[2]!.trim() };
}

function assignLines(questions: readonly GatewayQuestion[], text: string): string[] | string {
  const count = questions.length;
  if (count === 1) return [readLine(text, 1).text];
  const lines = text.split(/\r\n|\r|\n/).map((l) => l.trim()).filter((l) => l !== "").map((l) => readLine(l, count));
  const slots: (string | undefined)[] = questions.map(() => undefined);
  for (const line of lines) {
    if (line.number === undefined) continue;
    if (line.number < 1 || line.number > count) return `There is no question ${line.number}; this prompt has ${count} questions.`;
    if (slots[line.number - 1] !== undefined) return `Question ${line.number} is answered more than once; give each question one line.`;
    slots[line.number - 1] = line.text;
  }
  const plain = lines.filter((l) => l.number === undefined);
  const open = slots.flatMap((s, i) => (s === undefined ? [i] : []));
  if (lines.length === 1 && plain.length === 1) {
    return `This prompt has ${count} questions; answer each on its own line, in order, or as "1: …", "2: …".`;
  }
  if (plain.length > open.length) return `The reply has more lines than there are questions (${count}); give each question one line.`;
  if (plain.length < open.length) {
    const missing = open.slice(plain.length).map((i) => titleOf(questions[i]!, i));
    return `${missing.join(", ")} ${missing.length === 1 ? "needs" : "need"} an answer; give each question one line.`;
  }
  plain.forEach((line, k) => {
    slots[open[k]!] = line.text;
  });
  return slots.map((s) => s ?? "");
}

/** Reads a plain-text reply: option numbers or labels, own answers, comma lists, one line or "N: …" per question. */
export function parseTextReply(record: QuestionRecord, text: string, options: TextReplyOptions = {}): TextReplyResult {
  if (typeof text !== "string") return fail("The reply is not text.");
  const skipWords = options.skipWords && options.skipWords.length > 0 ? options.skipWords : [DEFAULT_SKIP_WORD];
  const questions = record.questions;
  const clean = sendableText(text).text.trim();
  if (clean === "") return fail(`The reply is empty; answer the question, or reply "${skipWords[0]}" to skip.`);
  const skip = readSkip(questions, clean, skipWords);
  if (skip === true) return { ok: true, skip: true };
  if (skip !== false && !skip.ok) return fail(skip.reason);
  if (questions.some(isSecretQuestion)) return fail("A secret answer must go through the secure field, never a chat message.");
  const placed = assignLines(questions, clean);
  if (typeof placed === "string") return fail(placed);
  const answers = idTable<string[]>();
  for (const [i, q] of questions.entries()) {
    const read = readChoices(q, placed[i]!, skipWords);
    if (!read.ok) return fail(questions.length > 1 ? `${titleOf(q, i)}: ${read.reason}` : read.reason);
    answers[q.questionId] = read.values;
  }
  const envelope = { answers };
  // A last check against the gateway's own rules, so a reading that slipped through is refused here, not there.
  const issues = checkAnswers(record, envelope);
  if (issues.length > 0) return fail(`The reply cannot be sent as it is (${issues[0]!.message}); ${quoteReply(clean)} was not understood.`);
  return { ok: true, answers: envelope };
}
