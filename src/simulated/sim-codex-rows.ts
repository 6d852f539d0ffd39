// The rows a Codex run saves, as the real gateway with the Codex plugin saves them (openclaw 2026.9.6,
// @openclaw/codex 2026.9.5; docs/gateway-findings.md §12): mirrored rows name their turn in `mirrorIdentity`, an
// async question's row names no run, the final is marked `runTerminal`, a failure is a custom record, and an abort
// leaves the gateway's injected partial and the mirrored aborted reply.
import type { SimAsyncDelivery, SimChatMessage } from "./sim-chat-types";

/** What a new transcript row holds before the chat numbers it. */
export type SimRowDraft = Omit<SimChatMessage, "timestamp" | "__openclaw"> & { __openclaw?: Partial<SimChatMessage["__openclaw"]> };

/** `__openclaw.mirrorOrigin` of every row the Codex plugin mirrors. */
export const CODEX_MIRROR_ORIGIN = "codex-app-server";

/** The `customType` of the record a run that failed before its reply leaves. */
export const RUN_FAILED_TYPE = "run-failed-before-reply";

/** The longest error text the failure record keeps, as the gateway cuts it. */
const FAILURE_TEXT_MAX = 512;

// A short stable hash: ids derived from it survive a reload without being saved.
function hashOf(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return h.toString(16).padStart(8, "0");
}

/** The Codex turn id of a run: stable per run, and free of colons, since `mirrorIdentity` is read up to the first one. */
export function codexTurnId(runId: string): string {
  return `turn-${hashOf(runId)}`;
}

/** The Codex thread of a session, which the mirror's idempotency keys name. */
export function codexThreadId(sessionKey: string): string {
  return `thread-${hashOf(sessionKey)}`;
}

// The marks every mirrored row carries, with the plugin's idempotency key on the row and in `__openclaw`.
function mirrored(sessionKey: string, mirrorIdentity: string) {
  const idempotencyKey = `codex-app-server:${codexThreadId(sessionKey)}:${mirrorIdentity}`;
  return { idempotencyKey, meta: { mirrorIdentity, mirrorOrigin: CODEX_MIRROR_ORIGIN, idempotencyKey } };
}

const textParts = (text: string) => (text ? [{ type: "text" as const, text }] : []);

/** The async question row: saved mid-run, with no run id (the plugin mirrors it without one), only its turn. */
export function codexAsyncRow(sessionKey: string, runId: string, delivery: SimAsyncDelivery, text: string): SimRowDraft {
  const m = mirrored(sessionKey, `${codexTurnId(runId)}:async:${delivery.itemId}`);
  return { role: "assistant", content: textParts(text), stopReason: "stop", openclawAsyncDelivery: delivery, idempotencyKey: m.idempotencyKey, __openclaw: m.meta };
}

/** The marks the plugin adds to the person's own row when its turn starts: the run and the turn's prompt identity. */
export function codexPromptMarks(runId: string): Partial<SimChatMessage["__openclaw"]> {
  return { runId, mirrorIdentity: `${codexTurnId(runId)}:prompt`, mirrorOrigin: CODEX_MIRROR_ORIGIN };
}

/** A commentary message, saved as its item completes: it names the run but does not end it. */
export function codexCommentaryRow(sessionKey: string, runId: string, itemId: string, text: string): SimRowDraft {
  const m = mirrored(sessionKey, `${codexTurnId(runId)}:commentary:${itemId}`);
  return { role: "assistant", content: textParts(text), stopReason: "stop", phase: "commentary", idempotencyKey: m.idempotencyKey, __openclaw: { ...m.meta, runId } };
}

/** The run's terminal reply: `stopReason` "stop" for a success, "aborted" for an interrupted turn; named and marked terminal. */
export function codexFinalRow(sessionKey: string, runId: string, text: string, stopReason: "stop" | "aborted", phase?: string): SimRowDraft {
  const m = mirrored(sessionKey, `${codexTurnId(runId)}:assistant`);
  return {
    role: "assistant",
    content: textParts(text),
    stopReason,
    ...(phase ? { phase } : {}),
    idempotencyKey: m.idempotencyKey,
    __openclaw: { ...m.meta, runId, runTerminal: true },
  };
}

/** The gateway's own record of an abort with buffered text: "stop" plus `openclawAbort`, keyed `<runId>:assistant`. */
export function injectedAbortRow(runId: string, text: string): SimRowDraft {
  const idempotencyKey = `${runId}:assistant`;
  return {
    role: "assistant",
    content: textParts(text),
    stopReason: "stop",
    provider: "openclaw",
    model: "gateway-injected",
    api: "openai-responses",
    idempotencyKey,
    openclawAbort: { aborted: true, origin: "rpc", runId },
    __openclaw: { runId, idempotencyKey },
  };
}

/** The record a run that failed before its reply leaves; `chat.history` shows its run id in `__openclaw`. */
export function runFailedRow(runId: string, errorMessage: string): SimRowDraft {
  return {
    role: "custom",
    customType: RUN_FAILED_TYPE,
    content: `This turn ended before a reply: ${errorMessage.slice(0, FAILURE_TEXT_MAX)}`,
    display: true,
    __openclaw: { runId },
  };
}
