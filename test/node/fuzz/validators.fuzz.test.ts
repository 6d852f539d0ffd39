import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  formatAnswerText,
  parseAnswerText,
  parseAskUserInput,
  parseAsyncDelivery,
  parseChatEvent,
  parseChatMessage,
  parseFrame,
  parseGetResult,
  parseHelloOk,
  parseQuestionRecord,
  parseRecordList,
  parseResolvedEvent,
  type Validated,
} from "../../../src/protocol";
import { anyValue, validRecord } from "./arbitraries";

const RUNS = 800;

// Whatever it was given, a validator answers: a value, or readable, bounded issues. It never throws.
function answersReadably(result: Validated<unknown>): void {
  expect(typeof result.ok).toBe("boolean");
  if (result.ok) return;
  expect(result.errors.length).toBeGreaterThan(0);
  expect(result.errors.length).toBeLessThanOrEqual(51);
  for (const issue of result.errors) {
    expect(typeof issue.path).toBe("string");
    expect(typeof issue.message).toBe("string");
    expect(issue.path.length).toBeLessThanOrEqual(300);
    expect(issue.message.length).toBeLessThanOrEqual(600);
  }
}

describe("Every validator, fed anything", () => {
  it.each([
    ["parseQuestionRecord", parseQuestionRecord],
    ["parseAskUserInput", parseAskUserInput],
    ["parseAsyncDelivery", parseAsyncDelivery],
    ["parseChatMessage", parseChatMessage],
    ["parseChatEvent", parseChatEvent],
    ["parseResolvedEvent", parseResolvedEvent],
    ["parseHelloOk", parseHelloOk],
    ["parseGetResult", parseGetResult],
    ["parseRecordList", (v: unknown) => parseRecordList(v)],
  ] as const)("%s never throws and explains every refusal", (_name, parse) => {
    fc.assert(fc.property(anyValue, (value) => answersReadably(parse(value) as Validated<unknown>)), { numRuns: RUNS });
  });

  it("parseFrame takes any text, JSON or not", () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.json(), anyValue.map((v) => JSON.stringify(v) ?? "")), (text) => answersReadably(parseFrame(text))),
      { numRuns: RUNS },
    );
  });

  it("parseAnswerText never throws, and reads its own formatting of untroubled titles back", () => {
    fc.assert(
      fc.property(fc.string(), fc.array(fc.string(), { maxLength: 4 }), (text, titles) => {
        expect(() => parseAnswerText(text, titles)).not.toThrow();
      }),
      { numRuns: RUNS },
    );
  });
});

describe("Valid by construction", () => {
  it("parseQuestionRecord accepts every well-formed record, ids such as constructor included, and keeps its fields", () => {
    fc.assert(
      fc.property(validRecord, (record) => {
        const parsed = parseQuestionRecord(record);
        expect(parsed.ok).toBe(true);
        if (!parsed.ok) return;
        expect(parsed.value.id).toBe(record.id);
        expect(parsed.value.questions.map((q) => q.options.map((o) => o.label))).toEqual(record.questions.map((q) => q.options.map((o) => o.label)));
      }),
      { numRuns: RUNS },
    );
  });

  it("formatAnswerText output is always a string that parseAnswerText takes", () => {
    fc.assert(
      fc.property(fc.array(fc.record({ title: fc.string({ minLength: 1 }), values: fc.array(fc.string()) }), { minLength: 1, maxLength: 4 }), (items) => {
        const text = formatAnswerText(items);
        expect(typeof text).toBe("string");
        expect(() => parseAnswerText(text, items.map((i) => i.title))).not.toThrow();
      }),
      { numRuns: RUNS },
    );
  });
});
