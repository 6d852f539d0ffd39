import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { checkAnswers, parseTextReply, type GatewayQuestion, type QuestionRecord } from "../../../src/protocol";
import { displayLabel } from "../../../src/protocol/text-reply";
import { HOSTILE_KEYS, validRecord } from "./arbitraries";

// 465 records × every option combination of each question × 3 reply forms: about 10,000 replies read back;
// plus 465 arbitrary replies to arbitrary valid records.
const RUNS = 465;

// Labels with commas, runs of spaces, emoji, RTL and accents, some with a description. None starts with a digit, so "2" and "2: …" keep
// their one meaning; none is the skip word.
const unit = fc.oneof({ weight: 6, arbitrary: fc.constantFrom(..."abcdefgxyzABC -") }, fc.constantFrom(",", "  ", "👨‍👩‍👧", "🇫🇷", "ש", "é", "中", "7"));
const compare = (s: string) => s.normalize("NFC").replace(/\s+/g, " ").trim().toLowerCase();
const segmentsOf = (label: string) => label.split(",").map(compare);
const label = fc
  .string({ unit, minLength: 1, maxLength: 20 })
  .map((s) => s.trim())
  .filter((l) => /^[^\d,]/.test(l) && !l.endsWith(",") && segmentsOf(l).every((s) => s !== "") && compare(l) !== "skip");

// Option labels of one question whose comma-separated parts are unique: a comma list of them splits one way only.
const options = fc
  .uniqueArray(label, { minLength: 2, maxLength: 4, selector: compare })
  .filter((labels) => {
    const parts = labels.flatMap(segmentsOf);
    return new Set(parts).size === parts.length;
  })
  .chain((labels) => fc.tuple(...labels.map((l) => fc.record({ label: fc.constant(l), description: fc.constantFrom("Try it first", "1, 2 — or 3") }, { requiredKeys: ["label"] }))));

const record = fc
  .uniqueArray(
    fc.record({
      questionId: fc.oneof(fc.stringMatching(/^[a-z][a-z0-9_]{0,8}$/), fc.constantFrom(...HOSTILE_KEYS)),
      header: fc.string({ unit: fc.constantFrom(..."Headr xyz"), maxLength: 12 }),
      question: fc.constantFrom("Which one?", "Pick any?", "שאלה?"),
      options,
      multiSelect: fc.boolean(),
      isOther: fc.boolean(),
    }),
    { minLength: 1, maxLength: 3, selector: (q) => q.questionId },
  )
  .map((questions): QuestionRecord => ({ id: "r", createdAtMs: 0, expiresAtMs: 1, status: "pending", questions }));

// Own answers carry a character no label has, and no comma, so they can only be read as themselves.
const ownAnswer = fc.string({ unit: fc.constantFrom(..."own wrd中"), minLength: 1, maxLength: 10 }).map((s) => `✎ ${s}`.trim());

/** Every answer a question can take by its options: each option, or each non-empty subset for multi-select. */
function combinations(q: GatewayQuestion): number[][] {
  const n = q.options.length;
  if (!q.multiSelect) return q.options.map((_, i) => [i]);
  return Array.from({ length: 2 ** n - 1 }, (_, mask) => [...Array(n).keys()].filter((i) => ((mask + 1) >> i) & 1));
}

/** Each question's options as a reply names them, as [number, label] pairs: the label on one line, as shown. */
function listedOptions(rec: QuestionRecord): Array<Array<[string, string]>> {
  return rec.questions.map((q) => q.options.map((o, i): [string, string] => [String(i + 1), displayLabel(o.label)]));
}

type Form = "number" | "label" | "mixed";

function valueText(picked: number[], listed: Array<[string, string]>, form: Form, casing: (s: string) => string, own?: string): string {
  const parts = picked.map((i, k) => {
    const [number, shown] = listed[i]!;
    return form === "number" || (form === "mixed" && k % 2 === 0) ? number : casing(shown);
  });
  return [...parts, ...(own ? [own] : [])].join(form === "mixed" ? " ,  " : ", ");
}

describe("Replies as text, read back", () => {
  it("every option combination, replied to by number, by label and mixed, parses back to itself", () => {
    fc.assert(
      fc.property(record, fc.constantFrom((s: string) => s, (s: string) => s.toUpperCase(), (s: string) => s.toLowerCase()), fc.boolean(), ownAnswer, fc.boolean(), (rec, casing, numberedLines, own, withOwn) => {
        const count = rec.questions.length;
        const listed = listedOptions(rec);
        const combos = rec.questions.map(combinations);
        const rounds = Math.max(...combos.map((c) => c.length));
        for (let round = 0; round < rounds; round += 1) {
          const picks = combos.map((c) => c[round % c.length]!);
          const owns = rec.questions.map((q, i) => (withOwn && q.isOther && i === round % count ? own : undefined));
          const expected = rec.questions.map((q, i): [string, string[]] => {
            const labels = picks[i]!.map((k) => q.options[k]!.label);
            if (owns[i] === undefined) return [q.questionId, labels];
            return [q.questionId, q.multiSelect ? [...labels, owns[i]!] : [owns[i]!]];
          });
          for (const form of ["number", "label", "mixed"] as const) {
            const lines = rec.questions.map((q, i) => valueText(q.multiSelect || owns[i] === undefined ? picks[i]! : [], listed[i]!, form, casing, owns[i]));
            const reply = numberedLines ? lines.map((l, i) => `${i + 1}: ${l}`).reverse().join("\n") : lines.join("\n");
            const parsed = parseTextReply(rec, reply);
            if (!parsed.ok || !parsed.answers) expect.fail(`${JSON.stringify(reply)} → ${JSON.stringify(parsed)}`);
            expect(Object.entries(parsed.answers.answers)).toEqual(expected);
            expect(checkAnswers(rec, parsed.answers)).toEqual([]);
          }
        }
      }),
      { numRuns: RUNS },
    );
  });

  it("parseTextReply never throws on arbitrary replies, and whatever it accepts the gateway accepts", () => {
    const lineish = fc.array(fc.oneof(fc.string({ unit: "binary", maxLength: 30 }), fc.constantFrom("1", "2: 3", "skip", ",", "1, 2", "\u0000", "__proto__", "4:")), { maxLength: 5 }).map((ls) => ls.join("\n"));
    fc.assert(
      fc.property(validRecord, fc.oneof(fc.string({ unit: "binary", maxLength: 200 }), lineish), (rec, reply) => {
        const result = parseTextReply(rec, reply);
        if (!result.ok) expect(result.reason.trim()).not.toBe("");
        else if (result.answers) expect(checkAnswers(rec, result.answers)).toEqual([]);
        else expect(result.skip).toBe(true);
      }),
      { numRuns: RUNS },
    );
  });
});
