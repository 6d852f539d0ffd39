import { describe, expect, it } from "vitest";
import { parseChatEvent, parseChatMessage, type ChatMessage } from "../../../src/protocol";
import { runEndingOf, runEndingOfEvent, runEndingOfLifecycle } from "../../../src/protocol/run-ending";
import { abortedPartial, commentary, delivery, failed, recoveryPrompt, reply, toolCall, user } from "./transcript";

function message(raw: unknown): ChatMessage {
  const read = parseChatMessage(raw);
  if (!read.ok) throw new Error("unreadable test message");
  return read.value;
}

function event(raw: unknown) {
  const read = parseChatEvent(raw);
  if (!read.ok) throw new Error("unreadable test event");
  return read.value;
}

describe("parseChatMessage", () => {
  it("reads the fields of a saved user reply", () => {
    expect(message({ ...user("ans-1", "> Which branch?\n\nmain", "msg-q"), timestamp: 5, __openclaw: { ...user("ans-1", "", "msg-q").__openclaw, seq: 7 } })).toEqual({
      role: "user",
      text: "> Which branch?\n\nmain",
      id: "user-ans-1",
      seq: 7,
      aborted: false,
      runTerminal: false,
      idempotencyKey: "ans-1:user",
      replyToId: "msg-q",
      timestamp: 5,
    });
  });

  it("joins text blocks, skips other blocks, and keeps untrusted markup as text", () => {
    const m = message({ role: "assistant", content: [{ type: "text", text: "<img src=x onerror=alert(1)>" }, { type: "toolCall", name: "x" }, { type: "text", text: "**two**" }] });
    expect(m.text).toBe("<img src=x onerror=alert(1)>\n**two**");
  });

  it("reads run, phase, abort marker and provenance", () => {
    expect(message(commentary("B"))).toMatchObject({ runId: "B", phase: "commentary", stopReason: "stop" });
    expect(message(abortedPartial("C"))).toMatchObject({ runId: "C", aborted: true, idempotencyKey: "C:assistant" });
    expect(message(recoveryPrompt("R"))).toMatchObject({ role: "user", runId: "R", provenance: { kind: "internal_system", sourceTool: "main_session_restart_recovery" } });
  });

  it("validates the async delivery block within the gateway's limits and the kit's bound on options", () => {
    expect(message(delivery("A", "q")).asyncDelivery).toEqual({ ok: true, value: { itemId: "q", questions: [{ title: "Which branch?", options: ["main", "dev"] }] } });
    const five = { itemId: "q", questions: [{ title: "Pick", options: ["a", "b", "c", "d", "e"] }] };
    expect(message({ role: "assistant", content: [], openclawAsyncDelivery: five }).asyncDelivery?.ok).toBe(true);
    const tooMany = { itemId: "q", questions: [{ title: "Pick", options: Array.from({ length: 257 }, (_, i) => `o${i}`) }] };
    const longId = { itemId: "x".repeat(257), questions: [{ title: "Pick" }] };
    const noOptions = { itemId: "q", questions: [{ title: "Pick", options: [] }] };
    const thirteen = { itemId: "q", questions: Array.from({ length: 13 }, (_, i) => ({ title: `Q${i}` })) };
    for (const block of [tooMany, longId, noOptions, thirteen]) {
      expect(message({ role: "assistant", content: [], openclawAsyncDelivery: block }).asyncDelivery?.ok).toBe(false);
    }
  });

  it("leaves out fields of the wrong type instead of failing, and fails only without an object or role", () => {
    expect(message({ role: "assistant", content: 42, stopReason: 1, __openclaw: { seq: "3", id: 9 } })).toEqual({ role: "assistant", text: "", aborted: false, runTerminal: false });
    expect(parseChatMessage(null).ok).toBe(false);
    expect(parseChatMessage({ content: "hi" })).toEqual({ ok: false, errors: [{ path: "role", message: "must be a non-empty string, got undefined" }] });
  });
});

describe("runEndingOf (saved messages)", () => {
  it.each([
    ["a final reply (stopReason stop)", reply("A"), "successful"],
    ["a Codex final answer", { role: "assistant", content: [], phase: "final_answer" }, "successful"],
    ["a message the gateway marks terminal", { role: "assistant", content: [], __openclaw: { runTerminal: true } }, "successful"],
    ["a failed run's error message", failed("B"), "settled"],
    ["a mid-stream abort (stop + openclawAbort)", abortedPartial("C"), "settled"],
    ["a timed-out send (stopReason aborted)", { role: "assistant", content: [], stopReason: "aborted", errorMessage: "request timed out" }, "settled"],
    ...["cancelled", "canceled", "timeout", "timed_out"].map((stop) => [`stopReason ${stop}`, { role: "assistant", content: [], stopReason: stop }, "settled"] as const),
    ["commentary", commentary("D"), "settled"],
    ["an async delivery", delivery("A", "q"), null],
    ["a malformed async delivery", { ...reply("A"), openclawAsyncDelivery: { itemId: "" } }, null],
    ["a tool call", toolCall("A"), null],
    ["a user message", user("A", "hi"), null],
    ["a message relayed from another session", { ...reply("A"), provenance: { kind: "inter_session" } }, null],
    ["a mirrored Codex message not marked terminal", { ...reply("A"), __openclaw: { mirrorOrigin: "codex-app-server" } }, null],
    ["a mirrored Codex message marked terminal", { ...reply("A"), __openclaw: { mirrorOrigin: "codex-app-server", runTerminal: true } }, "successful"],
    ["an assistant message without a stop reason", { role: "assistant", content: [{ type: "text", text: "partial" }] }, null],
  ] as const)("%s → %s", (_name, raw, expected) => {
    expect(runEndingOf(message(raw))).toBe(expected);
  });
});

describe("runEndingOfEvent (live chat events)", () => {
  const base = { runId: "r1", sessionKey: "agent:main:main", agentId: "main", seq: 12 };
  it.each([
    ["final with its message", { ...base, state: "final", stopReason: "stop", message: { role: "assistant", content: [{ type: "text", text: "Hi" }], timestamp: 1 } }, "successful"],
    ["final carrying async questions", { ...base, state: "final", stopReason: "stop", message: { role: "assistant", content: [], openclawAsyncDelivery: { itemId: "q", questions: [{ title: "T" }] } } }, "successful"],
    ["final with a commentary message", { ...base, state: "final", stopReason: "stop", message: { role: "assistant", content: [], phase: "commentary" } }, "settled"],
    ["bare final (ack of a queued send)", { runId: "Q2", sessionKey: "agent:main:main", seq: 1, state: "final" }, null],
    ["error", { ...base, state: "error", errorMessage: "LLM request failed" }, "settled"],
    ["aborted with partial text", { ...base, state: "aborted", stopReason: "rpc", message: { role: "assistant", content: [{ type: "text", text: "Stre" }] } }, "settled"],
    ["aborted before text", { ...base, state: "aborted", stopReason: "rpc" }, "settled"],
    ["delta", { ...base, state: "delta", deltaText: "Hi", message: { role: "assistant", content: [{ type: "text", text: "Hi" }] } }, null],
    ["status", { ...base, state: "status", phase: "starting_model" }, null],
  ] as const)("%s → %s", (_name, raw, expected) => {
    expect(runEndingOfEvent(event(raw))).toBe(expected);
  });

  it("refuses an event without runId or state", () => {
    expect(parseChatEvent({ state: "final" }).ok).toBe(false);
    expect(parseChatEvent({ runId: "r" }).ok).toBe(false);
  });
});

describe("runEndingOfLifecycle (agent lifecycle events)", () => {
  it.each([
    ["end of a visible reply", { phase: "end", stopReason: "stop", aborted: false, terminalReceipt: { terminalDisposition: "visible" } }, "successful"],
    ["end without a receipt", { phase: "end", aborted: false }, "successful"],
    ["end with an empty reply", { phase: "end", aborted: false, terminalReceipt: { terminalDisposition: "empty" } }, "settled"],
    ["end of an abort", { phase: "end", status: "cancelled", aborted: true, stopReason: "rpc" }, "settled"],
    ["error", { phase: "error", error: "LLM request failed" }, "settled"],
    ["start", { phase: "start" }, null],
    ["finishing (a retry follows)", { phase: "finishing", error: "HTTP 500" }, null],
    ["fallback_step", { phase: "fallback_step" }, null],
  ] as const)("%s → %s", (_name, data, expected) => {
    expect(runEndingOfLifecycle(data)).toBe(expected);
  });
});
