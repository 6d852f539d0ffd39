import { QUESTION_ID_PATTERN } from "../protocol/ask-user";
import { QuestionErrorReason } from "../protocol/errors";
import { checkAnswers } from "../protocol/answer-rules";
import type { GatewayQuestion, QuestionRecord } from "../protocol/question-record";
import type { QuestionAnswers } from "../protocol/answers";
import { invalidRequest, questionError, type SimMethodError } from "./sim-errors";
import { arr, bool, checkValue, int, literal, nonEmpty, obj, oneOf, optional, record, str, type Check } from "./sim-schema";

/** A question as `question.request` accepts it; `isSecret` is a wire field the kit's record type leaves out. */
export type SimQuestionInput = GatewayQuestion & { isSecret?: boolean };

const questionId = str({ pattern: QUESTION_ID_PATTERN });
const hosts = arr(str({ minLength: 1, maxLength: 253 }), { maxItems: 128 });

const questionSchema = obj({
  questionId,
  header: str({ maxLength: 12 }),
  question: nonEmpty,
  url: optional(str({ minLength: 1, maxLength: 2048 })),
  options: arr(obj({ label: nonEmpty, description: optional(str()) }), { maxItems: 4 }),
  multiSelect: optional(bool),
  isOther: optional(bool),
  isSecret: optional(bool),
  secretStore: optional(
    obj({
      name: str({ minLength: 1, maxLength: 128, pattern: /^[A-Z][A-Z0-9_]{0,127}$/ }),
      kind: oneOf(["secret", "env"]),
      allowedHosts: optional(hosts),
      reason: optional(str({ maxLength: 200 })),
    }),
  ),
});

const answersSchema = obj({ answers: record(QUESTION_ID_PATTERN, arr(str())) });

/** The closed param schemas of the question methods, as the gateway declares them. */
export const questionParamSchemas: Record<string, Check> = {
  "question.request": obj({
    id: optional(nonEmpty),
    questions: arr(questionSchema, { minItems: 1, maxItems: 3 }),
    agentId: optional(nonEmpty),
    sessionKey: optional(nonEmpty),
    runId: optional(nonEmpty),
    timeoutMs: optional(int({ minimum: 1 })),
  }),
  "question.list": obj({}),
  "question.get": obj({ id: nonEmpty }),
  "question.waitAnswer": obj({ id: nonEmpty, timeoutMs: optional(int({ minimum: 1 })), includeResolutionId: optional(bool) }),
};

const resolveAnswerSchema = obj({
  id: nonEmpty,
  answers: answersSchema,
  secretStoreAllowedHosts: optional(hosts),
  resolvedBy: optional(nonEmpty),
  resolutionId: optional(str({ minLength: 1, maxLength: 128 })),
});
const resolveCancelSchema = obj({ id: nonEmpty, cancel: literal(true), resolvedBy: optional(nonEmpty) });

/** Checks a question method's params; returns the gateway-worded error, or undefined when they pass. */
export function questionParamsError(method: string, params: unknown): SimMethodError | undefined {
  let schema = questionParamSchemas[method];
  if (method === "question.resolve") {
    const isCancel = typeof params === "object" && params !== null && "cancel" in params;
    schema = isCancel ? resolveCancelSchema : resolveAnswerSchema;
  }
  const problem = schema && checkValue(schema, params);
  return problem ? invalidRequest(`invalid ${method} params: ${problem}`) : undefined;
}

function isHttpUrlWithoutCredentials(raw: string): boolean {
  try {
    const url = new URL(raw);
    return (url.protocol === "http:" || url.protocol === "https:") && !url.username && !url.password;
  } catch {
    return false;
  }
}

/** The gateway's rules beyond the schema (unique ids, 0 or 2–4 distinct options, http(s) links, bound secrets); returns the first problem in its words. */
export function questionShapeError(questions: readonly SimQuestionInput[]): string | undefined {
  const ids = new Set<string>();
  for (const q of questions) {
    const name = `question '${q.questionId}'`;
    if (ids.has(q.questionId)) return `duplicate question id '${q.questionId}'`;
    ids.add(q.questionId);
    if (q.url !== undefined && !isHttpUrlWithoutCredentials(q.url)) return `${name} requires an absolute HTTP(S) URL without credentials`;
    if (q.options.length === 1) return `${name} must have either no options or 2 to 4 options`;
    if (q.isSecret && !q.secretStore) return `${name}: secret questions are not supported yet`;
    if (q.secretStore && !q.isSecret) return `${name}: secret store binding requires a secret question`;
    if (q.secretStore && (questions.length !== 1 || q.options.length !== 0 || q.multiSelect)) {
      return `${name}: secret store requests require one free-text, single-select question`;
    }
    const labels = new Set<string>();
    for (const option of q.options) {
      const key = option.label.trim().toLowerCase();
      if (labels.has(key)) return `${name} has duplicate option label '${option.label}'`;
      labels.add(key);
    }
  }
  return undefined;
}

function canonicalValue(q: SimQuestionInput, value: string): string {
  if (q.isSecret) return value;
  return q.options.find((o) => o.label.trim() === value.trim())?.label ?? value.trim();
}

/** Validates answers against a record and returns them canonical (labels matched after trimming), or throws `QUESTION_INVALID_ANSWER`. */
export function canonicalAnswers(record: QuestionRecord, envelope: QuestionAnswers): QuestionAnswers {
  const questions = record.questions as SimQuestionInput[];
  const canonical: QuestionAnswers = { answers: {} };
  for (const [key, values] of Object.entries(envelope.answers)) {
    const q = questions.find((x) => x.questionId === key);
    canonical.answers[key] = q ? values.map((v) => canonicalValue(q, v)) : values;
  }
  // The gateway takes free text for a question without options (and for secrets), whether or not isOther is set.
  const view: QuestionRecord = {
    ...record,
    questions: questions.map((q) => (q.options.length === 0 || q.isSecret ? { ...q, isOther: true } : q)),
  };
  // The gateway accepts a value repeated within one answer (and keeps it), so only distinct values are checked.
  const distinct: QuestionAnswers = { answers: Object.fromEntries(Object.entries(canonical.answers).map(([k, v]) => [k, [...new Set(v)]])) };
  const issue = checkAnswers(view, distinct)[0];
  if (issue) {
    const id = issue.path.replace(/^answers\./, "");
    throw questionError(QuestionErrorReason.InvalidAnswer, `question '${id}' ${issue.message}`);
  }
  return canonical;
}

/** The envelope to record: a secret-store answer becomes `["stored"]` so the value never enters the record; throws unless it is one value. */
export function recordedAnswers(record: QuestionRecord, envelope: QuestionAnswers): QuestionAnswers {
  const secret = record.questions[0]?.secretStore ? record.questions[0] : undefined;
  if (!secret) return envelope;
  const values = envelope.answers[secret.questionId];
  if (Object.keys(envelope.answers).length !== 1 || values?.length !== 1) {
    throw invalidRequest(`question '${secret.questionId}' requires exactly one secret value`);
  }
  return { answers: { [secret.questionId]: ["stored"] } };
}
