// Two readings of the same reply words that point at different answers give an error, never a pick.
import { RECOMMENDED_SUFFIX } from "./ask-user";
import { truncateGraphemes } from "./graphemes";
import type { GatewayQuestion } from "./question-record";
import { sendableText } from "./sendable-text";

/** The word that declines a whole prompt when no other word is given. */
export const DEFAULT_SKIP_WORD = "skip";

/** One question's values read from a reply, or why they could not be read. */
export type ChoiceResult = { ok: true; values: string[] } | { ok: false; reason: string };

type Token = { kind: "option"; index: number } | { kind: "none" } | { kind: "error"; reason: string };

/** Text as compared with labels: sendable, NFC, case-folded, whitespace collapsed, no spaces around commas. */
export function replyKey(text: string): string {
  return sendableText(text).text.normalize("NFC").replace(/\s+/g, " ").replace(/ ?, ?/g, ",").trim().toLowerCase();
}

/** A label as shown in the text form: one line, without characters a chat message cannot carry. */
export function displayLabel(text: string): string {
  return sendableText(text).text.replace(/\s+/g, " ").trim();
}

/** Quotes what the person wrote, cut short so a reason stays readable. */
export function quoteReply(text: string): string {
  const flat = text.replace(/\s+/g, " ").trim();
  const cut = truncateGraphemes(flat, 40);
  return `"${cut}${cut === flat ? "" : "…"}"`;
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

  /** The option a label names: exact text first, then ignoring case and spacing, then without "(Recommended)". */
  label(text: string): Token {
    const trimmed = text.trim();
    const key = replyKey(text);
    for (const [keys, probe] of [[this.exact, trimmed], [this.full, key], [this.bare, key]] as const) {
      const hits = keys.flatMap((k, i) => (k === probe && probe !== "" ? [i] : []));
      if (hits.length === 1) return { kind: "option", index: hits[0]! };
      if (hits.length > 1) return { kind: "error", reason: `${quoteReply(text)} matches more than one option; reply with its number instead.` };
    }
    return { kind: "none" };
  }

  /** The option one reply part names: a number, a label, or "2. Label" as the text form lists it. */
  token(text: string): Token {
    const byLabel = this.label(text);
    if (byLabel.kind === "error") return byLabel;
    const key = replyKey(text);
    const digits = NUMBER.exec(key)?.[1];
    const count = this.question.options.length;
    if (digits !== undefined && count > 0) {
      const index = Number(digits) - 1;
      const inRange = Number.isSafeInteger(index) && index >= 0 && index < count;
      if (byLabel.kind === "option" && inRange && byLabel.index !== index) {
        return { kind: "error", reason: `${quoteReply(text)} is both option ${index + 1} and the name of option ${byLabel.index + 1}; reply with the full name of the one you mean.` };
      }
      if (byLabel.kind === "option") return byLabel;
      if (!inRange) return { kind: "error", reason: `There is no option ${digits.length > 9 ? `${digits.slice(0, 9)}…` : digits}; choose a number from 1 to ${count}.` };
      return { kind: "option", index };
    }
    if (byLabel.kind === "option") return byLabel;
    const numbered = NUMBERED_LABEL.exec(key);
    if (numbered) {
      const index = Number(numbered[1]) - 1;
      if (this.full[index] === numbered[2] || this.bare[index] === numbered[2]) return { kind: "option", index };
    }
    return { kind: "none" };
  }
}

function notAChoice(q: GatewayQuestion, text: string): ChoiceResult {
  const choices = q.options.map((o, i) => `${i + 1}. ${displayLabel(o.label)}`).join("; ");
  return { ok: false, reason: `${quoteReply(text)} is not one of the choices (${choices}); reply with a number or a name.` };
}

function isSkipWord(text: string, skipWords: readonly string[]): boolean {
  const key = replyKey(text).replace(/[.!]+$/, "");
  return skipWords.some((w) => replyKey(w) === key);
}

type Segments = { ok: true; picked: Set<number>; own: string[] } | { ok: false; reason: string };

// Longest label span first, so a label holding a comma stays whole; a run naming no option is one own answer.
function segment(m: OptionMatcher, text: string): Segments {
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
    for (let span = Math.min(m.maxParts, parts.length - i); span >= 2 && taken === 0; span -= 1) {
      const hit = m.label(parts.slice(i, i + span).join(","));
      if (hit.kind === "error") return { ok: false, reason: hit.reason };
      if (hit.kind === "option") {
        picked.add(hit.index);
        taken = span;
      }
    }
    if (taken === 0 && parts[i]!.trim() !== "") {
      const hit = m.token(parts[i]!);
      if (hit.kind === "error") return { ok: false, reason: hit.reason };
      if (hit.kind === "option") {
        picked.add(hit.index);
        taken = 1;
      } else if (runStart < 0) runStart = i;
    }
    if (taken > 0) closeRun(i);
    i += Math.max(1, taken);
  }
  closeRun(parts.length);
  return { ok: true, picked, own };
}

/** Reads one question's reply text (already sendable and trimmed) into the values the gateway takes. */
export function readChoices(question: GatewayQuestion, text: string, skipWords: readonly string[]): ChoiceResult {
  const m = new OptionMatcher(question);
  if (text.trim() === "") return { ok: false, reason: "The answer is empty." };
  const labels = question.options.map((o) => o.label);
  const whole = m.token(text);
  if (whole.kind === "error") return { ok: false, reason: whole.reason };
  if (whole.kind === "option") return { ok: true, values: [labels[whole.index]!] };
  const seg = segment(m, text);
  if (!seg.ok) return seg;
  const { own } = seg;
  const picked = labels.filter((_, i) => seg.picked.has(i));
  const skipped = own.find((t) => isSkipWord(t, skipWords));
  if (skipped !== undefined) return { ok: false, reason: `${quoteReply(skipped)} skips the whole prompt; reply with only that word to skip.` };
  if (!question.multiSelect) {
    if (own.length === 0 && picked.length > 1) return { ok: false, reason: "This question takes one choice; reply with a single number or name." };
    // "2, 2" or "2, Production" repeats one choice; it is that choice, not own text.
    if (own.length === 0 && picked.length === 1) return { ok: true, values: picked };
    return question.isOther ? { ok: true, values: [text.trim()] } : notAChoice(question, text);
  }
  if (own.length > 0 && !question.isOther) return notAChoice(question, own[0]!);
  return { ok: true, values: [...picked, ...own.filter((t) => !picked.includes(t))] };
}

/** True when the reply is only a skip word; an error when that word is also an option's name. */
export function readSkip(questions: readonly GatewayQuestion[], text: string, skipWords: readonly string[]): boolean | ChoiceResult {
  if (!isSkipWord(text, skipWords)) return false;
  const named = questions.some((q) => new OptionMatcher(q).label(text).kind !== "none");
  if (named) return { ok: false, reason: `${quoteReply(text)} is both an option and the word that skips the prompt; reply with the option's number to choose it.` };
  return true;
}
