import { QUESTION_ID_PATTERN } from "../protocol/ask-user";
import { QuestionErrorReason } from "../protocol/errors";
import { checkAnswers, type GatewayQuestion, type QuestionOption, type QuestionRecord } from "../protocol/question-record";
import type { QuestionAnswers } from "../protocol/answers";
import { invalidRequest, questionError, type SimMethodError } from "./sim-errors";
import { any, arr, bool, checkValue, int, literal, nonEmpty, obj, oneOf, optional, record, str, type Check } from "./sim-schema";

/**
 * Whose `question.request` rules apply: the published gateway's (2026.9.6), or those of the release after it, read in
 * OpenClaw's source, which a test turns on to send records the published gateway refuses.
 */
export type SimQuestionSchema = "2026.9.6" | "next";

/** An option as `question.request` takes it; `value` and the fields after it exist only under the next release's rules. */
export type SimOptionInput = QuestionOption & { value?: string; thumbnail?: unknown; resourceUri?: unknown; preview?: unknown };

/** A question as `question.request` takes it; `isSecret` is a wire field the kit's record type leaves out, the fields after it exist only under the next release's rules. */
export type SimQuestionInput = Omit<GatewayQuestion, "options"> & {
  options: SimOptionInput[];
  isSecret?: boolean;
  allowEmpty?: boolean;
  defaultAnswers?: unknown;
  presentation?: "form";
  answerFormat?: "lines";
  resource?: unknown;
};

/** Most options a question may have under each release's rules. */
const MOST_OPTIONS: Record<SimQuestionSchema, number> = { "2026.9.6": 4, next: 64 };

const questionId = str({ pattern: QUESTION_ID_PATTERN });
const hosts = arr(str({ minLength: 1, maxLength: 253 }), { maxItems: 128 });

const publishedOption = { label: nonEmpty, description: optional(str()) };
const publishedQuestion = {
  questionId,
  header: str({ maxLength: 12 }),
  question: nonEmpty,
  url: optional(str({ minLength: 1, maxLength: 2048 })),
  options: arr(obj(publishedOption), { maxItems: MOST_OPTIONS["2026.9.6"] }),
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
};
// Fields whose inner shape the kit never reads are taken as they come.
const nextOption = { ...publishedOption, value: optional(str({ minLength: 1, maxLength: 4096 })), thumbnail: optional(any), resourceUri: optional(any), preview: optional(any) };
const nextQuestion = {
  ...publishedQuestion,
  options: arr(obj(nextOption), { maxItems: MOST_OPTIONS.next }),
  allowEmpty: optional(bool),
  defaultAnswers: optional(any),
  presentation: optional(literal("form")),
  answerFormat: optional(literal("lines")),
  resource: optional(any),
};

const answersSchema = obj({ answers: record(QUESTION_ID_PATTERN, arr(str())) });

function requestSchema(question: Check): Check {
  return obj({
    id: optional(nonEmpty),
    questions: arr(question, { minItems: 1, maxItems: 3 }),
    agentId: optional(nonEmpty),
    sessionKey: optional(nonEmpty),
    runId: optional(nonEmpty),
    timeoutMs: optional(int({ minimum: 1 })),
  });
}

/** The closed param schemas of the question methods, as the published gateway declares them. */
export const questionParamSchemas: Record<string, Check> = {
  "question.request": requestSchema(obj(publishedQuestion)),
  "question.list": obj({}),
  "question.get": obj({ id: nonEmpty }),
  "question.waitAnswer": obj({ id: nonEmpty, timeoutMs: optional(int({ minimum: 1 })), includeResolutionId: optional(bool) }),
};
const nextRequestSchema = requestSchema(obj(nextQuestion));

const resolveAnswerSchema = obj({
  id: nonEmpty,
  answers: answersSchema,
  secretStoreAllowedHosts: optional(hosts),
  resolvedBy: optional(nonEmpty),
  resolutionId: optional(str({ minLength: 1, maxLength: 128 })),
});
const resolveCancelSchema = obj({ id: nonEmpty, cancel: literal(true), resolvedBy: optional(nonEmpty) });

/** Checks a question method's params under `rules`; returns the gateway-worded error, or undefined when they pass. */
export function questionParamsError(method: string, params: unknown, rules: SimQuestionSchema = "2026.9.6"): SimMethodError | undefined {
  let schema = method === "question.request" && rules === "next" ? nextRequestSchema : questionParamSchemas[method];
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

/** The gateway's rules beyond the schema (unique ids, no option or 2 and more distinct ones, http(s) links, bound secrets); returns the first problem in its words. */
export function questionShapeError(questions: readonly SimQuestionInput[], rules: SimQuestionSchema = "2026.9.6"): string | undefined {
  const ids = new Set<string>();
  for (const q of questions) {
    const name = `question '${q.questionId}'`;
    if (ids.has(q.questionId)) return `duplicate question id '${q.questionId}'`;
    ids.add(q.questionId);
    if (q.url !== undefined && !isHttpUrlWithoutCredentials(q.url)) return `${name} requires an absolute HTTP(S) URL without credentials`;
    if (q.options.length === 1) return `${name} must have either no options or 2 to ${MOST_OPTIONS[rules]} options`;
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

// The option an answer names: by its label after trimming, or (next release) by its value.
function optionNamed(q: SimQuestionInput, value: string): SimOptionInput | undefined {
  return q.options.find((o) => o.label.trim() === value.trim()) ?? q.options.find((o) => o.value !== undefined && o.value === value);
}

/**
 * Validates answers against a record, or throws `QUESTION_INVALID_ANSWER`, and returns them as the gateway records
 * them: an option's `value ?? label`, own text trimmed, a secret as typed.
 */
export function canonicalAnswers(record: QuestionRecord, envelope: QuestionAnswers): QuestionAnswers {
  const questions = record.questions as SimQuestionInput[];
  const labelled: QuestionAnswers = { answers: {} };
  const canonical: QuestionAnswers = { answers: {} };
  for (const [key, values] of Object.entries(envelope.answers)) {
    const q = questions.find((x) => x.questionId === key);
    if (!q || q.isSecret) {
      labelled.answers[key] = canonical.answers[key] = values;
      continue;
    }
    const named = values.map((v) => optionNamed(q, v));
    const labels = values.map((v, i) => named[i]?.label ?? v.trim());
    labelled.answers[key] = labels;
    canonical.answers[key] = labels.map((label, i) => named[i]?.value ?? label);
  }
  // The gateway takes free text for a question without options (and for secrets), whether or not isOther is set.
  const view: QuestionRecord = {
    ...record,
    questions: questions.map((q) => (q.options.length === 0 || q.isSecret ? { ...q, isOther: true } : q)),
  };
  // The gateway accepts a value repeated within one answer (and keeps it), so only distinct values are checked.
  const distinct: QuestionAnswers = { answers: Object.fromEntries(Object.entries(labelled.answers).map(([k, v]) => [k, [...new Set(v)]])) };
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
