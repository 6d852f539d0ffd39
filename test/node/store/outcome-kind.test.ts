// Who ended a question, read from the record's `resolvedBy`: one row per value the gateway writes (openclaw
// 2026.9.6, docs/gateway-findings.md "Who ended a question"), this page's own values, and values nobody knows.
import { describe, expect, it } from "vitest";
import type { QuestionAnswers, QuestionRecord } from "../../../src/protocol";
import { isAnsweredOutcome, outcomeOf } from "../../../src/store/dock/outcomes";

const OWN = "control-ui:this-page";
const mine: QuestionAnswers = { answers: { target: ["Production"] } };
const theirs: QuestionAnswers = { answers: { target: ["Staging"] } };

function record(status: QuestionRecord["status"], resolvedBy?: unknown, answers?: QuestionAnswers): QuestionRecord {
  return {
    id: "q1",
    questions: [{ questionId: "target", header: "Deploy", question: "Where?", options: [{ label: "Staging" }, { label: "Production" }], isOther: true }],
    createdAtMs: 0,
    expiresAtMs: 1,
    status,
    ...(resolvedBy === undefined ? {} : { resolvedBy }),
    ...(answers ? { answers } : {}),
  };
}

describe("outcomeOf", () => {
  it.each([
    ["this page's answer", "answered", OWN, mine, "answered"],
    ["a chat reply this page sent", "answered", "plain-text", mine, "answered"],
    ["another Control UI page's answer", "answered", "control-ui:other-tab", mine, "answered-elsewhere"],
    ["no resolvedBy, this page's answer", "answered", undefined, mine, "answered"],
    ["no resolvedBy, another answer", "answered", undefined, theirs, "answered-elsewhere"],
    ["a channel button's sender", "answered", "telegram:12345", theirs, "ended"],
    ["an answer by a value the kit has no words for", "answered", "some-new-surface", theirs, "ended"],
    ["this page's skip", "cancelled", OWN, undefined, "skipped"],
    ["another Control UI page's skip", "cancelled", "control-ui:other-tab", undefined, "skipped-elsewhere"],
    ["a value the gateway writes only on approvals", "cancelled", "tui:embedded", undefined, "ended"],
    ["a cancel with no resolvedBy", "cancelled", undefined, undefined, "cancelled"],
    ["a run abort", "cancelled", "run-abort", undefined, "cancelled"],
    ["a newer message", "cancelled", "superseded-input", undefined, "cancelled"],
    ["a run that ended", "cancelled", "requester-inactive", undefined, "cancelled"],
    ["a reply with an image", "cancelled", "image-reply", undefined, "cancelled"],
    ["the agent's wait ran out", "cancelled", "wait-timeout", undefined, "cancelled"],
    ["a prompt that could not be delivered", "cancelled", "prompt-delivery-failed", undefined, "cancelled"],
    ["the question tool failed", "cancelled", "tool-error", undefined, "cancelled"],
    ["the question was never registered", "cancelled", "registration-failed", undefined, "cancelled"],
    ["the agent's runtime failed", "cancelled", "harness-error", undefined, "cancelled"],
    ["a cancel by a value the kit has no words for", "cancelled", "constructor", undefined, "ended"],
    ["an expiry", "expired", undefined, undefined, "expired"],
  ] as const)("%s reads as %s", (_, status, by, answers, kind) => {
    expect(outcomeOf(record(status, by, answers), { resolverId: OWN, attempted: [mine], sentChatReply: true })).toBe(kind);
  });

  it("never takes a chat reply for this page's own when this page sent none, even with the same answer", () => {
    expect(outcomeOf(record("answered", "plain-text", mine), { resolverId: OWN, attempted: [mine] })).toBe("answered-in-chat");
  });

  it("leaves a pending record alone", () => {
    expect(outcomeOf(record("pending"), { resolverId: OWN })).toBeUndefined();
  });

  it("shows answers for every answered outcome and for no other", () => {
    const answered = ["answered", "answered-elsewhere", "answered-in-chat"] as const;
    for (const kind of answered) expect(isAnsweredOutcome(kind)).toBe(true);
    for (const kind of ["skipped", "cancelled", "ended", "expired", "unavailable", "retired", "no-answer"] as const) expect(isAnsweredOutcome(kind)).toBe(false);
  });
});
