// Builds chat.history messages in the shapes the real gateway saves (see docs/gateway-findings.md), so the
// ledger tests read realistic transcripts. Not a test file.
import { parseChatMessage, type ChatMessage } from "../../../src/protocol";

/** A raw transcript message before it gets its position. */
type Draft = Record<string, unknown> & { __openclaw?: Record<string, unknown> };

const T0 = Date.UTC(2026, 8, 1, 9, 0, 0);

/** A person's `chat.send`: string content, `<key>:user`, and `replyToId` when it answers a message. */
export const user = (key: string, text: string, replyToId?: string): Draft => ({
  role: "user",
  content: text,
  idempotencyKey: `${key}:user`,
  __openclaw: { id: `user-${key}`, idempotencyKey: `${key}:user`, senderIsOwner: true, ...(replyToId ? { replyToId } : {}) },
});

/** A run's successful final reply. */
export const reply = (runId: string, text = "Done."): Draft => ({
  role: "assistant",
  content: [{ type: "text", text }],
  stopReason: "stop",
  __openclaw: { runId, id: `reply-${runId}` },
});

/** An assistant message carrying async questions (Codex saves it with stop/final_answer, mid-run). */
export const delivery = (runId: string, itemId: string, titles: string[] = ["Which branch?"]): Draft => ({
  role: "assistant",
  content: [{ type: "text", text: "A question for you." }],
  stopReason: "stop",
  phase: "final_answer",
  openclawAsyncDelivery: { itemId, questions: titles.map((title) => ({ title, options: ["main", "dev"] })) },
  __openclaw: { runId, id: `msg-${itemId}` },
});

/** A tool call in the middle of a run. */
export const toolCall = (runId: string): Draft => ({
  role: "assistant",
  content: [{ type: "toolCall", id: "call-1", name: "exec", arguments: {} }],
  stopReason: "toolUse",
  __openclaw: { runId, id: `tool-${runId}` },
});

/** The message a failed run leaves (model HTTP 400 on the real gateway). */
export const failed = (runId: string): Draft => ({
  role: "assistant",
  content: [{ type: "text", text: "⚠️ LLM request failed (request format rejected, HTTP 400)." }],
  stopReason: "error",
  idempotencyKey: `${runId}:terminal-error`,
  __openclaw: { runId, id: `error-${runId}`, idempotencyKey: `${runId}:terminal-error` },
});

/** The partial reply of a run aborted mid-stream: saved as "stop" with an abort marker. */
export const abortedPartial = (runId: string, text = "Streaming"): Draft => ({
  role: "assistant",
  content: [{ type: "text", text }],
  stopReason: "stop",
  idempotencyKey: `${runId}:assistant`,
  openclawAbort: { aborted: true, origin: "rpc", runId },
  __openclaw: { runId, id: `aborted-${runId}`, idempotencyKey: `${runId}:assistant` },
});

/** A Codex commentary message that ended its run. */
export const commentary = (runId: string, text = "Still looking into it."): Draft => ({
  role: "assistant",
  content: [{ type: "text", text }],
  stopReason: "stop",
  phase: "commentary",
  __openclaw: { runId, id: `commentary-${runId}` },
});

/** The user message with which the gateway resumes a turn a restart interrupted. */
export const recoveryPrompt = (runId: string): Draft => ({
  role: "user",
  content: "[System] Your previous turn was interrupted by a gateway restart while OpenClaw was waiting on tool/model work.",
  idempotencyKey: `${runId}:user`,
  provenance: { kind: "internal_system", sourceTool: "main_session_restart_recovery", sourceSessionKey: "agent:main:main" },
  __openclaw: { runId, id: `recovery-${runId}`, idempotencyKey: `${runId}:user` },
});

/** Numbers drafts as the transcript does (`__openclaw.seq` from 1, a timestamp a second apart) and parses them. */
export function transcript(...drafts: Draft[]): ChatMessage[] {
  return drafts.map((draft, i) => {
    const raw = { ...draft, timestamp: T0 + i * 1000, __openclaw: { ...draft.__openclaw, seq: i + 1 } };
    const read = parseChatMessage(raw);
    if (!read.ok) throw new Error(`bad test message ${i}`);
    return read.value;
  });
}
