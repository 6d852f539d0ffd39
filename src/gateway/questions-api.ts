import { formatIssues, type Validated, type ValidationIssue } from "../protocol/result";
import { parseGetEnding, parseGetResult, parseRecordList, type RecordEnding } from "../protocol/payloads";
import { readAnswers, type QuestionRecord } from "../protocol/question-record";
import type { QuestionResolveParams, QuestionResolveResult } from "../protocol/methods";
import { readValid } from "../protocol/reader";
import { GatewayRequestError, type GatewayConnection, type GatewayErrorCode, type QuestionErrorReason } from "./connection";

/** A gateway answer that did not have the documented shape; `issues` says what was wrong, field by field. */
export class GatewayResultError extends Error {
  constructor(readonly method: string, readonly issues: ValidationIssue[]) {
    super(`${method} returned a malformed result:\n${formatIssues(issues)}`);
    this.name = "GatewayResultError";
  }
}

// Not async, which would add a promise and a turn to every call; a connection that throws still rejects.
function call<T>(c: GatewayConnection, method: string, params: unknown, parse: (payload: unknown) => Validated<T>): Promise<T> {
  try {
    return c.request(method, params).then((payload) => {
      const parsed = parse(payload);
      return parsed.ok ? parsed.value : Promise.reject(new GatewayResultError(method, parsed.errors));
    });
  } catch (error) {
    return Promise.reject(error);
  }
}

const parseResolveResult = (payload: unknown) => readValid(payload, (r): Validated<QuestionResolveResult> => {
  const o = r.object(payload, "");
  const status = o && r.oneOf(o.status, "status", ["answered", "cancelled"] as const);
  if (status === "cancelled") return { ok: true, value: { status } };
  const answers = o && status === "answered" ? readAnswers(r, o.answers, "answers") : undefined;
  return answers && r.issues.length === 0 ? { ok: true, value: { status: "answered", answers } } : { ok: false, errors: r.issues };
});

/** True for a question the gateway no longer has, or does not show this connection: a read of it will not succeed. */
export const isQuestionGone = (error: unknown) => error instanceof GatewayRequestError && (error.reason === ("QUESTION_NOT_FOUND" satisfies QuestionErrorReason) || error.code === ("FORBIDDEN" satisfies GatewayErrorCode));

/** `question.list`: the pending records, with malformed ones set aside in `rejected` instead of failing the lot. */
export function listQuestions(c: GatewayConnection) {
  return call(c, "question.list", {}, parseRecordList);
}

/** `question.get`: one record, pending or terminal; rejects with reason QUESTION_NOT_FOUND when it is gone. */
export function getQuestion(c: GatewayConnection, id: string): Promise<QuestionRecord> {
  return call(c, "question.get", { id }, parseGetResult);
}

/** `question.get`, read only for how the record ended (a dock that holds the record settles it from this). */
export function getQuestionEnding(c: GatewayConnection, id: string): Promise<RecordEnding> {
  return call(c, "question.get", { id }, parseGetEnding);
}

/** `question.resolve`: answers a question, or declines the whole prompt with `cancel: true`. */
export function resolveQuestion(c: GatewayConnection, params: QuestionResolveParams): Promise<QuestionResolveResult> {
  return call(c, "question.resolve", params, parseResolveResult);
}

/** Re-reads questions after a (re)connect: what is pending, then how each locally pending id the list lacks ended. */
export async function recoverQuestions(c: GatewayConnection, localPendingIds: readonly string[]) {
  const list = await listQuestions(c);
  const pending = [...list.records];
  const rejected: Array<{ index?: number; id?: string; errors: ValidationIssue[] }> = [...list.rejected];
  const settled: Array<{ id: string; outcome: "answered" | "cancelled" | "expired" | "unavailable"; record?: QuestionRecord }> = [];
  const listed = new Set(pending.map((r) => r.id));
  const missing = [...new Set(localPendingIds)].filter((id) => !listed.has(id));
  const lookUp = (id: string) =>
    getQuestion(c, id).catch((error: unknown) => {
      if (error instanceof GatewayResultError) return error.issues;
      if (isQuestionGone(error)) return undefined;
      throw error;
    });
  const found = await Promise.all(missing.map(lookUp));
  missing.forEach((id, i) => {
    const result = found[i];
    if (Array.isArray(result)) rejected.push({ id, errors: result });
    const record = Array.isArray(result) ? undefined : result;
    // Still pending but not listed (a race with its creation, or list filtering): keep it pending.
    if (record?.status === "pending") pending.push(record);
    else if (record) settled.push({ id, outcome: record.status, record });
    else settled.push({ id, outcome: "unavailable" });
  });
  return { pending, rejected, settled };
}
