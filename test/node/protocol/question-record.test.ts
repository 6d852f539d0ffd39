import { describe, expect, it } from "vitest";
import { checkAnswers, isSecretQuestion, parseQuestionRecord, parseResolvedEvent, safeHttpUrl, type GatewayQuestion } from "../../../src/protocol";
import { MAX_OPTIONS } from "../../../src/protocol/ask-user";
import { parseGetEnding, parseRecordList } from "../../../src/protocol/payloads";
import { sameAnswers } from "../../../src/protocol/answers";

const record = (over: Record<string, unknown> = {}) => ({
  id: "q-1",
  questions: [
    {
      questionId: "deploy_target",
      header: "Deploy",
      question: "Where should this deploy?",
      options: [{ label: "Staging (Recommended)" }, { label: "Production", description: "Live traffic" }],
      isOther: true,
    },
  ],
  sessionKey: "agent:main:main",
  createdAtMs: 1000,
  expiresAtMs: 901000,
  status: "pending",
  ...over,
});
const labels = (count: number) => Array.from({ length: count }, (_, i) => `Choice ${i + 1}`);
const withQuestion = (q: Record<string, unknown>) => record({ questions: [{ ...record().questions[0], ...q }] });

describe("parseQuestionRecord", () => {
  it("accepts a gateway record and keeps its fields", () => {
    const parsed = parseQuestionRecord(record({ runId: "run-7", extra: "ignored" }));
    expect(parsed.ok).toBe(true);
    expect(parsed.ok && parsed.value).toMatchObject({ id: "q-1", runId: "run-7", sessionKey: "agent:main:main", status: "pending" });
    expect(parsed.ok && "extra" in parsed.value).toBe(false);
  });

  it("keeps an http link and drops a javascript: link without failing the record", () => {
    const good = parseQuestionRecord(withQuestion({ url: "https://example.com/docs" }));
    expect(good.ok && good.value.questions[0]?.url).toBe("https://example.com/docs");
    const evil = parseQuestionRecord(withQuestion({ url: "javascript:alert(1)" }));
    expect(evil.ok).toBe(true);
    expect(evil.ok && evil.value.questions[0]?.url).toBeUndefined();
  });

  it("reads isSecret: a question flagged secret is one, with or without a secret store", () => {
    const flagged = parseQuestionRecord(withQuestion({ options: [], isSecret: true }));
    expect(flagged.ok && flagged.value.questions[0]?.isSecret).toBe(true);
    expect(flagged.ok && isSecretQuestion(flagged.value.questions[0]!)).toBe(true);
    const plain = parseQuestionRecord(withQuestion({ isSecret: false }));
    expect(plain.ok && isSecretQuestion(plain.value.questions[0]!)).toBe(false);
  });

  it.each<[string, Record<string, unknown>, string]>([
    ["isSecret not a boolean", withQuestion({ isSecret: "yes" }), "questions[0].isSecret"],
    ["missing id", record({ id: undefined }), "id"],
    ["no questions", record({ questions: [] }), "questions"],
    ["bad status", record({ status: "done" }), "status"],
    ["expiresAtMs a string", record({ expiresAtMs: "soon" }), "expiresAtMs"],
    ["more options than the kit reads", withQuestion({ options: labels(MAX_OPTIONS + 1).map((label) => ({ label })) }), "questions[0].options"],
    ["bad questionId", withQuestion({ questionId: "Deploy" }), "questions[0].questionId"],
    ["answers not arrays", record({ status: "answered", answers: { answers: { deploy_target: "Staging" } } }), "answers.answers.deploy_target"],
    ["an answer not a string", record({ status: "answered", answers: { answers: { deploy_target: ["Staging", 2] } } }), "answers.answers.deploy_target[1]"],
    ["an empty option label", withQuestion({ options: [{ label: "A" }, { label: " " }] }), "questions[0].options[1].label"],
    ["an option description not a string", withQuestion({ options: [{ label: "A", description: 5 }, { label: "B" }] }), "questions[0].options[0].description"],
    ["an option not an object", withQuestion({ options: [{ label: "A" }, "B"] }), "questions[0].options[1]"],
    ["an option label not a string", withQuestion({ options: [{ label: "A" }, { label: 7, value: "seven" }] }), "questions[0].options[1].label"],
    ["a header not a string", withQuestion({ header: 3 }), "questions[0].header"],
    ["an empty question", withQuestion({ question: "  " }), "questions[0].question"],
    ["multiSelect not a boolean", withQuestion({ multiSelect: "no" }), "questions[0].multiSelect"],
  ])("rejects a record with %s, naming the path", (_name, input, path) => {
    const parsed = parseQuestionRecord(input);
    expect(parsed.ok).toBe(false);
    expect(!parsed.ok && parsed.errors.map((e) => e.path)).toContain(path);
  });

  // What safety needs is checked (texts are strings, links http(s), ids strings, a bound on the list); what a gateway
  // accepts or will accept is read: the release after 2026.9.6 allows 64 options, an option `value`, and more fields.
  it.each<[string, Record<string, unknown>, Partial<GatewayQuestion>]>([
    ["ten options", { options: labels(10).map((label) => ({ label })) }, { options: labels(10).map((label) => ({ label })) }],
    ["64 options, the gateway's newest limit", { options: labels(64).map((label) => ({ label })) }, { options: labels(64).map((label) => ({ label })) }],
    [`${MAX_OPTIONS} options, the kit's bound`, { options: labels(MAX_OPTIONS).map((label) => ({ label })) }, { options: labels(MAX_OPTIONS).map((label) => ({ label })) }],
    ["one option", { options: [{ label: "Only" }] }, { options: [{ label: "Only" }] }],
    ["an option value, kept out: the label is what the kit shows and sends", { options: [{ label: "EU", value: "eu-central-1" }, { label: "US" }] }, { options: [{ label: "EU" }, { label: "US" }] }],
    [
      "the next release's option fields",
      { options: [{ label: "A", thumbnail: "https://example.com/a.png", resourceUri: "file:///a", preview: { kind: "markdown", text: "# A" } }, { label: "B" }] },
      { options: [{ label: "A" }, { label: "B" }] },
    ],
    [
      "the next release's question fields",
      { allowEmpty: true, defaultAnswers: ["Staging (Recommended)"], presentation: "form", answerFormat: "lines", resource: { kind: "file" } },
      { options: record().questions[0]!.options, isOther: true },
    ],
    ["a field no release has yet", { futureHint: { anything: [1, 2] } }, { questionId: "deploy_target" }],
    ["zero options with isOther: a plain labelled field", { options: [], isOther: true }, { options: [], isOther: true }],
    ["zero options without isOther, which the gateway answers with free text all the same", { options: [], isOther: false }, { options: [], isOther: true }],
  ])("reads a question with %s", (_name, over, expected) => {
    const parsed = parseQuestionRecord(withQuestion(over));
    expect(parsed.ok).toBe(true);
    const question = parsed.ok ? parsed.value.questions[0]! : undefined;
    expect(question).toMatchObject(expected);
    for (const key of ["allowEmpty", "defaultAnswers", "presentation", "answerFormat", "resource", "futureHint"]) expect(question).not.toHaveProperty(key);
    for (const option of question?.options ?? []) expect(Object.keys(option).every((k) => k === "label" || k === "description")).toBe(true);
  });

  it("sets a malformed record aside in a list without losing the others", () => {
    const parsed = parseRecordList({ questions: [record(), { id: 5 }, record({ id: "q-2" })] });
    expect(parsed.ok && parsed.value.records.map((r) => r.id)).toEqual(["q-1", "q-2"]);
    expect(parsed.ok && parsed.value.rejected[0]).toMatchObject({ index: 1, errors: expect.arrayContaining([{ path: "questions[1].id", message: expect.any(String) }]) });
  });
});

describe("parseGetEnding", () => {
  it("reads how a record ended from a question.get result, answers copied, resolvedBy as the gateway said it", () => {
    const answers = { answers: { deploy_target: ["Staging"] } };
    const parsed = parseGetEnding({ question: record({ status: "answered", answers, resolvedBy: "control-ui:x" }) });
    expect(parsed).toEqual({ ok: true, value: { id: "q-1", status: "answered", answers, resolvedBy: "control-ui:x" } });
    expect(parsed.ok && parsed.value.answers?.answers["deploy_target"]).not.toBe(answers.answers.deploy_target);
  });

  it.each<[string, unknown, string]>([
    ["no question", {}, "question"],
    ["no id", { question: record({ id: "" }) }, "question.id"],
    ["a bad status", { question: record({ status: "done" }) }, "question.status"],
    ["answers not arrays", { question: record({ status: "answered", answers: { answers: { a: "x" } } }) }, "question.answers.answers.a"],
  ])("rejects a result with %s, naming the path", (_name, input, path) => {
    const parsed = parseGetEnding(input);
    expect(!parsed.ok && parsed.errors.map((e) => e.path)).toContain(path);
  });
});

describe("parseResolvedEvent", () => {
  it.each([
    [{ id: "q", status: "answered", answers: { answers: { a: ["x"] } } }, true],
    [{ id: "q", status: "cancelled" }, true],
    [{ id: "q", status: "expired" }, true],
    [{ id: "q", status: "answered" }, false],
    [{ id: "q", status: "pending" }, false],
    [{ status: "cancelled" }, false],
  ])("%j is valid: %s", (payload, ok) => expect(parseResolvedEvent(payload).ok).toBe(ok));
});

describe("checkAnswers", () => {
  const parsed = parseQuestionRecord(record());
  const rec = parsed.ok ? parsed.value : (undefined as never);
  it.each<[string, Record<string, string[]>, RegExp | null]>([
    ["an option", { deploy_target: ["Production"] }, null],
    ["free text where isOther is set", { deploy_target: ["Canary"] }, null],
    ["two answers to single-select", { deploy_target: ["Production", "Staging (Recommended)"] }, /multiple answers/],
    ["no answer", { deploy_target: [] }, /needs an answer/],
    ["an unknown question", { deploy_target: ["Production"], region: ["eu"] }, /does not have/],
  ])("%s", (_name, answers, problem) => {
    const issues = checkAnswers(rec, { answers });
    if (problem) expect(issues.map((i) => i.message).join()).toMatch(problem);
    else expect(issues).toEqual([]);
  });

  it("refuses free text when the question does not accept it", () => {
    const strict = parseQuestionRecord(withQuestion({ isOther: false }));
    expect(strict.ok && checkAnswers(strict.value, { answers: { deploy_target: ["Canary"] } })[0]?.message).toMatch(/unknown option/);
  });
});

describe("sameAnswers and safeHttpUrl", () => {
  it("compares answers ignoring order within a question", () => {
    expect(sameAnswers({ answers: { a: ["x", "y"] } }, { answers: { a: ["y", "x"] } })).toBe(true);
    expect(sameAnswers({ answers: { a: ["x"] } }, { answers: { a: ["y"] } })).toBe(false);
    expect(sameAnswers({ answers: { a: ["x"] } }, { answers: { a: ["x"], b: ["z"] } })).toBe(false);
    expect(sameAnswers(undefined, { answers: {} })).toBe(false);
  });

  it.each([
    ["https://a.example/x", "https://a.example/x"],
    ["http://a.example", "http://a.example/"],
    ["javascript:alert(1)", undefined],
    ["data:text/html,hi", undefined],
    ["//a.example", undefined],
    ["file:///etc/passwd", undefined],
    [42, undefined],
  ])("safeHttpUrl(%j) → %j", (input, expected) => expect(safeHttpUrl(input)).toBe(expected));
});
