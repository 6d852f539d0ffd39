// The gateway's live feed of saved transcript rows (`sessions.messages.subscribe`, which needs operator.read, starts it;
// `sessions.messages.unsubscribe` ends it); subscriptions belong to a connection and end with it.
import { parseChatMessage } from "./chat-message";
import { describe, Reader } from "./reader";
import { invalid, valid, type Validated } from "./result";

const MAX_KEY = 512;

function key(r: Reader, value: unknown, path: string, required = false): string | undefined {
  if (value === undefined && !required) return undefined;
  if (typeof value === "string" && value !== "" && value.length <= MAX_KEY) return value;
  return r.fail(path, `must be a non-empty string of at most ${MAX_KEY} characters, got ${describe(value)}`);
}

function position(r: Reader, value: unknown, path: string): number | undefined {
  if (value === undefined) return undefined;
  if (typeof value === "number" && Number.isSafeInteger(value) && value >= 1) return value;
  return r.fail(path, `must be a whole number of at least 1, got ${describe(value)}`);
}

/** Reads a `session.message` payload; invalid when its row cannot be placed (no id or seq, or they disagree). */
export function parseSessionMessageEvent(payload: unknown) {
  const r = new Reader();
  const o = r.object(payload, "");
  if (!o) return invalid(r.issues);
  const sessionKey = key(r, o.sessionKey, "sessionKey", true);
  const agentId = key(r, o.agentId, "agentId");
  const runId = key(r, o.runId, "runId");
  const messageId = key(r, o.messageId, "messageId");
  const messageSeq = position(r, o.messageSeq, "messageSeq");
  const read = parseChatMessage(o.message);
  if (!read.ok) r.issues.push(...read.errors.map((e) => ({ ...e, path: e.path ? `message.${e.path}` : "message" })));
  const row = read.ok ? read.value : undefined;
  if (row?.seq !== undefined) position(r, row.seq, "message.__openclaw.seq");
  if (row && messageId !== undefined && row.id !== undefined && row.id !== messageId) r.fail("messageId", "must equal message.__openclaw.id");
  if (row && messageSeq !== undefined && row.seq !== undefined && row.seq !== messageSeq) r.fail("messageSeq", "must equal message.__openclaw.seq");
  const id = row?.id ?? messageId;
  const seq = row?.seq ?? messageSeq;
  if (row && id === undefined) r.fail("messageId", "missing: neither messageId nor message.__openclaw.id is set");
  if (row && seq === undefined) r.fail("messageSeq", "missing: neither messageSeq nor message.__openclaw.seq is set");
  if (r.issues.length || !row || sessionKey === undefined || id === undefined || seq === undefined) return invalid(r.issues);
  return valid({ sessionKey, ...(agentId ? { agentId } : {}), message: { ...row, id, seq }, ...(runId ? { runId } : {}) });
}

/** Reads the answer of `sessions.messages.subscribe`/`unsubscribe`; `key` is the canonical session key. */
export function parseSessionMessagesSubscription(result: unknown): Validated<{ subscribed: boolean; key: string }> {
  const r = new Reader();
  const o = r.object(result, "");
  if (!o) return invalid(r.issues);
  const subscribed = r.boolean(o.subscribed, "subscribed");
  const canonical = key(r, o.key, "key", true);
  if (subscribed === undefined || canonical === undefined) return invalid(r.issues);
  return valid({ subscribed, key: canonical });
}
