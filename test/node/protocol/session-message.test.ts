// The `session.message` payload as the gateway sends it (openclaw 2026.9.6): read tolerantly where the row allows,
// refused with readable issues where the row could not be placed.
import { describe, expect, it } from "vitest";
import { formatIssues } from "../../../src/protocol";
import { parseSessionMessageEvent, parseSessionMessagesSubscription } from "../../../src/protocol/session-message";

const MAIN = "agent:main:main";
/** The async-question row observed on the real gateway with the Codex plugin. */
const ASYNC_ROW = {
  role: "assistant",
  content: [{ type: "text", text: "Size?" }],
  stopReason: "stop",
  timestamp: 1796409058734,
  openclawAsyncDelivery: { itemId: "ask-5", questions: [{ title: "Size?", options: ["S", "M"] }] },
  __openclaw: { mirrorIdentity: "turn-4:async:ask-5", mirrorOrigin: "codex-app-server", id: "27d56c60", idempotencyKey: "codex-app-server:thread-1:turn-4:async:ask-5", seq: 5 },
};
const EVENT = { sessionKey: MAIN, agentId: "main", message: ASYNC_ROW, messageId: "27d56c60", messageSeq: 5 };
const without = (o: Record<string, unknown>, key: string) => Object.fromEntries(Object.entries(o).filter(([k]) => k !== key));
const withMeta = (meta: Record<string, unknown>) => ({ ...EVENT, message: { ...ASYNC_ROW, __openclaw: meta } });

describe("parseSessionMessageEvent: accepted", () => {
  it.each([
    ["the observed async row", EVENT, { id: "27d56c60", seq: 5, runId: undefined }],
    ["a row naming its run", { ...EVENT, runId: "run-1" }, { id: "27d56c60", seq: 5, runId: "run-1" }],
    ["the id and seq only at the top", withMeta({}), { id: "27d56c60", seq: 5, runId: undefined }],
    ["the id and seq only on the row", without(without(EVENT, "messageId"), "messageSeq"), { id: "27d56c60", seq: 5, runId: undefined }],
    ["a user row with senderIsOwner", { ...EVENT, senderIsOwner: true, message: { role: "user", content: "hi", __openclaw: { id: "u1", seq: 1 } }, messageId: "u1", messageSeq: 1 }, { id: "u1", seq: 1, runId: undefined }],
    ["session snapshot fields beside it", { ...EVENT, session: { status: "running" }, updatedAt: 1 }, { id: "27d56c60", seq: 5, runId: undefined }],
  ])("%s", (_name, payload, expected) => {
    const read = parseSessionMessageEvent(payload);
    expect(read.ok).toBe(true);
    if (!read.ok) return;
    expect({ id: read.value.message.id, seq: read.value.message.seq, runId: read.value.runId }).toEqual(expected);
    expect(read.value.sessionKey).toBe(MAIN);
  });

  it("keeps the async delivery, validated, and the Codex marks of the row", () => {
    const read = parseSessionMessageEvent(EVENT);
    expect(read.ok && read.value.message).toMatchObject({
      role: "assistant",
      text: "Size?",
      mirrorOrigin: "codex-app-server",
      idempotencyKey: "codex-app-server:thread-1:turn-4:async:ask-5",
      asyncDelivery: { ok: true, value: { itemId: "ask-5", questions: [{ title: "Size?", options: ["S", "M"] }] } },
    });
  });
});

describe("parseSessionMessageEvent: refused, in words", () => {
  it.each([
    ["not an object", "hello", "must be an object, got \"hello\""],
    ["null", null, "must be an object, got null"],
    ["no session key", without(EVENT, "sessionKey"), "sessionKey: must be a non-empty string of at most 512 characters, got undefined"],
    ["an empty session key", { ...EVENT, sessionKey: "" }, "sessionKey: must be a non-empty string"],
    ["a session key of another type", { ...EVENT, sessionKey: 7 }, "sessionKey: must be a non-empty string"],
    ["no message", without(EVENT, "message"), "message: must be an object, got undefined"],
    ["a message without a role", { ...EVENT, message: { content: "x", __openclaw: { id: "a", seq: 1 } } }, "message.role: must be a non-empty string"],
    ["no id anywhere", without(withMeta({ seq: 5 }), "messageId"), "messageId: missing: neither messageId nor message.__openclaw.id is set"],
    ["no seq anywhere", without(withMeta({ id: "a" }), "messageSeq"), "messageSeq: missing: neither messageSeq nor message.__openclaw.seq is set"],
    ["a seq of zero", { ...withMeta({ id: "a" }), messageSeq: 0 }, "messageSeq: must be a whole number of at least 1, got 0"],
    ["a fractional seq on the row", withMeta({ id: "a", seq: 1.5 }), "message.__openclaw.seq: must be a whole number of at least 1, got 1.5"],
    ["ids that disagree", { ...EVENT, messageId: "other" }, "messageId: must equal message.__openclaw.id"],
    ["seqs that disagree", { ...EVENT, messageSeq: 6 }, "messageSeq: must equal message.__openclaw.seq"],
    ["a runId of another type", { ...EVENT, runId: 3 }, "runId: must be a non-empty string"],
  ])("%s", (_name, payload, issue) => {
    const read = parseSessionMessageEvent(payload);
    expect(read.ok).toBe(false);
    if (!read.ok) expect(formatIssues(read.errors)).toContain(issue);
  });

  it("never echoes a long untrusted value", () => {
    const read = parseSessionMessageEvent({ ...EVENT, sessionKey: "k".repeat(100_000) });
    expect(read.ok).toBe(false);
    if (!read.ok) expect(formatIssues(read.errors).length).toBeLessThan(200);
  });

  it("reads a malformed async block as a problem of the row, not of the event", () => {
    const read = parseSessionMessageEvent({ ...EVENT, message: { ...ASYNC_ROW, openclawAsyncDelivery: { itemId: "x", questions: [] } } });
    expect(read.ok && read.value.message.asyncDelivery?.ok).toBe(false);
  });
});

describe("parseSessionMessagesSubscription", () => {
  it.each([
    [{ subscribed: true, key: MAIN }, { ok: true, value: { subscribed: true, key: MAIN } }],
    [{ subscribed: false, key: MAIN }, { ok: true, value: { subscribed: false, key: MAIN } }],
    [{ subscribed: true, key: MAIN, approvalReplay: [] }, { ok: true, value: { subscribed: true, key: MAIN } }],
    [{ subscribed: "yes", key: MAIN }, { ok: false, errors: [{ path: "subscribed", message: "must be true or false, got \"yes\"" }] }],
    [{ subscribed: true }, { ok: false, errors: [{ path: "key", message: "must be a non-empty string of at most 512 characters, got undefined" }] }],
    [undefined, { ok: false, errors: [{ path: "", message: "must be an object, got undefined" }] }],
  ])("%j", (result, expected) => {
    expect(parseSessionMessagesSubscription(result)).toEqual(expected);
  });
});
