import { MAX_OPTIONS, QUESTION_ID_PATTERN } from "./ask-user";
import { entryOf, idTable } from "./id-table";
import type { QuestionAnswers } from "./answers";
import { safeHttpUrl } from "./links";
import { compact, readAs, readEach, readValid, repeats, type Reader } from "./reader";
import { invalid, valid, type Validated, type ValidationIssue } from "./result";

/** A question record's lifecycle status on the gateway. */
export type QuestionStatus = "pending" | "answered" | "cancelled" | "expired";
/** Every status, in lifecycle order. */
export const QUESTION_STATUSES = ["pending", "answered", "cancelled", "expired"] as const;

/** One selectable option of a gateway question. */
export interface QuestionOption {
  label: string;
  description?: string;
}

/** Where a secret answer is stored instead of entering the chat. */
export interface SecretStore {
  name: string;
  kind: string;
  allowedHosts?: string[];
  reason?: string;
}

/** One question inside a gateway record. */
export interface GatewayQuestion {
  questionId: string;
  header: string;
  question: string;
  options: QuestionOption[];
  multiSelect?: boolean;
  /** The gateway accepts free text only when this is set. */
  isOther?: boolean;
  /** A link shown beside the question; already checked to be http or https. */
  url?: string;
  /** The answer is a secret: masked, never stored or shared, whether or not a `secretStore` says where it goes. */
  isSecret?: boolean;
  secretStore?: SecretStore;
}

/** A gateway question record, as `question.requested`, `question.list` and `question.get` carry it. */
export interface QuestionRecord {
  id: string;
  questions: GatewayQuestion[];
  agentId?: string;
  sessionKey?: string;
  runId?: string;
  createdAtMs: number;
  expiresAtMs: number;
  status: QuestionStatus;
  answers?: QuestionAnswers;
  resolvedBy?: unknown;
}

/** True when the question's answer must be masked and never stored: flagged `isSecret`, or bound to a secret store. */
export function isSecretQuestion(q: GatewayQuestion): boolean {
  return q.isSecret === true || q.secretStore !== undefined;
}

/** Validates an answer envelope from the wire; its lists are copies, the outcome's own whatever becomes of the payload. */
export function readAnswers(r: Reader, raw: unknown, path: string): QuestionAnswers | undefined {
  const env = r.object(raw, path);
  const map = env && r.object(env.answers, r.at(path, "answers"));
  if (!map) return undefined;
  const answers = idTable<string[]>();
  for (const key in map) {
    if (!Object.hasOwn(map, key)) continue;
    const at = r.at(r.at(path, "answers"), key);
    const list = r.array(map[key], at);
    if (list) answers[key] = readEach(list.slice(), (v, i) => (typeof v === "string" ? v : r.string(v, r.at(at, i))));
  }
  return { answers };
}

function readSecretStore(r: Reader, raw: unknown, path: string): SecretStore | undefined {
  const o = r.object(raw, path);
  if (!o) return undefined;
  const name = r.string(o.name, r.at(path, "name"));
  const kind = r.string(o.kind, r.at(path, "kind"));
  const hosts = o.allowedHosts === undefined ? undefined : r.array(o.allowedHosts, r.at(path, "allowedHosts"));
  const reason = r.string(o.reason, r.at(path, "reason"), "optional");
  if (name === undefined || kind === undefined) return undefined;
  return compact({ name, kind, allowedHosts: hosts?.filter((h): h is string => typeof h === "string"), reason });
}

function readOption(r: Reader, item: unknown, path: string): QuestionOption | undefined {
  const o = r.object(item, path);
  if (!o) return undefined;
  const label = r.string(o.label, r.at(path, "label"), "nonEmpty");
  const description = r.string(o.description, r.at(path, "description"), "optional");
  return label === undefined ? undefined : readAs(o, { label, description: description || undefined });
}

function readQuestion(r: Reader, raw: unknown, path: string): GatewayQuestion | undefined {
  const q = r.object(raw, path);
  if (!q) return undefined;
  const questionId = r.string(q.questionId, r.at(path, "questionId"));
  if (questionId !== undefined && !QUESTION_ID_PATTERN.test(questionId)) r.fail(r.at(path, "questionId"), "must be snake_case");
  const header = r.string(q.header ?? "", r.at(path, "header"));
  const question = r.string(q.question, r.at(path, "question"), "nonEmpty");
  const rawOptions = q.options === undefined ? [] : (r.array(q.options, r.at(path, "options")) ?? []);
  const options = readEach(rawOptions, (item, i) => readOption(r, item, r.at(r.at(path, "options"), i)));
  if (options.length > MAX_OPTIONS) r.fail(r.at(path, "options"), `must have at most ${MAX_OPTIONS} options, got ${options.length}`);
  if (repeats(options, "label")) r.fail(r.at(path, "options"), "option labels must be unique");
  const multiSelect = r.boolean(q.multiSelect, r.at(path, "multiSelect"), "optional");
  const isOther = r.boolean(q.isOther, r.at(path, "isOther"), "optional");
  const isSecret = r.boolean(q.isSecret, r.at(path, "isSecret"), "optional");
  const secretStore = q.secretStore === undefined || q.secretStore === null ? undefined : readSecretStore(r, q.secretStore, r.at(path, "secretStore"));
  if (questionId === undefined || header === undefined || question === undefined) return undefined;
  // A question without options takes free text whatever isOther says; an unsafe link is dropped, not fatal.
  const takesText = options.length === 0 ? true : isOther;
  return readAs(q, { questionId, header, question, options, multiSelect, isOther: takesText, url: safeHttpUrl(q.url), isSecret, secretStore });
}

/** Validates a question record from the wire, checking only what safety needs (texts, http(s) links, ids, options). */
export function parseQuestionRecord(input: unknown): Validated<QuestionRecord> {
  return readValid(input, (r) => {
    const o = r.object(input, "");
    if (!o) return invalid(r.issues);
    const id = r.string(o.id, "id", "nonEmpty");
    const list = r.array(o.questions, "questions") ?? [];
    if (Array.isArray(o.questions) && (list.length < 1 || list.length > 3)) r.fail("questions", `must have 1 to 3 questions, got ${list.length}`);
    const questions = readEach(list, (q, i) => readQuestion(r, q, r.at("questions", i)));
    if (repeats(questions, "questionId")) r.fail("questions", "question ids must be unique");
    const createdAtMs = r.number(o.createdAtMs, "createdAtMs");
    const expiresAtMs = r.number(o.expiresAtMs, "expiresAtMs");
    const status = r.oneOf(o.status ?? "pending", "status", QUESTION_STATUSES);
    const answers = o.answers === undefined || o.answers === null ? undefined : readAnswers(r, o.answers, "answers");
    const agentId = r.string(o.agentId, "agentId", "optional");
    const sessionKey = r.string(o.sessionKey, "sessionKey", "optional");
    const runId = r.string(o.runId, "runId", "optional");
    if (r.issues.length > 0 || id === undefined || createdAtMs === undefined || expiresAtMs === undefined || status === undefined) return invalid(r.issues);
    return valid(readAs<QuestionRecord>(o, { id, questions, createdAtMs, expiresAtMs, status, agentId, sessionKey, runId, answers, resolvedBy: o.resolvedBy }));
  });
}

/** Checks an answer as the gateway does: all questions answered, one value for single-select, text only if allowed. */
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
