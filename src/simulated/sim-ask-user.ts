// What the gateway writes into a transcript when an agent run calls ask_user through the deferred `tool_call`
// tool (observed on openclaw 2026.9.6, docs/gateway-findings.md "ask_user in chat.history"): the assistant's
// `tool_call` block when the question is asked; once it ends, a `custom` nested-tool message with the inner call
// and result, then the `tool_call` result. A run stopped while the question waits leaves only the call.
import { askUserRecordId } from "../protocol/ask-user-history";
import type { GatewayQuestion, QuestionRecord } from "../protocol/question-record";
import type { QuestionAnswers } from "../protocol/answers";
import type { SimChat } from "./sim-chat";

/** One ask_user call the transcript shows, waiting for its question to end. */
export interface SimAskUserCall {
  sessionKey: string;
  runId: string;
  callId: string;
  nestedId: string;
  recordId: string;
  args: { questions: Array<Record<string, unknown>>; timeoutSeconds: number };
  questions: GatewayQuestion[];
}

// The agent's arguments name each question `id`, as the tool's schema does.
function argsOf(questions: GatewayQuestion[], timeoutMs: number | undefined): SimAskUserCall["args"] {
  return {
    questions: questions.map(({ questionId, header, question, options, multiSelect }) => ({ id: questionId, header, question, options, ...(multiSelect ? { multiSelect } : {}) })),
    timeoutSeconds: Math.round((timeoutMs ?? 900_000) / 1000),
  };
}

/** Writes the assistant's ask_user call of `runId` into its session, and returns the record id the gateway gives it. */
export function writeAskUserCall(
  chat: SimChat,
  p: { sessionKey: string; runId: string; callId: string; questions: GatewayQuestion[]; timeoutMs?: number; args?: SimAskUserCall["args"] },
): SimAskUserCall {
  const nestedId = `tool_search_code:${p.callId}:ask_user:1`;
  // The agent's own arguments, where known: the transcript keeps them as written, before the tool cuts headers.
  const args = p.args ?? argsOf(p.questions, p.timeoutMs);
  chat.append(p.sessionKey, {
    role: "assistant",
    content: [{ type: "toolCall", id: p.callId, name: "tool_call", arguments: { id: "ask_user", args } }],
    stopReason: "toolUse",
    __openclaw: { runId: p.runId },
  });
  return { sessionKey: p.sessionKey, runId: p.runId, callId: p.callId, nestedId, recordId: askUserRecordId(p.runId, nestedId), args, questions: p.questions };
}

// The tool's result text: what the agent reads, then the JSON of its details.
function resultText(call: SimAskUserCall, record: QuestionRecord): { text: string; details: Record<string, unknown> } | undefined {
  if (record.status === "answered") {
    const answers: QuestionAnswers = record.answers ?? { answers: {} };
    const details = { status: "answered", answers };
    const lines = call.questions.map((q) => `${q.header}: ${(Object.hasOwn(answers.answers, q.questionId) ? answers.answers[q.questionId]! : []).join(", ") || "(no answer)"}`);
    return { text: `${lines.join("\n")}\n\n${JSON.stringify(details, null, 2)}`, details };
  }
  const details = { status: "no_answer" };
  if (record.status === "expired") return { text: `No answer arrived; proceed with best judgment.\n\n${JSON.stringify(details, null, 2)}`, details };
  // A run that was stopped or ended takes its tool call down with it: no result is saved.
  if (record.resolvedBy === "requester-inactive" || record.resolvedBy === "run-abort") return undefined;
  return { text: `The question was cancelled; proceed with best judgment.\n\n${JSON.stringify(details, null, 2)}`, details };
}

/** Writes how the question of `call` ended, as the gateway does when the tool returns. */
export function writeAskUserResult(chat: SimChat, call: SimAskUserCall, record: QuestionRecord): void {
  const result = resultText(call, record);
  if (!result) return;
  const content = [{ type: "text", text: result.text }];
  chat.append(call.sessionKey, {
    role: "custom",
    customType: "openclaw.nested-tool.v1",
    display: true,
    excludeFromContext: true,
    content: [
      { type: "toolCall", id: call.nestedId, runId: call.runId, name: "ask_user", arguments: call.args, parentToolCallId: call.callId },
      { type: "toolResult", runId: call.runId, parentToolCallId: call.callId, toolCallId: call.nestedId, toolName: "ask_user", isError: false, content, role: "toolResult" },
    ],
    __openclaw: { runId: call.runId },
  });
  chat.append(call.sessionKey, {
    role: "toolResult",
    toolCallId: call.callId,
    toolName: "tool_call",
    isError: false,
    content: [{ type: "text", text: JSON.stringify({ tool: { id: "openclaw:core:ask_user", name: "ask_user", source: "openclaw" }, result: { content, details: result.details } }, null, 2) }],
    __openclaw: { runId: call.runId },
  });
}
