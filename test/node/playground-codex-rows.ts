// Transcript rows in the shapes the real gateway with the Codex plugin saves (docs/gateway-findings.md §12), and the
// live stand-ins the kit's conversation keeps from `chat` events until the history has them.
import { parseChatEvent, parseChatMessage, type ChatMessage } from "../../src/protocol";
import { liveMessageOf } from "../../src/store/conversation/history-read";

/** A raw row as `chat.history` returns it. */
export type RawRow = Record<string, unknown>;

const thread = "thread-1";
const mirror = (turn: string, kind: string) => {
  const mirrorIdentity = `${turn}:${kind}`;
  const idempotencyKey = `codex-app-server:${thread}:${mirrorIdentity}`;
  return { idempotencyKey, meta: { mirrorIdentity, mirrorOrigin: "codex-app-server", idempotencyKey } };
};
const text = (t: string) => [{ type: "text", text: t }];

/** Builds rows with transcript ids `m<seq>` and positions in the order they are made. */
export function rows() {
  let seq = 0;
  const at = () => {
    seq += 1;
    return { id: `m${seq}`, seq, timestamp: 1_000 + seq * 10 };
  };
  return {
    /** The person's message, mirrored as the turn's prompt, named after the send key. */
    prompt(turn: string, runId: string, body: string): RawRow {
      const p = at();
      return { role: "user", content: body, timestamp: p.timestamp, idempotencyKey: `${runId}:user`, __openclaw: { mirrorIdentity: `${turn}:prompt`, runId, id: p.id, seq: p.seq, idempotencyKey: `${runId}:user` } };
    },
    /** A person's message without the Codex plugin. */
    user(runId: string, body: string): RawRow {
      const p = at();
      return { role: "user", content: body, timestamp: p.timestamp, idempotencyKey: `${runId}:user`, __openclaw: { id: p.id, seq: p.seq, idempotencyKey: `${runId}:user` } };
    },
    commentary(turn: string, runId: string, body: string): RawRow {
      const p = at();
      const m = mirror(turn, `commentary:msg-${p.seq}`);
      return { role: "assistant", content: text(body), stopReason: "stop", timestamp: p.timestamp, idempotencyKey: m.idempotencyKey, __openclaw: { ...m.meta, runId, id: p.id, seq: p.seq } };
    },
    /** An async question: a row of its own, saved mid-run, naming its turn but no run. */
    asked(turn: string, itemId: string, title: string): RawRow {
      const p = at();
      const m = mirror(turn, `async:${itemId}`);
      return {
        role: "assistant",
        content: text(title),
        stopReason: "stop",
        timestamp: p.timestamp,
        openclawAsyncDelivery: { itemId, questions: [{ title, options: ["Staging", "Production"] }] },
        idempotencyKey: m.idempotencyKey,
        __openclaw: { ...m.meta, id: p.id, seq: p.seq },
      };
    },
    final(turn: string, runId: string, body: string, stopReason: "stop" | "aborted" = "stop"): RawRow {
      const p = at();
      const m = mirror(turn, "assistant");
      return { role: "assistant", content: text(body), stopReason, timestamp: p.timestamp, idempotencyKey: m.idempotencyKey, __openclaw: { ...m.meta, runId, runTerminal: true, id: p.id, seq: p.seq } };
    },
    /** A plain (non-Codex) run's reply. */
    reply(runId: string, body: string): RawRow {
      const p = at();
      return { role: "assistant", content: text(body), stopReason: "stop", timestamp: p.timestamp, __openclaw: { runId, id: p.id, seq: p.seq } };
    },
    failed(runId: string, error: string): RawRow {
      const p = at();
      return { role: "custom", customType: "run-failed-before-reply", content: `This turn ended before a reply: ${error}`, display: true, timestamp: p.timestamp, __openclaw: { runId, id: p.id, seq: p.seq } };
    },
    /** The gateway's own record of an abort's partial text. */
    injectedAbort(runId: string, body: string): RawRow {
      const p = at();
      const idempotencyKey = `${runId}:assistant`;
      return {
        role: "assistant",
        content: text(body),
        stopReason: "stop",
        provider: "openclaw",
        model: "gateway-injected",
        api: "openai-responses",
        timestamp: p.timestamp,
        idempotencyKey,
        openclawAbort: { aborted: true, origin: "rpc", runId },
        __openclaw: { runId, id: p.id, seq: p.seq, idempotencyKey },
      };
    },
  };
}

/** Reads raw rows as the kit's conversation does. */
export function read(raw: readonly RawRow[]): ChatMessage[] {
  return raw.map((r) => {
    const m = parseChatMessage(r);
    if (!m.ok) throw new Error(`unreadable row: ${JSON.stringify(r)}`);
    return m.value;
  });
}

/** What the conversation keeps from a terminal `chat` event until the history has its saved form. */
export function live(payload: Record<string, unknown>): ChatMessage {
  const event = parseChatEvent({ sessionKey: "main", ...payload });
  const message = event.ok ? liveMessageOf(event.value) : undefined;
  if (!message) throw new Error(`no live message for ${JSON.stringify(payload)}`);
  return message;
}
