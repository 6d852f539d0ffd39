import { Reader } from "./reader";
import { invalid, valid, type Validated } from "./result";

/** Most questions one async delivery may carry. @default 12 */
export const ASYNC_MAX_QUESTIONS = 12;

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

function readOption(r: Reader, raw: unknown, path: string): string | undefined {
  if (typeof raw === "string") return raw.trim() ? raw : r.fail(path, "must not be empty");
  const o = r.object(raw, path);
  return o ? r.string(o.label, r.at(path, "label"), { nonEmpty: true }) : undefined;
}

/** Validates an `openclawAsyncDelivery` block; options may be strings or `{label}` objects. Never throws. */
export function parseAsyncDelivery(input: unknown): Validated<AsyncDelivery> {
  const r = new Reader();
  const o = r.object(input, "");
  if (!o) return invalid(r.issues);
  const itemId = r.string(o.itemId, "itemId", { nonEmpty: true });
  const list = r.array(o.questions, "questions") ?? [];
  if (Array.isArray(o.questions) && (list.length < 1 || list.length > ASYNC_MAX_QUESTIONS)) {
    r.fail("questions", `must have 1 to ${ASYNC_MAX_QUESTIONS} questions, got ${list.length}`);
  }
  const questions: AsyncQuestion[] = [];
  list.forEach((item, i) => {
    const at = r.at("questions", i);
    const q = r.object(item, at);
    const title = q && r.string(q.title, r.at(at, "title"), { nonEmpty: true });
    const rawOptions = q?.options === undefined || q?.options === null ? [] : (r.array(q.options, r.at(at, "options")) ?? []);
    const options = rawOptions.map((opt, j) => readOption(r, opt, r.at(r.at(at, "options"), j))).filter((x): x is string => x !== undefined);
    if (title !== undefined) questions.push({ title, options });
  });
  if (r.issues.length || itemId === undefined) return invalid(r.issues);
  return valid({ itemId, questions });
}
