// The playground's chat transcript: the kit conversation's messages (its `chat.history` reads, the session's saved-row
// feed and the `chat` events it keeps until the history has them), plus what only this page knows for a moment: a
// message it is sending and a reply still streaming. One reading of the conversation, so the transcript and the dock
// never disagree about what was said.
import { createStore, type StoreApi } from "zustand/vanilla";
import { defaultMessages, type GatewayClient, type QuestionDockStore } from "../src";
import { belongsToSession } from "../src/protocol";
import { savedEntries, type ChatEntry } from "./chat-entries";

export type { ChatEntry } from "./chat-entries";

/** The transcript's state and what the composer can do with it. */
export interface ChatFeed {
  entries: StoreApi<ChatEntry[]>;
  /** Sends a message with `chat.send`; rejects with a readable error. */
  send(text: string): Promise<void>;
  dispose(): void;
}

type Loose = Record<string, unknown>;

const asObject = (value: unknown): Loose | undefined => (value !== null && typeof value === "object" ? (value as Loose) : undefined);
const asString = (value: unknown): string | undefined => (typeof value === "string" ? value : undefined);

// The text of a streamed message's content: a plain string, or the text blocks of a block list.
function contentText(content: unknown): string {
  if (typeof content === "string") return content;
  if (!Array.isArray(content)) return "";
  return content
    .map((block) => {
      const b = asObject(block);
      return b?.["type"] === "text" ? (asString(b["text"]) ?? "") : "";
    })
    .join("");
}

/** The conversation's entries followed by this page's own, each of those only until the conversation has its id. */
export function mergeEntries(saved: readonly ChatEntry[], local: readonly ChatEntry[]): ChatEntry[] {
  const ids = new Set(saved.map((e) => e.id));
  // A stream gives way to any saved ending of its run (a failure leaves no `run:` row).
  const failed = new Set(saved.flatMap((e) => (e.ending === "failed" && e.runId ? [e.runId] : [])));
  // The saved row of a reply can come (through the session's feed) before the run's terminal `chat` event names it
  // the reply: a stream whose text that row already holds is the same message, shown once.
  const savedText = (e: ChatEntry) => saved.some((s) => s.role === "assistant" && s.runId === e.runId && e.text !== "" && s.text.startsWith(e.text));
  const gone = (e: ChatEntry) => e.runId !== undefined && e.id === `run:${e.runId}` && (failed.has(e.runId) || savedText(e));
  return [...saved, ...local.filter((e) => !ids.has(e.id) && !gone(e))];
}

/** Follows one session's chat on `client`, reading the conversation its dock `store` holds, so the page reads the gateway once. */
export function createChatFeed(client: GatewayClient, sessionKey: string, store: QuestionDockStore): ChatFeed {
  const entries = createStore<ChatEntry[]>(() => []);
  let local: ChatEntry[] = [];
  // Runs whose terminal `chat` event came: their text is their reply even before the conversation hears they ended.
  const finished = new Set<string>();
  let seenAt = new Map<string, number>();
  const mine = (key: unknown) => belongsToSession(asString(key), sessionKey, client.getHello()?.mainSessionKey, false);

  const refresh = () => {
    const s = store.getState().chat;
    const activeRunIds = new Set(s.activeRunIds.filter((r) => !finished.has(r)));
    const saved = savedEntries(s.messages, { activeRunIds, seenAt, now: Date.now() });
    const failed = s.error?.kind === "load-failed" ? defaultMessages.asyncProblems.loadFailed({ reason: s.error.reason }) : undefined;
    const loadError = failed ? [{ id: "history-error", role: "error" as const, text: failed, at: Date.now() }] : [];
    const next = mergeEntries([...saved, ...loadError], local);
    // A row without a timestamp of its own keeps the time it was first shown, so summaries do not hop past it.
    seenAt = new Map(next.map((e) => [e.id, e.at]));
    local = local.filter((e) => next.includes(e));
    entries.setState(next, true);
  };

  const putLocal = (entry: ChatEntry) => {
    const at = local.findIndex((e) => e.id === entry.id);
    local = at === -1 ? [...local, entry] : local.map((e, i) => (i === at ? { ...entry, at: e.at } : e));
    refresh();
  };

  const onChat = (payload: unknown) => {
    const p = asObject(payload);
    const runId = asString(p?.["runId"]);
    if (!p || !runId || !mine(p["sessionKey"]) || finished.has(runId)) return;
    const id = `run:${runId}`;
    const known = local.find((e) => e.id === id);
    const state = p["state"];
    if (state === "delta") {
      const text = contentText(asObject(p["message"])?.["content"]) || (known?.text ?? "") + (asString(p["deltaText"]) ?? "");
      putLocal({ id, role: "assistant", text, at: Date.now(), runId, streaming: true });
      return;
    }
    if (state !== "final" && state !== "aborted" && state !== "error") return;
    finished.add(runId);
    // The conversation keeps what a terminal event says (a reply, a partial, an error) until its saved form comes;
    // the stream stands only for a bare end, and an error replaces it.
    if (known && state !== "error") putLocal({ ...known, streaming: false, ...(state === "aborted" ? { ending: "stopped" as const } : {}) });
    else if (known) local = local.filter((e) => e !== known);
    refresh();
  };

  // Only a change of the conversation's part of the state is news for the transcript.
  const offs = [store.subscribe((next, prev) => next.chat !== prev.chat && refresh()), client.onEvent("chat", onChat)];
  refresh();

  return {
    entries,
    async send(text) {
      const key = `pg-${globalThis.crypto.randomUUID()}`;
      putLocal({ id: `user:${key}`, role: "user", text, at: Date.now(), runId: key });
      try {
        await client.request("chat.send", { sessionKey, message: text, idempotencyKey: key }, { timeoutMs: 30_000 });
      } catch (error) {
        putLocal({ id: `send-error:${key}`, role: "error", text: `Not sent: ${messageOf(error)}`, at: Date.now() });
        throw error;
      }
    },
    dispose: () => {
      offs.forEach((off) => off());
    },
  };
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
