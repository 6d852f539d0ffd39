// The gateway's live feed of saved transcript rows; subscriptions belong to a connection and end with it.
import { parseChatMessage, type ChatMessage } from "./chat-message";
import { asObject, describe } from "./reader";
import { invalid, valid, type Validated, type ValidationIssue } from "./result";

/** The method that starts a connection's feed of one session's saved rows (needs operator.read). */
export const SESSION_MESSAGES_SUBSCRIBE = "sessions.messages.subscribe";
/** The method that ends it. */
export const SESSION_MESSAGES_UNSUBSCRIBE = "sessions.messages.unsubscribe";
/** The event that carries each saved row to subscribed connections. */
export const SESSION_MESSAGE_EVENT = "session.message";

/** A `session.message` event as the kit reads it. */
export interface SessionMessageEvent {
  /** The canonical session key. */
  sessionKey: string;
  agentId?: string;
  /** The saved row; its `id` and `seq` are always set (taken from `messageId`/`messageSeq` when the row lacks them). */
  message: ChatMessage & { id: string; seq: number };
  /** Set only when the update carries a run (an async question's row has none). */
  runId?: string;
}

const MAX_KEY = 512;

function text(o: Record<string, unknown>, field: string, issues: ValidationIssue[], required: boolean): string | undefined {
  const value = o[field];
  if (value === undefined && !required) return undefined;
  if (typeof value === "string" && value !== "" && value.length <= MAX_KEY) return value;
  issues.push({ path: field, message: `must be a non-empty string of at most ${MAX_KEY} characters, got ${describe(value)}` });
  return undefined;
}

function position(value: unknown, path: string, issues: ValidationIssue[]): number | undefined {
  if (value === undefined) return undefined;
  if (typeof value === "number" && Number.isSafeInteger(value) && value >= 1) return value;
  issues.push({ path, message: `must be a whole number of at least 1, got ${describe(value)}` });
  return undefined;
}

/** Reads a `session.message` payload; invalid when its row cannot be placed (no id or seq, or they disagree). */
export function parseSessionMessageEvent(payload: unknown): Validated<SessionMessageEvent> {
  const o = asObject(payload);
  if (!o) return invalid([{ path: "", message: `must be an object, got ${describe(payload)}` }]);
  const issues: ValidationIssue[] = [];
  const sessionKey = text(o, "sessionKey", issues, true);
  const agentId = text(o, "agentId", issues, false);
  const runId = text(o, "runId", issues, false);
  const messageId = text(o, "messageId", issues, false);
  const messageSeq = position(o.messageSeq, "messageSeq", issues);
  const read = parseChatMessage(o.message);
  if (!read.ok) issues.push(...read.errors.map((e) => ({ ...e, path: e.path ? `message.${e.path}` : "message" })));
  const row = read.ok ? read.value : undefined;
  if (row?.seq !== undefined) position(row.seq, "message.__openclaw.seq", issues);
  if (row && messageId !== undefined && row.id !== undefined && row.id !== messageId) issues.push({ path: "messageId", message: "must equal message.__openclaw.id" });
  if (row && messageSeq !== undefined && row.seq !== undefined && row.seq !== messageSeq) issues.push({ path: "messageSeq", message: "must equal message.__openclaw.seq" });
  const id = row?.id ?? messageId;
  const seq = row?.seq ?? messageSeq;
  if (row && id === undefined) issues.push({ path: "messageId", message: "missing: neither messageId nor message.__openclaw.id is set" });
  if (row && seq === undefined) issues.push({ path: "messageSeq", message: "missing: neither messageSeq nor message.__openclaw.seq is set" });
  if (issues.length || !row || sessionKey === undefined || id === undefined || seq === undefined) return invalid(issues);
  return valid({ sessionKey, ...(agentId ? { agentId } : {}), message: { ...row, id, seq }, ...(runId ? { runId } : {}) });
}

/** Reads the answer of `sessions.messages.subscribe`/`unsubscribe`; `key` is the canonical session key. */
export function parseSessionMessagesSubscription(result: unknown): Validated<{ subscribed: boolean; key: string }> {
  const o = asObject(result);
  if (!o) return invalid([{ path: "", message: `must be an object, got ${describe(result)}` }]);
  const issues: ValidationIssue[] = [];
  if (typeof o.subscribed !== "boolean") issues.push({ path: "subscribed", message: `must be true or false, got ${describe(o.subscribed)}` });
  const key = text(o, "key", issues, true);
  if (issues.length || key === undefined) return invalid(issues);
  return valid({ subscribed: o.subscribed as boolean, key });
}
