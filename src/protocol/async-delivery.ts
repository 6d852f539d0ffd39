import { MAX_OPTIONS } from "./ask-user";
import { Reader } from "./reader";
import { invalid, valid, type Validated } from "./result";

const ASYNC_MAX_QUESTIONS = 12;
const ASYNC_MAX_ITEM_ID = 256;
const ASYNC_MAX_TITLE = 4096;
const ASYNC_MAX_OPTION = 256;

/** One async (Codex) question: a title and, optionally, choices. */
export interface AsyncQuestion {
  title: string;
  options: string[];
}

/** The `openclawAsyncDelivery` block of an assistant message. */
export interface AsyncDelivery {
  itemId: string;
  questions: AsyncQuestion[];
}

function bounded(r: Reader, raw: unknown, path: string, max: number): string | undefined {
  const value = r.string(raw, path, "nonEmpty");
  if (value !== undefined && value.length > max) return r.fail(path, `must be at most ${max} characters, got ${value.length}`);
  return value;
}

function readOption(r: Reader, raw: unknown, path: string): string | undefined {
  if (typeof raw === "string") return bounded(r, raw, path, ASYNC_MAX_OPTION);
  const o = r.object(raw, path);
  return o ? bounded(r, o.label, r.at(path, "label"), ASYNC_MAX_OPTION) : undefined;
}

function readOptions(r: Reader, raw: unknown, path: string): string[] {
  if (raw === undefined || raw === null) return [];
  const list = r.array(raw, path) ?? [];
  if (Array.isArray(raw) && (list.length < 1 || list.length > MAX_OPTIONS)) r.fail(path, `must have 1 to ${MAX_OPTIONS} options, got ${list.length}`);
  // A repeated label is kept, as OpenClaw's own UI shows such a question; the dock tells options apart by position.
  return list.flatMap((opt, j) => readOption(r, opt, r.at(path, j)) ?? []);
}

/** Validates an `openclawAsyncDelivery` block; options are strings or `{label}`, and a blank label rejects it all. */
export function parseAsyncDelivery(input: unknown): Validated<AsyncDelivery> {
  const r = new Reader();
  const o = r.object(input, "");
  if (!o) return invalid(r.issues);
  const itemId = bounded(r, o.itemId, "itemId", ASYNC_MAX_ITEM_ID);
  const list = r.array(o.questions, "questions") ?? [];
  if (Array.isArray(o.questions) && (list.length < 1 || list.length > ASYNC_MAX_QUESTIONS)) r.fail("questions", `must have 1 to ${ASYNC_MAX_QUESTIONS} questions, got ${list.length}`);
  const questions: AsyncQuestion[] = [];
  list.forEach((item, i) => {
    const at = r.at("questions", i);
    const q = r.object(item, at);
    if (!q) return;
    const title = bounded(r, q.title, r.at(at, "title"), ASYNC_MAX_TITLE);
    const options = readOptions(r, q.options, r.at(at, "options"));
    if (title !== undefined) questions.push({ title, options });
  });
  if (r.issues.length || itemId === undefined) return invalid(r.issues);
  return valid({ itemId, questions });
}
