// Two readings of the same reply words that point at different answers give an error, never a pick.
import type { QuestionAnswers } from "./answers";
import { RECOMMENDED_SUFFIX } from "./ask-user";
import { shortened } from "./graphemes";
import { idTable } from "./id-table";
import { checkAnswers, isSecretQuestion, type GatewayQuestion, type QuestionRecord } from "./question-record";
import { sendableText } from "./sendable-text";

/** What a plain-text reply to a prompt means: answers for `question.resolve`, a skip, or why it cannot be read. */
export type TextReplyResult = { ok: true; answers: QuestionAnswers; skip?: never } | { ok: true; skip: true; answers?: never } | { ok: false; reason: string };

/** Options of `parseTextReply`. */
export interface TextReplyOptions {
  /** Words that decline the whole prompt, compared ignoring case; the prompt text names the first. @default ["skip"] */
  skipWords?: readonly string[];
}

// A reply part that cannot be read: thrown where it is found, caught once per question with its reason.
class Unreadable extends Error {}

/** Text as compared with labels: sendable, NFC, case-folded, whitespace collapsed, no spaces around commas. */
function replyKey(text: string): string {
  return sendableText(text).text.normalize("NFC").replace(/\s+/g, " ").replace(/ ?, ?/g, ",").trim().toLowerCase();
}

/** A label as shown in the text form: one line, without characters a chat message cannot carry. */
export function displayLabel(text: string): string {
  return sendableText(text).text.replace(/\s+/g, " ").trim();
}

/** Quotes what the person wrote, cut short so a reason stays readable. */
function quoteReply(text: string): string {
  return `"${shortened(text.replace(/\s+/g, " ").trim(), 40)}"`;
}

const NUMBER = /^[#(]?(\d+)[.)]?$/;
const NUMBERED_LABEL = /^(\d+)[.)] (.+)$/;

class OptionMatcher {
  private readonly exact: string[];
  private readonly full: string[];
  private readonly bare: string[];
  /** How many comma-separated parts the longest label spans. */
  readonly maxParts: number;

  constructor(readonly question: GatewayQuestion) {
    const labels = question.options.map((o) => o.label);
    this.exact = labels.map((l) => sendableText(l).text.trim());
    this.full = labels.map(replyKey);
    this.bare = labels.map((l) => replyKey(l.replace(RECOMMENDED_SUFFIX, "")));
    this.maxParts = Math.max(1, ...this.full.map((k) => k.split(",").length));
  }

  /** The options a label names: exact text first, then ignoring case and spacing, then without "(Recommended)". */
  named(text: string): number[] {
    const trimmed = text.trim();
    const key = replyKey(text);
    for (const [keys, probe] of [[this.exact, trimmed], [this.full, key], [this.bare, key]] as const) {
      const hits = keys.flatMap((k, i) => (k === probe && probe !== "" ? [i] : []));
      if (hits.length > 0) return hits;
    }
    return [];
  }

  /** The option a label names, if any; a label naming two is unreadable. */
  label(text: string): number | undefined {
    const hits = this.named(text);
    if (hits.length > 1) throw new Unreadable(`${quoteReply(text)} matches more than one option; reply with its number instead.`);
    return hits[0];
  }

  /** The option one reply part names: a number, a label, or "2. Label" as the text form lists it. */
  token(text: string): number | undefined {
    const byLabel = this.label(text);
    const key = replyKey(text);
    const digits = NUMBER.exec(key)?.[1];
    const count = this.question.options.length;
    if (digits !== undefined && count > 0) {
      const index = Number(digits) - 1;
      const inRange = Number.isSafeInteger(index) && index >= 0 && index < count;
      if (byLabel !== undefined && inRange && byLabel !== index) {
        throw new Unreadable(`${quoteReply(text)} is both option ${index + 1} and the name of option ${byLabel + 1}; reply with the full name of the one you mean.`);
      }
      if (byLabel !== undefined) return byLabel;
      if (!inRange) throw new Unreadable(`There is no option ${digits.length > 9 ? `${digits.slice(0, 9)}…` : digits}; choose a number from 1 to ${count}.`);
      return index;
    }
    if (byLabel !== undefined) return byLabel;
    const numbered = NUMBERED_LABEL.exec(key);
    if (numbered) {
      const index = Number(numbered[1]) - 1;
      if (this.full[index] === numbered[2] || this.bare[index] === numbered[2]) return index;
    }
    return undefined;
  }
}

function notAChoice(q: GatewayQuestion, text: string): Unreadable {
  const choices = q.options.map((o, i) => `${i + 1}. ${displayLabel(o.label)}`).join("; ");
  return new Unreadable(`${quoteReply(text)} is not one of the choices (${choices}); reply with a number or a name.`);
}

function isSkipWord(text: string, skipWords: readonly string[]): boolean {
  const key = replyKey(text).replace(/[.!]+$/, "");
  return skipWords.some((w) => replyKey(w) === key);
}

// Longest label span first, so a label holding a comma stays whole; a run naming no option is one own answer.
function segment(m: OptionMatcher, text: string): { picked: Set<number>; own: string[] } {
  const parts = text.split(",");
  const picked = new Set<number>();
  const own: string[] = [];
  let runStart = -1;
  const closeRun = (end: number) => {
    if (runStart < 0) return;
    const run = parts.slice(runStart, end).join(",").replace(/^[\s,]+|[\s,]+$/g, "");
    if (run !== "" && !own.includes(run)) own.push(run);
    runStart = -1;
  };
  for (let i = 0; i < parts.length; ) {
    let taken = 0;
    for (let span = Math.min(m.maxParts, parts.length - i); span >= 1 && taken === 0; span -= 1) {
      const part = parts.slice(i, i + span).join(",");
      const hit = span > 1 ? m.label(part) : part.trim() === "" ? undefined : m.token(part);
      if (hit !== undefined) {
        picked.add(hit);
        taken = span;
      }
    }
    if (taken > 0) closeRun(i);
    else if (parts[i]!.trim() !== "" && runStart < 0) runStart = i;
    i += Math.max(1, taken);
  }
  closeRun(parts.length);
  return { picked, own };
}

/** Reads one question's reply text (already sendable and trimmed) into the values the gateway takes. */
function readChoices(question: GatewayQuestion, text: string, skipWords: readonly string[]): string[] {
  const m = new OptionMatcher(question);
  if (text.trim() === "") throw new Unreadable("The answer is empty.");
  const labels = question.options.map((o) => o.label);
  const whole = m.token(text);
  if (whole !== undefined) return [labels[whole]!];
  const { own, picked: chosen } = segment(m, text);
  const picked = labels.filter((_, i) => chosen.has(i));
  const skipped = own.find((t) => isSkipWord(t, skipWords));
  if (skipped !== undefined) throw new Unreadable(`${quoteReply(skipped)} skips the whole prompt; reply with only that word to skip.`);
  if (!question.multiSelect) {
    if (own.length === 0 && picked.length > 1) throw new Unreadable("This question takes one choice; reply with a single number or name.");
    // "2, 2" or "2, Production" repeats one choice; it is that choice, not own text.
    if (own.length === 0 && picked.length === 1) return picked;
    if (question.isOther) return [text.trim()];
    throw notAChoice(question, text);
  }
  if (own.length > 0 && !question.isOther) throw notAChoice(question, own[0]!);
  return [...picked, ...own.filter((t) => !picked.includes(t))];
}

// "2: x" answers question 2; with one question "1:30" reads as a time, so there the colon must not sit between digits.
const NUMBERED_LINE = /^(\d+)\s*[:：]\s*(.*)$/s;
const TIME_LIKE = /^\d+\s*[:：]\d/;

const fail = (reason: string): TextReplyResult => ({ ok: false, reason });

function titleOf(q: GatewayQuestion, index: number): string {
  const header = displayLabel(q.header);
  return header ? `Question ${index + 1} (${header})` : `Question ${index + 1}`;
}

function readLine(raw: string, count: number): { number?: number; text: string } {
  const m = NUMBERED_LINE.exec(raw);
  const number = Number(m?.[1]);
  if (!m || (count === 1 && (TIME_LIKE.test(raw) || number !== 1))) return { text: raw };
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
  // As many plain lines as open questions: they fill those in order.
  return slots.map((s) => s ?? plain.shift()!.text);
}

/** Reads a plain-text reply: option numbers or labels, own answers, comma lists, one line or "N: …" per question. */
export function parseTextReply(record: QuestionRecord, text: string, options: TextReplyOptions = {}): TextReplyResult {
  if (typeof text !== "string") return fail("The reply is not text.");
  const skipWords = options.skipWords && options.skipWords.length > 0 ? options.skipWords : ["skip"];
  const questions = record.questions;
  const clean = sendableText(text).text.trim();
  if (clean === "") return fail(`The reply is empty; answer the question, or reply "${skipWords[0]}" to skip.`);
  if (isSkipWord(clean, skipWords)) {
    const named = questions.some((q) => new OptionMatcher(q).named(clean).length > 0);
    return named ? fail(`${quoteReply(clean)} is both an option and the word that skips the prompt; reply with the option's number to choose it.`) : { ok: true, skip: true };
  }
  if (questions.some(isSecretQuestion)) return fail("A secret answer must go through the secure field, never a chat message.");
  const placed = assignLines(questions, clean);
  if (typeof placed === "string") return fail(placed);
  const answers = idTable<string[]>();
  for (const [i, q] of questions.entries()) {
    try {
      answers[q.questionId] = readChoices(q, placed[i]!, skipWords);
    } catch (error) {
      if (!(error instanceof Unreadable)) throw error;
      return fail(questions.length > 1 ? `${titleOf(q, i)}: ${error.message}` : error.message);
    }
  }
  const envelope = { answers };
  // A last check against the gateway's own rules, so a reading that slipped through is refused here, not there.
  const issues = checkAnswers(record, envelope);
  if (issues.length > 0) return fail(`The reply cannot be sent as it is (${issues[0]!.message}); ${quoteReply(clean)} was not understood.`);
  return { ok: true, answers: envelope };
}
