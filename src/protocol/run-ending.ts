import type { ChatEvent, ChatMessage } from "./chat-message";
import { asObject } from "./reader";

/** How a run ended: "successful", or "settled" (failed, aborted, timed out, commentary only). */
export type RunEnding = "successful" | "settled";

const UNSUCCESSFUL_STOPS: ReadonlySet<string> = new Set(["aborted", "cancelled", "canceled", "timeout", "timed_out", "error"]);

/** How a saved message ends its run, or null when it ends none (async deliveries, tool calls, relayed messages). */
export function runEndingOf(message: ChatMessage): RunEnding | null {
  // What the gateway saves when a run fails before its reply (Codex runs save no error message).
  if (message.role === "custom") return message.customType === "run-failed-before-reply" ? "settled" : null;
  // The gateway saves a mid-stream abort as "stop" plus `openclawAbort`, so the marker is read before the stop reason.
  const stop = message.stopReason?.toLowerCase();
  if (message.role !== "assistant" || message.asyncDelivery !== undefined || stop === "tooluse") return null;
  if (message.provenance?.kind === "inter_session") return null;
  const failed = message.aborted || (stop !== undefined && UNSUCCESSFUL_STOPS.has(stop));
  // Mirrored Codex messages end a run only when the gateway marks them terminal.
  const mirrored = message.mirrorOrigin === "codex-app-server";
  const ends = message.runTerminal || (!mirrored && (message.phase === "final_answer" || stop === "stop" || failed));
  if (!ends) return null;
  return failed || message.phase === "commentary" ? "settled" : "successful";
}

/** How a live `chat` event ends its run, or null; a bare `final` (no message) only acknowledges a queued send. */
export function runEndingOfEvent(event: ChatEvent): RunEnding | null {
  if (event.state === "error" || event.state === "aborted") return "settled";
  if (event.state !== "final" || !event.message) return null;
  const stopReason = event.stopReason ?? event.message.stopReason;
  const carried = runEndingOf({ ...event.message, ...(stopReason ? { stopReason } : {}) });
  // A final whose message says nothing (e.g. it carries async questions) is judged by the event's stop reason.
  return carried ?? (stopReason?.toLowerCase() === "stop" ? "successful" : "settled");
}

/** The fields of an `agent` event that tell a run's end. */
export type LifecycleEventData = Partial<Record<"phase" | "aborted" | "status" | "terminalReceipt", unknown>>;

/** How an `agent` lifecycle event ends its run, or null: only `end` and `error` end one. */
export function runEndingOfLifecycle(data: LifecycleEventData): RunEnding | null {
  // An abort sends "end" too (cancelled); "finishing" of a good attempt looks like an end but a retry may follow.
  if (data.phase === "error") return "settled";
  if (data.phase !== "end") return null;
  if (data.aborted === true || data.status !== undefined) return "settled";
  const disposition = asObject(data.terminalReceipt)?.terminalDisposition;
  return disposition === undefined || disposition === "visible" ? "successful" : "settled";
}
