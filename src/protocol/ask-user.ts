import { truncateGraphemes } from "./graphemes";
import { Reader } from "./reader";
import { invalid, valid, type Validated } from "./result";

/** The shape of an answer key: snake_case, starting with a letter. */
export const QUESTION_ID_PATTERN = /^[a-z][a-z0-9_]*$/;
/** Longest header shown; longer headers are cut, not rejected. @default 12 */
export const HEADER_MAX_CHARS = 12;
/** Longest option label accepted. @default 64 */
export const LABEL_MAX_CHARS = 64;
/**
 * Most options one question may offer before the kit refuses it. Not the gateway's rule (4 in 2026.9.6, 64 in the
 * release after it) but a bound on what one record can make the dock render: four times the newest gateway limit, so
 * a gateway that raises its limit again is still read, while a broken one cannot ask for a list without end. @default 256
 */
export const MAX_OPTIONS = 256;
/** Timeout when the agent gives none, in seconds. @default 900 */
export const DEFAULT_TIMEOUT_SECONDS = 900;
/** The clamp range of `timeoutSeconds`. */
export const TIMEOUT_RANGE_SECONDS = { min: 30, max: 3600 } as const;

/** One authored choice. */
export interface AskUserOption {
  label: string;
  description?: string;
}

/** One question of an ask_user call, after normalisation. */
export interface AskUserQuestion {
  id: string;
  header: string;
  question: string;
  options: AskUserOption[];
  multiSelect: boolean;
}

/** A validated ask_user tool input: 1–3 questions and a clamped timeout. */
export interface AskUserInput {
  questions: AskUserQuestion[];
  timeoutSeconds: number;
}

/** Cuts text to `max` user-perceived characters (Intl.Segmenter graphemes), so a flag, family emoji or accent is never split. */
export function truncateChars(text: string, max: number): string {
  return truncateGraphemes(text, max);
}

/** Clamps an agent's timeout into 30..3600 s, rounding to whole seconds; absent means 900. */
export function clampTimeoutSeconds(value: number | undefined): number {
  if (value === undefined) return DEFAULT_TIMEOUT_SECONDS;
  const whole = Math.round(value);
  return Math.min(TIMEOUT_RANGE_SECONDS.max, Math.max(TIMEOUT_RANGE_SECONDS.min, whole));
}

/** True when an option label is an authored free-text choice, which OpenClaw always adds itself. */
export function isAuthoredOther(label: string): boolean {
  const bare = label.trim().toLowerCase().replace(/(\.\.\.|…|:)$/u, "").trim();
  return bare === "other" || bare === "something else";
}

/** The "(Recommended)" suffix of an option label, any case; group 1 is the suffix as written. */
export const RECOMMENDED_SUFFIX = /\s*(\(recommended\))\s*$/i;

/** True when the option is the agent's recommendation, by its "(Recommended)" suffix. */
export function isRecommended(label: string): boolean {
  return RECOMMENDED_SUFFIX.test(label);
}

function readOptions(r: Reader, raw: unknown, path: string): AskUserOption[] {
  const list = r.array(raw, path);
  if (!list) return [];
  if (list.length === 1 || list.length > MAX_OPTIONS) r.fail(path, `must have no options or 2 to ${MAX_OPTIONS} options, got ${list.length}`);
  const seen = new Set<string>();
  const options: AskUserOption[] = [];
  list.forEach((item, i) => {
    const at = r.at(path, i);
    const o = r.object(item, at);
    if (!o) return;
    const label = r.string(o.label, r.at(at, "label"), { nonEmpty: true });
    const description = r.optionalString(o.description, r.at(at, "description"));
    if (label === undefined) return;
    if (Array.from(label).length > LABEL_MAX_CHARS) r.fail(r.at(at, "label"), `must be at most ${LABEL_MAX_CHARS} characters`);
    if (isAuthoredOther(label)) r.fail(r.at(at, "label"), "must not be an authored Other option; free text is always offered");
    const key = label.trim().toLowerCase();
    if (seen.has(key)) r.fail(r.at(at, "label"), `duplicates another option label (case-insensitive): ${JSON.stringify(label)}`);
    seen.add(key);
    options.push(description === undefined || description === "" ? { label } : { label, description });
  });
  return options;
}

/** Validates and normalises an ask_user tool input; never throws. */
export function parseAskUserInput(input: unknown): Validated<AskUserInput> {
  const r = new Reader();
  const root = r.object(input, "");
  if (!root) return invalid(r.issues);
  const list = r.array(root.questions, "questions") ?? [];
  if (Array.isArray(root.questions) && (list.length < 1 || list.length > 3)) {
    r.fail("questions", `must have 1 to 3 questions, got ${list.length}`);
  }
  const ids = new Set<string>();
  const questions: AskUserQuestion[] = [];
  list.forEach((item, i) => {
    const at = r.at("questions", i);
    const q = r.object(item, at);
    if (!q) return;
    const id = r.string(q.id, r.at(at, "id"));
    if (id !== undefined && !QUESTION_ID_PATTERN.test(id)) r.fail(r.at(at, "id"), "must be snake_case: a lowercase letter, then lowercase letters, digits or _");
    if (id !== undefined && ids.has(id)) r.fail(r.at(at, "id"), `duplicates another question id: ${id}`);
    if (id !== undefined) ids.add(id);
    const header = r.string(q.header, r.at(at, "header"), { nonEmpty: true });
    const question = r.string(q.question, r.at(at, "question"), { nonEmpty: true });
    const options = readOptions(r, q.options, r.at(at, "options"));
    const multiSelect = r.optionalBoolean(q.multiSelect, r.at(at, "multiSelect")) ?? false;
    if (id === undefined || header === undefined || question === undefined) return;
    questions.push({ id, header: truncateChars(header.trim(), HEADER_MAX_CHARS), question, options, multiSelect });
  });
  const timeout = r.optionalNumber(root.timeoutSeconds, "timeoutSeconds");
  if (r.issues.length > 0) return invalid(r.issues);
  return valid({ questions, timeoutSeconds: clampTimeoutSeconds(timeout) });
}
