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
    fc.constantFrom(...HOSTILE_KEYS),
    fc.array(tie("value"), { maxLength: 4 }),
    fc.dictionary(key, tie("value"), { maxKeys: 6 }),
  ),
})).value;

const questionId = fc.stringMatching(/^[a-z][a-z0-9_]{0,15}$/);
const text = (max: number) => fc.string({ minLength: 1, maxLength: max }).filter((s) => s.trim() !== "" && s.trim() === s);

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
