import { formatIssues, type Validated, type ValidationIssue } from "../protocol/result";
import { parseGetEnding, parseGetResult, parseRecordList, type RecordEnding, type RecordList } from "../protocol/payloads";
import { readAnswers, type QuestionRecord } from "../protocol/question-record";
import type { ChatSendParams, QuestionRequestParams, QuestionResolveParams, QuestionResolveResult } from "../protocol/methods";
import { Reader } from "../protocol/reader";
import type { GatewayConnection } from "./connection";

/** A gateway answer that did not have the documented shape; `issues` says what was wrong, field by field. */
export class GatewayResultError extends Error {
  readonly method: string;
  readonly issues: ValidationIssue[];

  constructor(method: string, issues: ValidationIssue[]) {
    super(`${method} returned a malformed result:\n${formatIssues(issues)}`);
    this.name = "GatewayResultError";
    this.method = method;
    this.issues = issues;
  }
}

function call<T>(c: GatewayConnection, method: string, params: unknown, parse: (payload: unknown) => Validated<T>): Promise<T> {
  let reply: Promise<unknown>;
  try {
    reply = c.request(method, params);
  } catch (error) {
    return Promise.reject(error as Error);
  }
  return Promise.resolve(reply).then((payload) => {
    const parsed = parse(payload);
    if (!parsed.ok) throw new GatewayResultError(method, parsed.errors);
    return parsed.value;
  });
}

function parseRequestResult(payload: unknown): Validated<{ id: string; expiresAtMs: number }> {
  const r = new Reader();
  const o = r.object(payload, "");
  const id = o && r.string(o.id, "id", { nonEmpty: true });
  const expiresAtMs = o && r.number(o.expiresAtMs, "expiresAtMs");
  return id === undefined || expiresAtMs === undefined ? { ok: false, errors: r.issues } : { ok: true, value: { id, expiresAtMs } };
}

function parseResolveResult(payload: unknown): Validated<QuestionResolveResult> {
  const r = new Reader();
  const o = r.object(payload, "");
  const status = o && r.oneOf(o.status, "status", ["answered", "cancelled"] as const);
  if (status === "cancelled") return { ok: true, value: { status } };
  const answers = o && status === "answered" ? readAnswers(r, o.answers, "answers") : undefined;
  return answers && r.issues.length === 0 ? { ok: true, value: { status: "answered", answers } } : { ok: false, errors: r.issues };
}

function parseChatResult(payload: unknown): Validated<{ runId: string; status: string }> {
  const r = new Reader();
  const o = r.object(payload, "");
  const runId = o && r.string(o.runId, "runId", { nonEmpty: true });
  const status = o && r.string(o.status, "status");
  return runId === undefined || status === undefined ? { ok: false, errors: r.issues } : { ok: true, value: { runId, status } };
}

/** `question.list`: the pending records, with malformed ones set aside in `rejected` instead of failing the lot. */
export function listQuestions(c: GatewayConnection): Promise<RecordList> {
  return call(c, "question.list", {}, (p) => parseRecordList(p));
}

/** `question.get`: one record, pending or terminal; rejects with reason QUESTION_NOT_FOUND when it is gone. */
export function getQuestion(c: GatewayConnection, id: string): Promise<QuestionRecord> {
  return call(c, "question.get", { id }, parseGetResult);
}

/** `question.get`, read only for how the record ended (a dock that holds the record settles it from this). */
export function getQuestionEnding(c: GatewayConnection, id: string): Promise<RecordEnding> {
  return call(c, "question.get", { id }, parseGetEnding);
}

/** `question.request`: asks a question (operators and tests; agents use the ask_user tool). */
export function requestQuestion(c: GatewayConnection, params: QuestionRequestParams): Promise<{ id: string; expiresAtMs: number }> {
  return call(c, "question.request", params, parseRequestResult);
}

/** `question.resolve`: answers a question, or declines the whole prompt with `cancel: true`. */
export function resolveQuestion(c: GatewayConnection, params: QuestionResolveParams): Promise<QuestionResolveResult> {
  return call(c, "question.resolve", params, parseResolveResult);
}

/** `chat.send`: sends an ordinary chat message; reusing the idempotency key makes a retry the same message. */
export function sendChat(c: GatewayConnection, params: ChatSendParams): Promise<{ runId: string; status: string }> {
  return call(c, "chat.send", params, parseChatResult);
}
