import { describe, expect, it } from "vitest";
import { clampTimeoutSeconds, isRecommended } from "../../../src/protocol/ask-user";
import { parseAskUserInput } from "../../../src/protocol";

const labels = (count: number) => Array.from({ length: count }, (_, i) => `Choice ${i + 1}`);
const option = (label: string, description?: string) => (description ? { label, description } : { label });
const question = (over: Record<string, unknown> = {}) => ({
  id: "deploy_target",
  header: "Deploy",
  question: "Where should this deploy?",
  options: [option("Staging (Recommended)"), option("Production")],
  ...over,
});

describe("parseAskUserInput", () => {
  it("accepts a valid input and fills the defaults", () => {
    const parsed = parseAskUserInput({ questions: [question()] });
    expect(parsed).toEqual({
      ok: true,
      value: {
        timeoutSeconds: 900,
        questions: [{ ...question(), multiSelect: false }],
      },
    });
  });

  it.each([0, 5, 64, 256])("takes %i options, as a gateway that allows them asks", (count) => {
    const parsed = parseAskUserInput({ questions: [question({ options: labels(count).map((l) => option(l)) })] });
    expect(parsed.ok && parsed.value.questions[0]?.options.map((o) => o.label)).toEqual(labels(count));
  });

  it("cuts a long header to 12 characters without splitting an emoji", () => {
    const parsed = parseAskUserInput({ questions: [question({ header: "Deployment target region" })] });
    expect(parsed.ok && parsed.value.questions[0]?.header).toBe("Deployment t");
    const emoji = parseAskUserInput({ questions: [question({ header: "🚀🚀🚀🚀🚀🚀🚀🚀🚀🚀🚀🚀🚀" })] });
    expect(emoji.ok && Array.from(emoji.value.questions[0]!.header)).toHaveLength(12);
  });

  it.each([
    [10, 30],
    [30, 30],
    [600, 600],
    [3600, 3600],
    [99999, 3600],
    [45.6, 46],
    [undefined, 900],
  ])("clamps timeoutSeconds %s to %s", (input, expected) => {
    const parsed = parseAskUserInput({ questions: [question()], timeoutSeconds: input });
    expect(parsed.ok && parsed.value.timeoutSeconds).toBe(expected);
    expect(clampTimeoutSeconds(input)).toBe(expected);
  });

  const bad: Array<[string, unknown, string, RegExp]> = [
    ["not an object", "questions", "", /must be an object/],
    ["no questions", { questions: [] }, "questions", /1 to 3 questions/],
    ["four questions", { questions: ["a", "b", "c", "d"].map((id) => question({ id })) }, "questions", /1 to 3 questions/],
    ["questions not an array", { questions: {} }, "questions", /must be an array/],
    ["camelCase id", { questions: [question({ id: "deployTarget" })] }, "questions[0].id", /snake_case/],
    ["id starting with a digit", { questions: [question({ id: "1st" })] }, "questions[0].id", /snake_case/],
    ["duplicate ids", { questions: [question(), question()] }, "questions[1].id", /duplicates another question id/],
    ["empty question", { questions: [question({ question: "  " })] }, "questions[0].question", /must not be empty/],
    ["missing header", { questions: [question({ header: undefined })] }, "questions[0].header", /must be a string/],
    ["one option", { questions: [question({ options: [option("A")] })] }, "questions[0].options", /no options or 2 to 256 options/],
    ["257 options", { questions: [question({ options: labels(257).map((l) => option(l)) })] }, "questions[0].options", /no options or 2 to 256 options, got 257/],
    ["label over 64", { questions: [question({ options: [option("x".repeat(65)), option("B")] })] }, "questions[0].options[0].label", /at most 64/],
    ["labels equal ignoring case", { questions: [question({ options: [option("Yes"), option("yes")] })] }, "questions[0].options[1].label", /case-insensitive/],
    ["authored Other", { questions: [question({ options: [option("Staging"), option("Other")] })] }, "questions[0].options[1].label", /authored Other/],
    ["authored Other…", { questions: [question({ options: [option("Staging"), option("other…")] })] }, "questions[0].options[1].label", /authored Other/],
    ["multiSelect not boolean", { questions: [question({ multiSelect: "yes" })] }, "questions[0].multiSelect", /true or false/],
    ["timeout not a number", { questions: [question()], timeoutSeconds: "60" }, "timeoutSeconds", /finite number/],
  ];

  it.each(bad)("rejects %s with a readable error at its path", (_name, input, path, message) => {
    const parsed = parseAskUserInput(input);
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.errors).toContainEqual({ path, message: expect.stringMatching(message) });
  });

  it("reports every problem at once instead of stopping at the first", () => {
    const parsed = parseAskUserInput({ questions: [question({ id: "Bad", options: [option("Other")] })], timeoutSeconds: "x" });
    expect(parsed.ok === false && parsed.errors.map((e) => e.path)).toEqual(
      expect.arrayContaining(["questions[0].id", "questions[0].options", "questions[0].options[0].label", "timeoutSeconds"]),
    );
  });

  it("never throws on hostile input", () => {
    for (const input of [null, undefined, 42, [], { questions: [null, 1, "x"] }, { questions: [{ options: [null] }] }]) {
      expect(() => parseAskUserInput(input)).not.toThrow();
      expect(parseAskUserInput(input).ok).toBe(false);
    }
  });
});

describe("isRecommended", () => {
  it.each([
    ["Staging (Recommended)", true],
    ["Staging (recommended)  ", true],
    ["Recommended staging", false],
    ["(Recommended) Staging", false],
  ])("%s → %s", (label, expected) => expect(isRecommended(label)).toBe(expected));
});
