// ask_user calls in a transcript: plain, or (usually) wrapped in the deferred `tool_call` (docs/gateway-findings.md).
import type { QuestionAnswers } from "./answers";
import { HEADER_MAX_CHARS, MAX_OPTIONS } from "./ask-user";
import { truncateGraphemes } from "./graphemes";
import type { GatewayQuestion, QuestionOption } from "./question-record";
import { idTable } from "./id-table";
import { asNumber, asObject, asString, compact } from "./reader";
import { sha256Hex } from "./sha256";

/** Why a question got no answer, as far as the tool's result text says. */
export type AskUserNoAnswerReason = "cancelled" | "timed-out";

/** How an ask_user call ended, as the history tells it; "unknown" when it holds no readable result. */
export type AskUserHistoryOutcome =
  | { status: "answered"; answers: QuestionAnswers }
  | { status: "no-answer"; reason?: AskUserNoAnswerReason }
  | { status: "unknown" };

/** One piece of an ask_user call found in one message: the call, or its result. */
export type AskUserBlock =
  | { kind: "call"; toolCallId: string; questions: GatewayQuestion[]; nestedId?: string; wrapped?: boolean; timestamp?: number }
  | { kind: "result"; toolCallId: string; outcome: AskUserHistoryOutcome; nestedId?: string };

/** One ask_user call of the transcript, bound to the agent turn that made it. */
export interface AskUserHistoryEntry {
  /** The tool call id in the assistant message (the `tool_call` wrapper's, or ask_user's own). */
  toolCallId: string;
  runId?: string;
  /** The transcript id of the assistant message that made the call: the turn the summary belongs to. */
  anchor?: string;
  /** The gateway's question record id, when the history holds what it is made from. */
  questionRecordId?: string;
  questions: GatewayQuestion[];
  outcome: AskUserHistoryOutcome;
  /** Epoch ms of the call, as the message says. */
  at?: number;
}

const MAX_QUESTIONS = 3;
const MAX_TEXT = 2000;

const str = (v: unknown): string | undefined => asString(v)?.slice(0, MAX_TEXT);

/** The record id the gateway's ask_user tool gives a call: `ask_` + first 32 hex of sha256(runId NUL toolCallId). */
export function askUserRecordId(runId: string, toolCallId: string): string {
  return `ask_${sha256Hex(`${runId}\0${toolCallId}`).slice(0, 32)}`;
}

function questionsOf(args: unknown): GatewayQuestion[] | undefined {
  const list = asObject(args)?.questions;
  if (!Array.isArray(list) || list.length === 0) return undefined;
  const out: GatewayQuestion[] = [];
  for (const raw of list.slice(0, MAX_QUESTIONS)) {
    const q = asObject(raw);
    const questionId = str(q?.id) ?? str(q?.questionId);
    const question = str(q?.question);
    if (!q || !questionId || !question) continue;
    const options: QuestionOption[] = [];
    for (const o of Array.isArray(q.options) ? q.options.slice(0, MAX_OPTIONS) : []) {
      const label = str(asObject(o)?.label);
      const description = str(asObject(o)?.description);
      if (label) options.push(description ? { label, description } : { label });
    }
    // The tool cuts headers to 12 characters and lets every question take free text.
    out.push({ questionId, header: truncateGraphemes(str(q.header) ?? "", HEADER_MAX_CHARS), question, options, multiSelect: q.multiSelect === true, isOther: true });
  }
  return out.length ? out : undefined;
}

function answersOf(raw: unknown): QuestionAnswers | undefined {
  const map = asObject(asObject(raw)?.answers);
  if (!map) return undefined;
  const answers = idTable<string[]>();
  // An ask_user answer has at most 3 questions of a few values each; anything past generous bounds is dropped.
  for (const [key, values] of Object.entries(map).slice(0, 2 * MAX_QUESTIONS)) {
    if (!Array.isArray(values)) return undefined;
    answers[key] = values.slice(0, 4 * MAX_OPTIONS).filter((v): v is string => typeof v === "string").map((v) => v.slice(0, MAX_TEXT));
  }
  return { answers };
}

function jsonObject(text: string): Record<string, unknown> | undefined {
  try {
    return asObject(JSON.parse(text));
  } catch {
    return undefined;
  }
}

// The tool's result text is "<lines>\n\n<JSON of {status, answers?}>"; its first sentence says why there was no answer.
function outcomeOfText(text: string): AskUserHistoryOutcome {
  const at = text.lastIndexOf("\n\n{");
  return outcomeOfPayload(jsonObject(at >= 0 ? text.slice(at + 2) : text), text);
}

function outcomeOfPayload(payload: Record<string, unknown> | undefined, text: string): AskUserHistoryOutcome {
  if (payload?.status === "answered") {
    const answers = answersOf(payload.answers);
    return answers ? { status: "answered", answers } : { status: "unknown" };
  }
  if (payload?.status === "no_answer") {
    if (text.startsWith("The question was cancelled")) return { status: "no-answer", reason: "cancelled" };
    if (text.startsWith("No answer arrived")) return { status: "no-answer", reason: "timed-out" };
    return { status: "no-answer" };
  }
  return { status: "unknown" };
}

const firstText = (content: unknown): string | undefined =>
  Array.isArray(content) ? content.map((b) => (asObject(b)?.type === "text" ? str(asObject(b)?.text) : undefined)).find((t) => t !== undefined) : str(content);

// A `tool_call` result is JSON: {tool:{name}, result:{content, details}}.
function wrappedOutcome(text: string | undefined): AskUserHistoryOutcome | undefined {
  const parsed = text ? jsonObject(text) : undefined;
  if (asObject(parsed?.tool)?.name !== "ask_user") return undefined;
  const result = asObject(parsed?.result);
  const inner = firstText(result?.content) ?? "";
  const fromDetails = outcomeOfPayload(asObject(result?.details), inner);
  return fromDetails.status !== "unknown" ? fromDetails : outcomeOfText(inner);
}

function callOf(block: Record<string, unknown>, timestamp: number | undefined): AskUserBlock | undefined {
  const id = str(block.id);
  const args = asObject(block.arguments);
  const wrapped = block.name === "tool_call" && args?.id === "ask_user";
  const questions = wrapped ? questionsOf(args.args) : block.name === "ask_user" ? questionsOf(args) : undefined;
  if (!id || !questions) return undefined;
  const parent = wrapped ? undefined : str(block.parentToolCallId);
  return compact<AskUserBlock>({ kind: "call", toolCallId: parent ?? id, nestedId: parent && id, questions, wrapped: wrapped || undefined, timestamp });
}

/** The ask_user calls and results in one raw transcript message; undefined when it holds none. Never throws. */
export function askUserBlocksOf(raw: unknown): AskUserBlock[] | undefined {
  const o = asObject(raw);
  if (!o) return undefined;
  const out: AskUserBlock[] = [];
  const timestamp = asNumber(o.timestamp);
  if (o.role === "toolResult") {
    const toolCallId = str(o.toolCallId);
    const text = firstText(o.content);
    const outcome = o.toolName === "ask_user" ? text && outcomeOfText(text) : o.toolName === "tool_call" ? wrappedOutcome(text) : undefined;
    if (toolCallId && outcome) out.push({ kind: "result", toolCallId, outcome });
  } else if (Array.isArray(o.content)) {
    for (const item of o.content.slice(0, 200)) {
      const block = asObject(item);
      if (block?.type === "toolCall") {
        const call = callOf(block, asNumber(block.timestamp) ?? timestamp);
        if (call) out.push(call);
      } else if (block?.type === "toolResult" && block.toolName === "ask_user") {
        const nestedId = str(block.toolCallId);
        const parent = str(block.parentToolCallId);
        const text = firstText(block.content);
        if (nestedId && text) out.push({ kind: "result", toolCallId: parent ?? nestedId, ...(parent ? { nestedId } : {}), outcome: outcomeOfText(text) });
      }
    }
  }
  return out.length ? out : undefined;
}

/** Pairs the ask_user calls of a transcript with their results, oldest first; one entry per assistant tool call. */
export function askUserEntries(messages: readonly { id?: string; runId?: string; askUser?: AskUserBlock[] }[]): AskUserHistoryEntry[] {
  const entries = new Map<string, AskUserHistoryEntry & { wrapped?: boolean }>();
  const nested = new Map<string, string>();
  const results = new Map<string, AskUserHistoryOutcome>();
  for (const m of messages) {
    for (const block of m.askUser ?? []) {
      if (block.nestedId) nested.set(block.toolCallId, block.nestedId);
      if (block.kind === "result") {
        // A readable result wins over an unreadable one; the nested and the wrapped copy say the same.
        if (block.outcome.status !== "unknown" || !results.has(block.toolCallId)) results.set(block.toolCallId, block.outcome);
      } else if (!block.nestedId && !entries.has(block.toolCallId)) {
        const { toolCallId, questions, timestamp: at, wrapped } = block;
        entries.set(toolCallId, compact({ toolCallId, runId: m.runId, anchor: m.id, questions, outcome: { status: "unknown" } as const, at, wrapped }));
      }
    }
  }
  return [...entries.values()].map(({ wrapped, ...e }) => {
    // The record id hashes the id ask_user itself ran under: the nested call's, or a plain call's own.
    const hashed = nested.get(e.toolCallId) ?? (wrapped ? undefined : e.toolCallId);
    const questionRecordId = e.runId && hashed ? askUserRecordId(e.runId, hashed) : undefined;
    return compact({ ...e, questionRecordId, outcome: results.get(e.toolCallId) ?? e.outcome });
  });
}
