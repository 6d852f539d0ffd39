import { askUserBlocksOf, type AskUserBlock } from "./ask-user-history";
import { parseAsyncDelivery, type AsyncDelivery } from "./async-delivery";
import { asNumber, asObject, asString, compact, describe } from "./reader";
import { invalid, valid, type Validated } from "./result";

/** Where a message came from when the gateway wrote it rather than a person (e.g. restart recovery). */
export interface ChatMessageProvenance {
  kind?: string;
  sourceTool?: string;
}

/** One transcript message as the kit reads it: only the fields it uses, all text kept as plain text. */
export interface ChatMessage {
  /** "user", "assistant", "toolResult", "custom", … */
  role: string;
  /** String content, or the text blocks joined by newlines. */
  text: string;
  /** `__openclaw.id`: the transcript id, used as an answer's `replyToId`. */
  id?: string;
  /** `__openclaw.seq`: the transcript position. */
  seq?: number;
  /** `__openclaw.runId` (or a top-level `runId`). */
  runId?: string;
  stopReason?: string;
  /** "commentary" or "final_answer" on Codex messages. */
  phase?: string;
  /** `openclawAbort.aborted`: the run was stopped while this text streamed. */
  aborted: boolean;
  /** `__openclaw.runTerminal`: the gateway marked this as its run's last message. */
  runTerminal: boolean;
  /** `__openclaw.mirrorOrigin`, e.g. "codex-app-server" for mirrored Codex messages. */
  mirrorOrigin?: string;
  /** `__openclaw.mirrorIdentity`: `<turnId>:prompt`, `<turnId>:async:<itemId>`, `<turnId>:assistant`, … */
  mirrorIdentity?: string;
  /** On "custom" messages: what the gateway recorded, e.g. "run-failed-before-reply" for a run that failed. */
  customType?: string;
  /** On user messages `<chat.send idempotencyKey>:user`; on failed runs `<runId>:terminal-error`. */
  idempotencyKey?: string;
  /** `__openclaw.replyToId` (or a top-level `replyToId`): the message this one answers. */
  replyToId?: string;
  provenance?: ChatMessageProvenance;
  /** Epoch ms, as the message says. */
  timestamp?: number;
  /** The `openclawAsyncDelivery` block, validated; absent when the message has none. */
  asyncDelivery?: Validated<AsyncDelivery>;
  /** The ask_user calls and results this message holds; absent when it has none. */
  askUser?: AskUserBlock[];
}

/** A `chat` event as the kit reads it. */
export interface ChatEvent {
  runId: string;
  sessionKey?: string;
  /** "status" | "delta" | "final" | "error" | "aborted" (others are kept as sent). */
  state: string;
  seq?: number;
  stopReason?: string;
  errorMessage?: string;
  /** The display message, when the event carries one (it has no transcript id or seq). */
  message?: ChatMessage;
}

/** The `chat.send` idempotency key a person's message was sent with (the gateway stores it with a `:user` suffix). */
export function sentKeyOf(message: ChatMessage): string | undefined {
  return /^(.*):user$/s.exec(message.idempotencyKey ?? "")?.[1];
}

function textOf(content: unknown): string {
  if (typeof content === "string") return content;
  if (!Array.isArray(content)) return "";
  const parts = content.map((block) => (typeof block === "string" ? block : asObject(block)?.type === "text" ? asString(asObject(block)?.text) : undefined));
  return parts.filter((p): p is string => p !== undefined).join("\n");
}

/** The Codex turn a mirrored message belongs to: the part of its `mirrorIdentity` before the first colon. */
export function codexTurnOf(message: Pick<ChatMessage, "mirrorIdentity">): string | undefined {
  return /^([^:]+):/.exec(message.mirrorIdentity ?? "")?.[1];
}

/** Reads a transcript message tolerantly: a wrong-typed field is left out; only a missing role is invalid. */
export function parseChatMessage(raw: unknown): Validated<ChatMessage> {
  const o = asObject(raw);
  if (!o) return invalid([{ path: "", message: `must be an object, got ${describe(raw)}` }]);
  const role = asString(o.role);
  if (!role) return invalid([{ path: "role", message: `must be a non-empty string, got ${describe(o.role)}` }]);
  const meta = asObject(o.__openclaw) ?? {};
  const provenance = compact({ kind: asString(asObject(o.provenance)?.kind), sourceTool: asString(asObject(o.provenance)?.sourceTool) });
  return valid(
    compact<ChatMessage>({
      role,
      text: textOf(o.content),
      id: asString(meta.id),
      seq: asNumber(meta.seq),
      runId: asString(meta.runId) ?? asString(o.runId),
      stopReason: asString(o.stopReason),
      phase: asString(o.phase),
      aborted: asObject(o.openclawAbort)?.aborted === true,
      runTerminal: meta.runTerminal === true,
      mirrorOrigin: asString(meta.mirrorOrigin),
      mirrorIdentity: asString(meta.mirrorIdentity),
      customType: asString(o.customType),
      idempotencyKey: asString(o.idempotencyKey) ?? asString(meta.idempotencyKey),
      replyToId: asString(meta.replyToId) ?? asString(o.replyToId),
      provenance: Object.keys(provenance).length > 0 ? provenance : undefined,
      timestamp: asNumber(o.timestamp),
      asyncDelivery: o.openclawAsyncDelivery === undefined ? undefined : parseAsyncDelivery(o.openclawAsyncDelivery),
      askUser: askUserBlocksOf(o),
    }),
  );
}

/** Reads a `chat` event payload; invalid without a runId or state, and when its message is unreadable. Never throws. */
export function parseChatEvent(payload: unknown): Validated<ChatEvent> {
  const o = asObject(payload);
  if (!o) return invalid([{ path: "", message: `must be an object, got ${describe(payload)}` }]);
  const runId = asString(o.runId);
  const state = asString(o.state);
  if (!runId || !state) {
    return invalid([{ path: runId ? "state" : "runId", message: `must be a non-empty string, got ${describe(runId ? o.state : o.runId)}` }]);
  }
  const read = o.message === undefined || o.message === null ? undefined : parseChatMessage(o.message);
  if (read && !read.ok) return invalid(read.errors.map((e) => ({ ...e, path: e.path ? `message.${e.path}` : "message" })));
  return valid(
    compact<ChatEvent>({
      runId,
      sessionKey: asString(o.sessionKey),
      state,
      seq: asNumber(o.seq),
      stopReason: asString(o.stopReason),
      errorMessage: asString(o.errorMessage),
      message: read?.value,
    }),
  );
}
