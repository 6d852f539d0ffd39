// fast-check arbitraries for the fuzz tests: hostile JSON-ish values, and question records valid by construction.
import fc from "fast-check";

/** Keys a plain object would answer from its prototype, mixed into every generated object. */
export const HOSTILE_KEYS = ["__proto__", "constructor", "toString", "hasOwnProperty", "valueOf", "id", "questions", "status", "answers"];

const key = fc.oneof(fc.constantFrom(...HOSTILE_KEYS), fc.string({ maxLength: 12 }));

/** Any JSON-like value, with hostile keys and strings, nested a few levels. */
export const anyValue = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: "small" },
    fc.constant(null),
    fc.boolean(),
    fc.double(),
    fc.integer(),
    fc.string({ maxLength: 40 }),
    // Any code unit at all: lone surrogates, NUL, controls, bidi overrides.
    fc.string({ unit: "binary", maxLength: 40 }),
    fc.constantFrom(...HOSTILE_KEYS),
    fc.array(tie("value"), { maxLength: 4 }),
    fc.dictionary(key, tie("value"), { maxKeys: 6 }),
  ),
})).value;

const questionId = fc.stringMatching(/^[a-z][a-z0-9_]{0,15}$/);

// Characters that break naive code: markup, quotes, bidi overrides, NUL, emoji sequences, other scripts.
const HOSTILE_CHARS = ["<", ">", "&", '"', "'", "`", "$", "{", "}", "\u202E", "\u0000", "\u200D", "👨‍👩‍👧", "🇫🇷", "é", "中", "ש"];
const unit = fc.oneof({ weight: 4, arbitrary: fc.constantFrom(..."abcdefghijklmnopqrstuvwxyz ABCXYZ0123456789.-_:/") }, fc.constantFrom(...HOSTILE_CHARS));

/** Non-blank text without surrounding spaces, hostile characters mixed in, at most `max` code points. */
export const text = (max: number) =>
  fc
    .string({ unit, minLength: 1, maxLength: max })
    .map((s) => s.trim())
    .filter((s) => s !== "" && Array.from(s).length <= max);

/** A gateway question record that the validators must accept. */
export const validRecord = fc
  .record({
    id: fc.oneof(fc.uuid(), fc.constantFrom("constructor", "__proto__", "toString")),
    questions: fc.uniqueArray(
      fc.record({
        questionId,
        header: text(12),
        question: text(200),
        options: fc.uniqueArray(fc.record({ label: text(64) }), { minLength: 2, maxLength: 4, selector: (o) => o.label.toLowerCase() }),
        multiSelect: fc.boolean(),
        isOther: fc.boolean(),
      }),
      { minLength: 1, maxLength: 3, selector: (q) => q.questionId },
    ),
    createdAtMs: fc.integer({ min: 0, max: 2 ** 41 }),
    expiresAtMs: fc.integer({ min: 0, max: 2 ** 42 }),
  })
  .map((r) => ({ ...r, status: "pending" as const, sessionKey: "agent:main:main" }));

const label = text(40).filter((l) => !/^(other|something else)(\.\.\.|…|:)?$/i.test(l));

/** An async delivery block (options as strings or `{label}`) that parseAsyncDelivery must accept. */
export const validAsyncDelivery = fc.record({
  itemId: text(64),
  questions: fc.array(
    fc.record(
      {
        title: text(300),
        options: fc.uniqueArray(label, { minLength: 1, maxLength: 4, selector: (l) => l.toLowerCase() }).chain((labels) => fc.constantFrom(labels, labels.map((l) => ({ label: l })))),
      },
      { requiredKeys: ["title"] },
    ),
    { minLength: 1, maxLength: 12 },
  ),
});

/** A `question.resolved` payload that parseResolvedEvent must accept; ids as hostile as any. */
export const validResolvedEvent = fc.oneof(
  fc.record({ id: fc.oneof(text(40), fc.constantFrom(...HOSTILE_KEYS)), status: fc.constantFrom("cancelled" as const, "expired" as const) }),
  fc.record({
    id: fc.oneof(text(40), fc.constantFrom(...HOSTILE_KEYS)),
    status: fc.constant("answered" as const),
    answers: fc.record({ answers: fc.dictionary(fc.oneof(questionId, fc.constantFrom(...HOSTILE_KEYS)), fc.array(text(40), { maxLength: 4 }), { maxKeys: 3 }) }),
  }),
);

/** A `hello-ok` payload that parseHelloOk must accept. */
export const validHelloOk = fc.record({
  protocol: fc.integer({ min: 1, max: 10 }),
  server: fc.record({ version: text(12), connId: text(20), bootId: text(20) }, { requiredKeys: ["bootId"] }),
  features: fc.record({ methods: fc.array(text(20), { maxLength: 5 }), events: fc.array(text(20), { maxLength: 5 }) }),
  auth: fc.record({ scopes: fc.array(text(20), { maxLength: 3 }), deviceToken: text(40) }, { requiredKeys: [] }),
  snapshot: fc.record({ sessionDefaults: fc.record({ mainSessionKey: text(30) }) }),
});

const CORRUPTIBLE = ["id", "questions", "status", "createdAtMs", "expiresAtMs", "sessionKey", "questions.0", "questions.0.questionId", "questions.0.question", "questions.0.options", "questions.0.options.0", "questions.0.options.0.label", "questions.0.url", "questions.0.secretStore"];

// Sets `path` (dot-separated) on a deep copy; a missing step is created, so the corruption always lands.
function corrupt(record: unknown, path: string, value: unknown): unknown {
  const copy = structuredClone(record) as Record<string, unknown>;
  const keys = path.split(".");
  let at: Record<string, unknown> = copy;
  for (const k of keys.slice(0, -1)) {
    if (typeof at[k] !== "object" || at[k] === null) at[k] = {};
    at = at[k] as Record<string, unknown>;
  }
  at[keys[keys.length - 1]!] = value;
  return copy;
}

/** A valid record with one field replaced by anything: reaches the validators' deep paths, not only their first check. */
export const corruptedRecord = fc.tuple(validRecord, fc.constantFrom(...CORRUPTIBLE), anyValue).map(([r, path, v]) => corrupt(r, path, v));
