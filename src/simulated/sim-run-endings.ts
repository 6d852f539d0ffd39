// What a settling run leaves in its transcript, and the message its terminal `chat` event carries. A run with the
// Codex plugin ends in other shapes than one without, so both sets of shapes live here side by side.
import type { SimAsyncDelivery, SimChatMessage } from "./sim-chat-types";
import { codexFinalRow, codexTurnId, injectedAbortRow, runFailedRow } from "./sim-codex-rows";
import type { SimRun, SimRunOutcome, SimSettleDetail } from "./sim-runs";
import type { SimTranscripts } from "./sim-transcripts";

/** Saves a settling run's ending in its transcript; returns the row its terminal `chat` event shows, if any. */
export function saveRunEnding(transcripts: SimTranscripts, run: SimRun, outcome: SimRunOutcome, detail: SimSettleDetail, delivery: SimAsyncDelivery | undefined): SimChatMessage | undefined {
  return isCodexRun(transcripts, run) ? saveCodexEnding(transcripts, run, outcome, detail) : saveEnding(transcripts, run, outcome, detail, delivery);
}

/** The message of a run's terminal `chat` event, made from the row its ending saved. */
export function endingEventMessage(run: SimRun, outcome: SimRunOutcome, message: SimChatMessage): Record<string, unknown> {
  // Live events carry the display message without its transcript bookkeeping; a Codex final names its run and key.
  const { role, content, timestamp, phase, openclawAsyncDelivery } = message;
  const codexFinal = outcome === "ok" && message.__openclaw.runTerminal ? { __openclaw: { runId: run.runId, idempotencyKey: message.idempotencyKey } } : {};
  return { role, content, timestamp, ...(phase ? { phase } : {}), ...(openclawAsyncDelivery ? { openclawAsyncDelivery } : {}), ...codexFinal };
}

// The shapes of a run without the Codex plugin: an error message, or the partial marked aborted, or the reply.
function saveEnding(transcripts: SimTranscripts, run: SimRun, outcome: SimRunOutcome, detail: SimSettleDetail, delivery: SimAsyncDelivery | undefined): SimChatMessage | undefined {
  const { runId } = run;
  if (outcome === "error") {
    // A failed run leaves its error in the transcript, keyed so a retry cannot add it twice.
    const idempotencyKey = `${runId}:terminal-error`;
    transcripts.append(run.sessionKey, { role: "assistant", content: [{ type: "text", text: `⚠️ ${detail.errorMessage ?? "The agent run failed."}` }], stopReason: "error", idempotencyKey, __openclaw: { runId, idempotencyKey } });
    return undefined;
  }
  if (outcome === "aborted" && (run.text || delivery)) {
    // The gateway saves a mid-stream abort's partial text as "stop" and marks the abort beside it.
    const idempotencyKey = `${runId}:assistant`;
    return transcripts.append(run.sessionKey, {
      role: "assistant",
      content: run.text ? [{ type: "text", text: run.text }] : [],
      stopReason: "stop",
      idempotencyKey,
      openclawAbort: { aborted: true, origin: "rpc", runId },
      ...(delivery ? { openclawAsyncDelivery: delivery } : {}),
      __openclaw: { runId, idempotencyKey },
    });
  }
  if (outcome === "ok" && (run.text || delivery)) {
    return transcripts.append(run.sessionKey, {
      role: "assistant",
      content: run.text ? [{ type: "text", text: run.text }] : [],
      stopReason: "stop",
      ...(detail.phase ? { phase: detail.phase } : {}),
      ...(delivery ? { openclawAsyncDelivery: delivery } : {}),
      __openclaw: { runId },
    });
  }
  return undefined;
}

// The shapes of a Codex run: the terminal mirrored reply; a failure record; an abort's two rows (only with text).
function saveCodexEnding(transcripts: SimTranscripts, run: SimRun, outcome: SimRunOutcome, detail: SimSettleDetail): SimChatMessage | undefined {
  const { runId, sessionKey, text } = run;
  if (outcome === "error") {
    // The gateway writes no failure record for a run that already saved an assistant row under its id.
    const answered = transcripts.session(sessionKey).messages.some((m) => m.role === "assistant" && m.__openclaw.runId === runId);
    if (!answered) transcripts.append(sessionKey, runFailedRow(runId, detail.errorMessage ?? "The agent run failed."));
    return undefined;
  }
  if (outcome === "aborted") {
    if (!text) return undefined;
    const injected = transcripts.append(sessionKey, injectedAbortRow(runId, text));
    transcripts.append(sessionKey, codexFinalRow(sessionKey, runId, text, "aborted"));
    return injected;
  }
  return text ? transcripts.append(sessionKey, codexFinalRow(sessionKey, runId, text, "stop", detail.phase)) : undefined;
}

// A run that asked async questions is a Codex run; after a reload its turn's rows still say so.
function isCodexRun(transcripts: SimTranscripts, run: SimRun): boolean {
  if (run.codex) return true;
  const turn = `${codexTurnId(run.runId)}:`;
  return transcripts.session(run.sessionKey).messages.some((m) => m.__openclaw.mirrorIdentity?.startsWith(turn) === true);
}
