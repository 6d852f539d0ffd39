import { describe, expect, it } from "vitest";
import { createSimulatedGateway } from "../../../src/simulated";
import { parseQuestionRecord } from "../../../src/protocol";
import { connect, ManualClock } from "./wire";

const deployQuestion = {
  questionId: "target",
  header: "Deploy",
  question: "Where should this go?",
  options: [{ label: "Staging" }, { label: "Production" }],
};

function request(overrides: Record<string, unknown> = {}, question: Record<string, unknown> = {}) {
  return { questions: [{ ...deployQuestion, ...question }], ...overrides };
}

async function setup(clock = new ManualClock(), questionSchema?: "2026.9.6" | "next") {
  const sim = createSimulatedGateway({ clock, tickIntervalMs: 0, ...(questionSchema ? { questionSchema } : {}) });
  const { wire } = await connect(sim);
  return { sim, wire, clock };
}

describe("question.request validation", () => {
  it.each([
    { name: "no questions", params: { questions: [] }, message: "at /questions: must NOT have fewer than 1 items" },
    { name: "four questions", params: { questions: [1, 2, 3, 4].map((i) => ({ ...deployQuestion, questionId: `q${i}` })) }, message: "at /questions: must NOT have more than 3 items" },
    { name: "a questionId in camelCase", params: request({}, { questionId: "deployTarget" }), message: 'at /questions/0/questionId: must match pattern "^[a-z][a-z0-9_]*$"' },
    { name: "a header over 12 characters", params: request({}, { header: "Deployment target" }), message: "at /questions/0/header: must NOT have more than 12 characters" },
    { name: "five options", params: request({}, { options: ["a", "b", "c", "d", "e"].map((label) => ({ label })) }), message: "at /questions/0/options: must NOT have more than 4 items" },
    { name: "an empty option label", params: request({}, { options: [{ label: "" }, { label: "b" }] }), message: "at /questions/0/options/0/label: must NOT have fewer than 1 characters" },
    { name: "an unknown field", params: request({ priority: 1 }), message: "at root: unexpected property 'priority'" },
    { name: "a zero timeout", params: request({ timeoutMs: 0 }), message: "at /timeoutMs: must be >= 1" },
  ])("refuses $name as invalid params", async ({ params, message }) => {
    const { wire } = await setup();
    const res = await wire.call("question.request", params);
    expect(res.error.code).toBe("INVALID_REQUEST");
    expect(res.error.message).toMatch(/^invalid question\.request params: /);
    expect(res.error.message).toContain(message);
    expect(res.error.details).toBeUndefined();
  });

  it.each([
    { name: "one option", question: { options: [{ label: "Only" }] }, message: "question 'target' must have either no options or 2 to 4 options" },
    { name: "labels equal but for case", question: { options: [{ label: "Yes" }, { label: " yes" }] }, message: "question 'target' has duplicate option label ' yes'" },
    { name: "a javascript: link", question: { url: "javascript:alert(1)" }, message: "question 'target' requires an absolute HTTP(S) URL without credentials" },
    { name: "a plain secret question", question: { isSecret: true }, message: "question 'target': secret questions are not supported yet" },
  ])("refuses $name with the gateway's message", async ({ question, message }) => {
    const { wire } = await setup();
    const res = await wire.call("question.request", request({}, question));
    expect(res.error).toEqual({ code: "INVALID_REQUEST", message });
  });

  it("refuses two questions with one id", async () => {
    const { wire } = await setup();
    const res = await wire.call("question.request", { questions: [deployQuestion, deployQuestion] });
    expect(res.error.message).toBe("duplicate question id 'target'");
  });

  it("refuses a question id already in use with QUESTION_ID_IN_USE", async () => {
    const { wire } = await setup();
    expect((await wire.call("question.request", request({ id: "q1" }))).ok).toBe(true);
    const res = await wire.call("question.request", request({ id: "q1" }));
    expect(res.error).toEqual({ code: "INVALID_REQUEST", message: "question 'q1' already exists", details: { reason: "QUESTION_ID_IN_USE" } });
  });
});

const labels = (count: number) => Array.from({ length: count }, (_, i) => ({ label: `Choice ${i + 1}` }));
// What the release after 2026.9.6 takes and the published one refuses (docs/gateway-findings.md, "The next release").
const NEXT_FIELDS = [
  { name: "ten options", question: { options: labels(10) }, published: "at /questions/0/options: must NOT have more than 4 items" },
  { name: "an option value", question: { options: [{ label: "EU", value: "eu-central-1" }, { label: "US" }] }, published: "at /questions/0/options/0: unexpected property 'value'" },
  { name: "an option thumbnail", question: { options: [{ label: "EU", thumbnail: "https://example.com/eu.png" }, { label: "US" }] }, published: "at /questions/0/options/0: unexpected property 'thumbnail'" },
  { name: "an option resourceUri", question: { options: [{ label: "EU", resourceUri: "file:///eu" }, { label: "US" }] }, published: "at /questions/0/options/0: unexpected property 'resourceUri'" },
  { name: "an option preview", question: { options: [{ label: "EU", preview: "Frankfurt" }, { label: "US" }] }, published: "at /questions/0/options/0: unexpected property 'preview'" },
  { name: "allowEmpty", question: { allowEmpty: true }, published: "at /questions/0: unexpected property 'allowEmpty'" },
  { name: "defaultAnswers", question: { defaultAnswers: ["Staging"] }, published: "at /questions/0: unexpected property 'defaultAnswers'" },
  { name: "presentation form", question: { presentation: "form" }, published: "at /questions/0: unexpected property 'presentation'" },
  { name: "answerFormat lines", question: { answerFormat: "lines" }, published: "at /questions/0: unexpected property 'answerFormat'" },
  { name: "a resource", question: { resource: { kind: "file" } }, published: "at /questions/0: unexpected property 'resource'" },
];

describe("question.request under the next release's rules (questionSchema: \"next\")", () => {
  it.each(NEXT_FIELDS)("is refused by default, as the published gateway refuses it: $name", async ({ question, published }) => {
    const { wire } = await setup();
    const res = await wire.call("question.request", request({}, question));
    expect(res.error.message).toContain(published);
  });

  it.each(NEXT_FIELDS)("is taken and sent on unchanged when a test turns them on: $name", async ({ question }) => {
    const { wire } = await setup(new ManualClock(), "next");
    const res = await wire.call("question.request", request({ id: "q1" }, question));
    expect(res.ok).toBe(true);
    expect((await wire.until((f) => f.event === "question.requested")).payload.questions[0]).toEqual({ ...deployQuestion, ...question });
  });

  it("still refuses 65 options and a field no release has", async () => {
    const { wire } = await setup(new ManualClock(), "next");
    expect((await wire.call("question.request", request({}, { options: labels(65) }))).error.message).toContain("at /questions/0/options: must NOT have more than 64 items");
    expect((await wire.call("question.request", request({}, { futureHint: 1 }))).error.message).toContain("at /questions/0: unexpected property 'futureHint'");
  });

  it("records an option's value ?? label, whether the answer names its label or its value", async () => {
    const { wire } = await setup(new ManualClock(), "next");
    const options = [{ label: "EU", value: "eu-central-1" }, { label: "US" }];
    await wire.call("question.request", request({ id: "by_label" }, { options }));
    await wire.call("question.request", request({ id: "by_value" }, { options }));
    await wire.call("question.request", request({ id: "no_value" }, { options }));
    expect((await wire.call("question.resolve", { id: "by_label", answers: { answers: { target: ["EU"] } } })).payload.answers).toEqual({ answers: { target: ["eu-central-1"] } });
    expect((await wire.call("question.resolve", { id: "by_value", answers: { answers: { target: ["eu-central-1"] } } })).payload.answers).toEqual({ answers: { target: ["eu-central-1"] } });
    expect((await wire.call("question.resolve", { id: "no_value", answers: { answers: { target: ["US"] } } })).payload.answers).toEqual({ answers: { target: ["US"] } });
  });
});

describe("question lifecycle", () => {
  it("creates a record that the kit's parser accepts, announcing it before answering", async () => {
    const { wire, clock } = await setup();
    const res = await wire.call("question.request", request({ id: "q1", sessionKey: "agent:main:main", runId: "run-1", timeoutMs: 60_000 }));
    expect(res.payload).toEqual({ id: "q1", expiresAtMs: clock.now() + 60_000 });
    const requested = wire.events("question.requested");
    expect(requested).toHaveLength(1);
    expect(wire.frames.indexOf(requested[0]!)).toBeLessThan(wire.frames.indexOf(res));
    const parsed = parseQuestionRecord(requested[0]!.payload);
    expect(parsed.ok && parsed.value).toMatchObject({ id: "q1", status: "pending", agentId: "main", runId: "run-1", createdAtMs: clock.now() });
  });

  it("defaults the timeout to 900 s", async () => {
    const { wire, clock } = await setup();
    const res = await wire.call("question.request", request());
    expect(res.payload.expiresAtMs).toBe(clock.now() + 900_000);
  });

  it("lists pending questions only, by creation time then id", async () => {
    const { sim, wire, clock } = await setup();
    await wire.call("question.request", request({ id: "b" }));
    await wire.call("question.request", request({ id: "a" }));
    await clock.advance(10);
    await wire.call("question.request", request({ id: "0-later" }));
    sim.cancel("a");
    const res = await wire.call("question.list", {});
    expect(res.payload.questions.map((q: { id: string }) => q.id)).toEqual(["b", "0-later"]);
  });

  it("answers a question, broadcasting question.resolved to every client after the response", async () => {
    const { sim, wire } = await setup();
    const other = (await connect(sim)).wire;
    await wire.call("question.request", request({ id: "q1" }));
    expect((await other.until((f) => f.event === "question.requested")).payload).toMatchObject({ id: "q1", status: "pending" });
    const res = await wire.call("question.resolve", { id: "q1", answers: { answers: { target: [" Staging "] } } });
    expect(res.payload).toEqual({ status: "answered", answers: { answers: { target: ["Staging"] } } });
    const resolved = await wire.until((f) => f.event === "question.resolved");
    expect(wire.frames.indexOf(resolved)).toBeGreaterThan(wire.frames.indexOf(res));
    const seen = await other.until((f) => f.event === "question.resolved");
    expect(seen.payload).toEqual({ id: "q1", status: "answered", answers: { answers: { target: ["Staging"] } } });
    expect((await wire.call("question.get", { id: "q1" })).payload.question).toMatchObject({ status: "answered" });
  });

  it.each([
    { name: "a missing answer", answers: {}, message: "question 'target' needs an answer" },
    { name: "an unknown option", answers: { target: ["Moon"] }, message: 'question \'target\' contains an unknown option: "Moon"' },
    { name: "two answers to a single-select question", answers: { target: ["Staging", "Production"] }, message: "question 'target' does not allow multiple answers" },
    { name: "an answer to another question", answers: { target: ["Staging"], other: ["x"] }, message: "question 'other' answers a question this record does not have" },
  ])("refuses $name with QUESTION_INVALID_ANSWER", async ({ answers, message }) => {
    const { wire } = await setup();
    await wire.call("question.request", request({ id: "q1" }));
    const res = await wire.call("question.resolve", { id: "q1", answers: { answers } });
    expect(res.error).toEqual({ code: "INVALID_REQUEST", message, details: { reason: "QUESTION_INVALID_ANSWER" } });
    expect((await wire.call("question.get", { id: "q1" })).payload.question.status).toBe("pending");
  });

  it("accepts free text only where the question allows it", async () => {
    const { wire } = await setup();
    await wire.call("question.request", request({ id: "q1" }, { isOther: true }));
    const res = await wire.call("question.resolve", { id: "q1", answers: { answers: { target: ["Somewhere else"] } } });
    expect(res.payload.status).toBe("answered");
  });

  it("takes any text for a question without options, and repeated values in a multi-select answer, as the gateway does", async () => {
    const { wire } = await setup();
    await wire.call("question.request", { id: "free", questions: [{ ...deployQuestion, options: [] }] });
    expect((await wire.call("question.resolve", { id: "free", answers: { answers: { target: ["anything"] } } })).payload.status).toBe("answered");
    await wire.call("question.request", { id: "multi", questions: [{ ...deployQuestion, multiSelect: true }] });
    const res = await wire.call("question.resolve", { id: "multi", answers: { answers: { target: ["Staging", "Staging"] } } });
    expect(res.payload.answers.answers.target).toEqual(["Staging", "Staging"]);
  });

  it("cancels (Skip) and then refuses a second resolution as QUESTION_ALREADY_TERMINAL", async () => {
    const { wire } = await setup();
    await wire.call("question.request", request({ id: "q1" }));
    expect((await wire.call("question.resolve", { id: "q1", cancel: true })).payload).toEqual({ status: "cancelled" });
    expect((await wire.until((f) => f.event === "question.resolved")).payload).toEqual({ id: "q1", status: "cancelled" });
    const res = await wire.call("question.resolve", { id: "q1", answers: { answers: { target: ["Staging"] } } });
    expect(res.error).toEqual({ code: "INVALID_REQUEST", message: "question 'q1' is already cancelled", details: { reason: "QUESTION_ALREADY_TERMINAL" } });
  });

  it("answers QUESTION_NOT_FOUND for an unknown id", async () => {
    const { wire } = await setup();
    for (const method of ["question.get", "question.waitAnswer"]) {
      const res = await wire.call(method, { id: "nope" });
      expect(res.error).toEqual({ code: "INVALID_REQUEST", message: "question 'nope' was not found", details: { reason: "QUESTION_NOT_FOUND" } });
    }
  });

  it("expires a question at expiresAtMs and broadcasts it", async () => {
    const { wire, clock } = await setup();
    await wire.call("question.request", request({ id: "q1", timeoutMs: 1000 }));
    await clock.advance(999);
    expect(wire.events("question.resolved")).toHaveLength(0);
    await clock.advance(1);
    expect((await wire.until((f) => f.event === "question.resolved")).payload).toEqual({ id: "q1", status: "expired" });
    expect((await wire.call("question.list", {})).payload.questions).toEqual([]);
    const late = await wire.call("question.resolve", { id: "q1", cancel: true });
    expect(late.error.details.reason).toBe("QUESTION_ALREADY_TERMINAL");
  });

  it("forgets a resolved question after the 15 s grace period", async () => {
    const { sim, wire, clock } = await setup();
    await wire.call("question.request", request({ id: "q1" }));
    sim.resolve("q1", { target: ["Production"] }, "another-client");
    await clock.advance(14_999);
    expect((await wire.call("question.get", { id: "q1" })).payload.question).toMatchObject({ status: "answered", resolvedBy: "another-client" });
    await clock.advance(1);
    expect((await wire.call("question.get", { id: "q1" })).error.details.reason).toBe("QUESTION_NOT_FOUND");
    expect((await wire.call("question.request", request({ id: "q1" }))).ok).toBe(true);
  });

  it("waits for an answer with question.waitAnswer, or reports pending after its timeout", async () => {
    const { sim, wire, clock } = await setup();
    await wire.call("question.request", request({ id: "q1" }));
    const pendingId = wire.send("question.waitAnswer", { id: "q1", timeoutMs: 500 });
    await clock.advance(500);
    expect((await wire.until((f) => f.id === pendingId)).payload).toEqual({ status: "pending" });
    const waitId = wire.send("question.waitAnswer", { id: "q1" });
    sim.resolve("q1", { target: ["Staging"] });
    expect((await wire.until((f) => f.id === waitId)).payload).toEqual({ status: "answered", answers: { answers: { target: ["Staging"] } } });
  });
});
