// The playground's chat transcript: `chat.history` on every connect, live `chat` events, and `chat.send`.
// Everything read here came from the gateway, so it is checked field by field and kept as plain text.
import { createStore, type StoreApi } from "zustand/vanilla";
import type { GatewayClient } from "../src";
import { askUserBlocksOf, belongsToSession } from "../src/protocol";

/** One transcript message. */
export interface ChatEntry {
  /**
   * `user:<idempotencyKey>`; `run:<runId>` for a run's latest reply, so history and live events name it alike;
   * `msg:<transcript id>` for a run's earlier messages (a run can save several).
   */
  id: string;
  role: "user" | "assistant" | "error";
  /** Empty for an assistant message that only called ask_user: it is not shown, its question's summary stands there. */
  text: string;
  /** Epoch ms, for ordering next to question summaries. */
  at: number;
  /** The agent run that wrote it: question summaries of that run are shown at this turn. */
  runId?: string;
  /** The ask_user tool calls this message made (from history): each one's summary is shown right after it. */
  askCalls?: string[];
  streaming?: boolean;
}

/** The transcript's state and what the composer can do with it. */
export interface ChatFeed {
  entries: StoreApi<ChatEntry[]>;
  /** Sends a message with `chat.send`; rejects with a readable error. */
  send(text: string): Promise<void>;
  dispose(): void;
}

type Loose = Record<string, unknown>;

/** The most messages `chat.history` returns (the gateway caps `limit` at 1000), so a long conversation shows whole. */
export const HISTORY_LIMIT = 1000;

const asObject = (value: unknown): Loose | undefined => (value !== null && typeof value === "object" ? (value as Loose) : undefined);
const asString = (value: unknown): string | undefined => (typeof value === "string" ? value : undefined);

/** The text of a message's content: a plain string, or the text blocks of a block list. */
export function contentText(content: unknown): string {
  if (typeof content === "string") return content;
  if (!Array.isArray(content)) return "";
  return content
    .map((block) => {
      const b = asObject(block);
      return b?.["type"] === "text" ? (asString(b["text"]) ?? "") : "";
    })
    .join("");
}

function historyEntry(raw: unknown, index: number): ChatEntry | undefined {
  const m = asObject(raw);
  const meta = asObject(m?.["__openclaw"]);
  const role = m?.["role"];
  const text = contentText(m?.["content"]);
  const at = typeof m?.["timestamp"] === "number" ? m["timestamp"] : Date.now();
  if (role === "user") {
    const key = asString(m?.["idempotencyKey"])?.replace(/:user$/, "") ?? asString(meta?.["id"]);
    return key && text ? { id: `user:${key}`, role, text, at } : undefined;
  }
  if (role === "assistant") {
    const messageId = asString(meta?.["id"]);
    const runId = asString(meta?.["runId"]) ?? messageId;
    const failed = m?.["stopReason"] === "error";
    const askCalls = (askUserBlocksOf(m) ?? []).flatMap((b) => (b.kind === "call" && !b.nestedId ? [b.toolCallId] : []));
    if (!runId || (!text && !askCalls.length)) return undefined;
    return { id: `msg:${messageId ?? `${runId}#${index}`}`, role: failed ? "error" : "assistant", text, at, runId, ...(askCalls.length ? { askCalls } : {}) };
  }
  return undefined;
}

/**
 * The transcript's entries from `chat.history` messages. The latest reply of each ended run is `run:<runId>`, the
 * id its live events used; a run still going (`activeRunIds`) keeps that id for its live stream, which comes after.
 */
export function historyEntries(messages: readonly unknown[], activeRunIds: ReadonlySet<string> = new Set()): ChatEntry[] {
  const saved = messages.map(historyEntry).filter((e): e is ChatEntry => e !== undefined);
  const latest = new Map<string, number>();
  saved.forEach((e, i) => {
    if (e.runId !== undefined && e.text && !activeRunIds.has(e.runId)) latest.set(e.runId, i);
  });
  const seen = new Set<string>();
  return saved.flatMap((e, i) => {
    const entry = e.runId !== undefined && latest.get(e.runId) === i ? { ...e, id: `run:${e.runId}` } : e;
    // A repeated id (a message saved twice) would make two rows with one key: the first one stays.
    if (seen.has(entry.id)) return [];
    seen.add(entry.id);
    return [entry];
  });
}

function upsert(entries: ChatEntry[], entry: ChatEntry): ChatEntry[] {
  const at = entries.findIndex((e) => e.id === entry.id);
  if (at === -1) return [...entries, entry];
  const next = [...entries];
  next[at] = { ...entry, at: entries[at]!.at };
  return next;
}

/** Follows one session's chat on `client`. */
export function createChatFeed(client: GatewayClient, sessionKey: string): ChatFeed {
  const entries = createStore<ChatEntry[]>(() => []);
  // The gateway sends a second error event for a failed run; the first terminal event is the one that counts.
  const finished = new Set<string>();
  const mine = (key: unknown) => belongsToSession(asString(key), sessionKey, client.getHello()?.mainSessionKey, false);

  const loadHistory = async () => {
    try {
      const result = asObject(await client.request("chat.history", { sessionKey, limit: HISTORY_LIMIT }, { timeoutMs: 30_000 }));
      const messages = Array.isArray(result?.["messages"]) ? result["messages"] : [];
      const active = asObject(result?.["sessionInfo"])?.["activeRunIds"];
      const saved = historyEntries(messages, new Set(Array.isArray(active) ? active.filter((r): r is string => typeof r === "string") : []));
      const ids = new Set(saved.map((e) => e.id));
      // Messages sent or streamed since the request went out are kept until history has them.
      entries.setState([...saved, ...entries.getState().filter((e) => !ids.has(e.id))], true);
    } catch (error) {
      entries.setState(upsert(entries.getState(), { id: "history-error", role: "error", text: `Could not load the conversation: ${messageOf(error)}`, at: Date.now() }), true);
    }
  };

  const onChat = (payload: unknown) => {
    const p = asObject(payload);
    const runId = asString(p?.["runId"]);
    if (!p || !runId || !mine(p["sessionKey"]) || finished.has(runId)) return;
    const id = `run:${runId}`;
    const known = entries.getState().find((e) => e.id === id);
    const messageText = contentText(asObject(p["message"])?.["content"]);
    const state = p["state"];
    if (state === "delta") {
      const text = messageText || (known?.text ?? "") + (asString(p["deltaText"]) ?? "");
      entries.setState(upsert(entries.getState(), { id, role: "assistant", text, at: Date.now(), runId, streaming: true }), true);
    } else if (state === "final" || state === "aborted") {
      // A final without a message acknowledges a queued send; its real run arrives under another id.
      if (!messageText && !known) return;
      finished.add(runId);
      const text = messageText || known?.text || "";
      entries.setState(upsert(entries.getState(), { id, role: "assistant", text: state === "aborted" ? `${text} (stopped)`.trim() : text, at: Date.now(), runId }), true);
      // Messages sent by others (async answers go out through the outbox) show once a turn ends.
      void loadHistory();
    } else if (state === "error") {
      finished.add(runId);
      const text = asString(p["errorMessage"]) ?? "The agent run failed.";
      entries.setState(upsert(entries.getState(), { id, role: "error", text, at: Date.now(), runId }), true);
    }
  };

  const offs = [client.onConnected(() => void loadHistory()), client.onEvent("chat", onChat)];
  // Made for a session picked on a live connection: no connect event will come to load its history.
  if (client.getConnection().state === "connected") void loadHistory();

  return {
    entries,
    async send(text) {
      const key = `pg-${globalThis.crypto.randomUUID()}`;
      entries.setState(upsert(entries.getState(), { id: `user:${key}`, role: "user", text, at: Date.now() }), true);
      try {
        await client.request("chat.send", { sessionKey, message: text, idempotencyKey: key }, { timeoutMs: 30_000 });
      } catch (error) {
        entries.setState(upsert(entries.getState(), { id: `send-error:${key}`, role: "error", text: `Not sent: ${messageOf(error)}`, at: Date.now() }), true);
        throw error;
      }
    },
    dispose: () => offs.forEach((off) => off()),
  };
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
