import { readAnswers, parseQuestionRecord, QUESTION_STATUSES, type QuestionRecord } from "./question-record";
import type { HelloOk, QuestionResolvedEvent } from "./methods";
import { asObject, compact, Reader, readValid } from "./reader";
import { invalid, valid, type ValidationIssue, type Validated } from "./result";

/** Validates each record of a list independently: a malformed one is set aside with its problems, never hiding the rest. */
export function parseRecordList(payload: unknown) {
  const r = new Reader();
  const o = r.object(payload, "");
  const list = o && r.array(o.questions, "questions");
  if (!list) return invalid(r.issues);
  const records: QuestionRecord[] = [];
  const rejected: Array<{ index: number; errors: ValidationIssue[] }> = [];
  list.forEach((item, index) => {
    const parsed = parseQuestionRecord(item);
    if (parsed.ok) records.push(parsed.value);
    else rejected.push({ index, errors: parsed.errors.map((e) => ({ ...e, path: r.at(r.at("questions", index), e.path) })) });
  });
  return valid({ records, rejected });
}

/** Validates a `question.get` result. */
export function parseGetResult(payload: unknown): Validated<QuestionRecord> {
  const r = new Reader();
  const o = r.object(payload, "");
  if (!o) return invalid(r.issues);
  const parsed = parseQuestionRecord(o.question);
  return parsed.ok ? parsed : invalid(parsed.errors.map((e) => ({ ...e, path: r.at("question", e.path) })));
}

/** How a record ended, per `question.get`: the only fields a dock that already holds the record reads. */
export type RecordEnding = Pick<QuestionRecord, "id" | "status" | "answers" | "resolvedBy">;

/** Validates the ending a `question.get` result tells; the questions, validated on arrival, are not read again. */
export const parseGetEnding = (payload: unknown) => readValid(payload, (r): Validated<RecordEnding> => {
  const q = r.object(r.object(payload, "")?.question, "question");
  if (!q) return invalid(r.issues);
  const id = r.string(q.id, "question.id", "nonEmpty");
  const status = r.oneOf(q.status ?? "pending", "question.status", QUESTION_STATUSES);
  const answers = q.answers === undefined || q.answers === null ? undefined : readAnswers(r, q.answers, "question.answers");
  if (r.issues.length > 0 || id === undefined || status === undefined) return invalid(r.issues);
  return valid(compact<RecordEnding>({ id, status, answers, resolvedBy: q.resolvedBy }));
});

/** Validates a `question.resolved` event payload. */
export function parseResolvedEvent(payload: unknown): Validated<QuestionResolvedEvent> {
  return readValid(payload, (r) => {
    const o = r.object(payload, "");
    if (!o) return invalid(r.issues);
    const id = r.string(o.id, "id", "nonEmpty");
    const status = r.oneOf(o.status, "status", ["answered", "cancelled", "expired"] as const);
    const answers = status === "answered" ? readAnswers(r, o.answers, "answers") : undefined;
    // An answered event without answers has an issue listed by readAnswers.
    if (r.issues.length || id === undefined || status === undefined) return invalid(r.issues);
    return valid(status === "answered" ? { id, status, answers: answers! } : { id, status });
  });
}

function strings(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : [];
}

/** Validates the `hello-ok` payload of a successful connect. */
export function parseHelloOk(payload: unknown): Validated<HelloOk> {
  const r = new Reader();
  const o = r.object(payload, "");
  if (!o) return invalid(r.issues);
  const protocol = r.number(o.protocol, "protocol");
  const server = r.object(o.server, "server");
  const bootId = server && r.string(server.bootId ?? server.connId, "server.bootId");
  if (protocol === undefined || !server || bootId === undefined) return invalid(r.issues);
  const features = asObject(o.features);
  const defaults = asObject(asObject(o.snapshot)?.sessionDefaults);
  const auth = asObject(o.auth);
  const policy = asObject(o.policy);
  const hello: HelloOk = {
    protocol,
    server: { version: String(server.version ?? ""), connId: String(server.connId ?? ""), bootId },
    methods: strings(features?.methods),
    events: strings(features?.events),
    scopes: strings(auth?.scopes),
  };
  if (typeof defaults?.mainSessionKey === "string") hello.mainSessionKey = defaults.mainSessionKey;
  if (typeof auth?.deviceToken === "string") hello.deviceToken = auth.deviceToken;
  if (typeof auth?.role === "string") hello.role = auth.role;
  if (typeof policy?.maxPayload === "number") hello.maxPayload = policy.maxPayload;
  if (typeof policy?.tickIntervalMs === "number") hello.tickIntervalMs = policy.tickIntervalMs;
  return valid(hello);
}
