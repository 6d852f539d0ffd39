// A chat reply read by the gateway's own rules (openclaw 2026.9.6): what the composer tells the person before
// sending, and what the summary compares with the recorded answer afterwards.
import { describe, expect, it } from "vitest";
import { isClaimedByChat, readChatClaim, unansweredByClaim } from "../../../src/protocol/chat-claim";
import type { GatewayQuestion, QuestionRecord } from "../../../src/protocol";

const DEPLOY: GatewayQuestion = { questionId: "target", header: "Deploy", question: "Where should this deploy?", options: [{ label: "Staging (Recommended)" }, { label: "Production" }], isOther: true };
const REGIONS: GatewayQuestion = { questionId: "regions", header: "Regions", question: "Which regions?", options: [{ label: "EU" }, { label: "US" }, { label: "Asia, Pacific" }], multiSelect: true, isOther: true };
const FIXED: GatewayQuestion = { questionId: "size", header: "Size", question: "How big?", options: [{ label: "S" }, { label: "L" }] };
const one = (q: GatewayQuestion) => ({ questions: [q] });

describe("readChatClaim: one question", () => {
  it.each([
    ["a number", DEPLOY, "2", ["Production"]],
    ["a label in any case, with spaces", DEPLOY, "  production ", ["Production"]],
    ["own text", DEPLOY, "Mars", ["Mars"]],
    ["a number past the options, as own text", DEPLOY, "7", ["7"]],
    ["a comma list in multi-select", REGIONS, "1, us", ["EU", "US"]],
    ["a label holding a comma, whole", REGIONS, "asia, pacific", ["Asia, Pacific"]],
    ["semicolons and lines as separators, repeats once", REGIONS, "EU; 2\nEU", ["EU", "US"]],
    ["own text beside options in multi-select", REGIONS, "EU, Mars", ["EU", "Mars"]],
    ["text that names no option of a fixed question, as nothing", FIXED, "medium", []],
    ["a fixed question's option", FIXED, "l", ["L"]],
  ])("%s", (_, q, text, values) => {
    expect(readChatClaim(one(q), text)).toEqual({ answers: { [q.questionId]: values } });
  });
});

describe("readChatClaim: several questions", () => {
  const both = { questions: [DEPLOY, REGIONS] };
  it("reads one line per question, in order", () => {
    expect(readChatClaim(both, "2\n1, 2")).toEqual({ answers: { target: ["Production"], regions: ["EU", "US"] } });
  });
  it("reads lines keyed by id, header, question text or number", () => {
    expect(readChatClaim(both, "regions: 3\nDeploy: production")).toEqual({ answers: { target: ["Production"], regions: ["Asia, Pacific"] } });
    expect(readChatClaim(both, "2 = EU\n1 = Staging (Recommended)")).toEqual({ answers: { target: ["Staging (Recommended)"], regions: ["EU"] } });
  });
  it("leaves a question the reply does not reach without an answer, which the gateway refuses", () => {
    const answers = readChatClaim(both, "1");
    expect(answers).toEqual({ answers: { target: ["Staging (Recommended)"], regions: [] } });
    expect(unansweredByClaim(both, answers).map((q) => q.questionId)).toEqual(["regions"]);
  });
  it("keeps ids such as constructor as ordinary keys", () => {
    const q = { ...FIXED, questionId: "constructor" };
    expect(Object.getPrototypeOf(readChatClaim(one(q), "1").answers)).toBeNull();
    expect(readChatClaim(one(q), "1").answers["constructor"]).toEqual(["S"]);
  });
});

describe("isClaimedByChat", () => {
  const base: QuestionRecord = { id: "q", questions: [DEPLOY], createdAtMs: 0, expiresAtMs: 1, status: "pending" };
  it("is true only for an agent run's question in a session", () => {
    expect(isClaimedByChat({ ...base, runId: "r", sessionKey: "agent:main:main" })).toBe(true);
    expect(isClaimedByChat({ ...base, sessionKey: "agent:main:main" })).toBe(false);
    expect(isClaimedByChat({ ...base, runId: "r" })).toBe(false);
  });
});
