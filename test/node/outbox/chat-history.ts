// A small OutboxHistory over a gateway's own chat.history and chat events, through the real client.
// The conversation module provides the real one; this one lets the outbox run against the simulated
// and the real gateway without it.
import type { GatewayConnection } from "../../../src/gateway/types";
import type { OutboxHistory } from "../../../src/store/outbox";

export interface TestHistory extends OutboxHistory {
  /** How many chat.history reads were made. */
  readonly reloads: number;
  stop(): void;
}

interface HistoryMessage {
  role?: string;
  idempotencyKey?: string;
}

/** Keys of user messages come from chat.history; whether a run is going, from live `chat` events. */
export function chatHistory(client: GatewayConnection, sessionKey: string): TestHistory {
  let keys = new Set<string>();
  const running = new Set<string>();
  const listeners = new Set<() => void>();
  let reloads = 0;
  const notify = () => {
    for (const listener of [...listeners]) listener();
  };

  const offEvent = client.onEvent("chat", (payload) => {
    const p = payload as { runId?: string; sessionKey?: string; state?: string };
    if (p.sessionKey !== sessionKey || typeof p.runId !== "string") return;
    const before = running.size;
    const ended = p.state === "final" || p.state === "error" || p.state === "aborted";
    if (ended) running.delete(p.runId);
    else running.add(p.runId);
    if (running.size !== before) notify();
    // A run that ended wrote to the transcript, as a conversation view would re-read it.
    if (ended) reload().catch(() => {});
  });
  // Events were missed while away (and a restart ends runs without any), so start over from the history.
  const offConnected = client.onConnected(() => {
    running.clear();
    reload().catch(() => {});
  });

  async function reload(): Promise<void> {
    reloads += 1;
    const result = (await client.request("chat.history", { sessionKey, limit: 1000 }, { timeoutMs: 30_000 })) as { messages?: HistoryMessage[] };
    const next = new Set<string>();
    for (const m of result.messages ?? []) {
      if (m.role === "user" && typeof m.idempotencyKey === "string") next.add(m.idempotencyKey.replace(/:user$/, ""));
    }
    keys = next;
    notify();
  }

  return {
    get reloads() {
      return reloads;
    },
    isIdle: () => running.size === 0,
    hasUserMessage: (key) => keys.has(key),
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    reload,
    stop() {
      offEvent();
      offConnected();
      listeners.clear();
    },
  };
}
