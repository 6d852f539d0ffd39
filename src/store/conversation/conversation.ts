import { createStore, type StoreApi } from "zustand/vanilla";
import type { GatewayConnection } from "../../gateway/types";
import { belongsToSession } from "../../protocol/session-key";
import { parseChatEvent, type ChatMessage } from "../../protocol/chat-message";
import { parseSessionMessageEvent, SESSION_MESSAGE_EVENT } from "../../protocol/session-message";
import { runEndingOf, runEndingOfLifecycle, type LifecycleEventData } from "../../protocol/run-ending";
import { conversationReducer, type ActiveRuns, type ConversationData, type ConversationEvent } from "./conversation-reducer";
import { deliveryProblem, liveMessageOf, readHistoryPage, savedInHistory, type RejectedItem } from "./history-page";
import { emptyAsyncLocal } from "./ledger";
import { followSessionMessages } from "./message-feed";
import { RunActivity } from "./run-activity";
import { reopenAnchor, sentKeyOf } from "./runs";
import { placeSavedRow } from "./saved-rows";

/**
 * Messages `chat.history` is asked for when no limit is given: the gateway's own maximum, so summaries and
 * async questions of a long conversation are read back whole. @default 1000
 */
export const DEFAULT_HISTORY_LIMIT = 1000;

/** Options of `createConversation`. */
export interface ConversationOptions {
  client: GatewayConnection;
  /** The conversation; "main" matches the gateway's main session. */
  sessionKey: string;
  /** @default DEFAULT_HISTORY_LIMIT */
  historyLimit?: number;
}

/** What the person can do to the conversation's async questions, and the queries the outbox needs. */
export interface ConversationActions {
  /** Loads `chat.history` again (also done on every connect, after an event gap, and after each run ends). */
  reload(): Promise<void>;
  /** Brings a retired or skipped question back; it stays pending until a run that starts after now completes. `at` restores a saved anchor. */
  reopen(itemId: string, at?: number): void;
  /** Takes a question out of the dock without sending anything. */
  skip(itemId: string): void;
  /** Marks a question as having an edited draft, a send in flight or an error: it is then never retired. */
  setProtected(itemId: string, on: boolean): void;
  /** True when the saved history holds the user message sent with this `chat.send` idempotency key. */
  hasUserMessage(idempotencyKey: string): boolean;
  /** Calls `listener` after each event that changed the state, once the new state is stored; returns the unsubscribe. */
  onEvent(listener: ConversationListener): () => void;
  /** Stops listening to the gateway. */
  dispose(): void;
}

/** Hears one conversation event with the state it produced and the state before it. */
export type ConversationListener = (event: ConversationEvent, state: ConversationState, prev: ConversationState) => void;

/** One conversation's history, run activity and async questions. */
export interface ConversationState extends ConversationData {
  sessionKey: string;
  actions: ConversationActions;
}

/** A conversation store. */
export type ConversationStore = StoreApi<ConversationState>;

interface LiveEntry {
  message: ChatMessage;
  /** History requests sent before it arrived; a later answer without it drops it. */
  requestsBefore: number;
}

/**
 * Creates a conversation store: it loads the history on every (re)connect, follows live `chat` and `agent` events,
 * and subscribes to the session's saved rows (`session.message`), so an async question saved mid-run shows at once.
 */
export function createConversation(opts: ConversationOptions): ConversationStore {
  const { client, sessionKey } = opts;
  const limit = opts.historyLimit ?? DEFAULT_HISTORY_LIMIT;
  const activity = new RunActivity();
  let live: LiveEntry[] = [];
  let requestsSent = 0;
  let loading: Promise<void> | undefined;
  let again = false;
  let disposed = false;

  const store = createStore<ConversationState>()(() => ({
    sessionKey,
    messages: [],
    runActive: false,
    activeRunIds: [],
    loaded: false,
    rejected: [],
    local: emptyAsyncLocal(),
    questions: [],
    actions: undefined as unknown as ConversationActions,
  }));

  const listeners = new Set<ConversationListener>();
  // The one writer of the state: it stores what the reducer returned, then tells the event's listeners.
  const dispatch = (event: ConversationEvent) => {
    if (disposed) return;
    const prev = store.getState();
    const next = conversationReducer(prev, event);
    if (next === prev) return;
    store.setState(next, true);
    for (const listener of [...listeners]) listener(event, next, prev);
  };
  const runsNow = (): ActiveRuns => ({ active: activity.isActive(), ids: activity.ids() });

  const loadOnce = async () => {
    const token = activity.beginSnapshot();
    const request = ++requestsSent;
    let page;
    try {
      page = readHistoryPage(await client.request("chat.history", { sessionKey, limit }));
    } catch (error) {
      activity.dropSnapshot(token);
      dispatch({ type: "historyLoadFailed", reason: error instanceof Error ? error.message : String(error) });
      return;
    }
    if (disposed) return;
    const endedInHistory = new Set(page.messages.flatMap((m) => (m.runId && runEndingOf(m) ? [m.runId] : [])));
    activity.applySnapshot(token, page.snapshot, endedInHistory);
    // Live messages that arrived after this request went out may be missing from its answer; older ones are settled by it.
    live = live.filter((entry) => entry.requestsBefore >= request && !savedInHistory(page.messages, entry.message));
    dispatch({ type: "historyLoaded", messages: [...page.messages, ...live.map((e) => e.message)], rejected: page.rejected, runs: runsNow() });
  };

  const reload = (): Promise<void> => {
    if (disposed) return Promise.resolve();
    if (loading) {
      again = true;
      return loading;
    }
    loading = (async () => {
      do {
        again = false;
        await loadOnce();
      } while (again && !disposed);
    })().finally(() => {
      loading = undefined;
    });
    return loading;
  };

  const runsChanged = () => dispatch({ type: "runActivityChanged", runs: runsNow() });

  const mine = (key: unknown) =>
    typeof key === "string" && (belongsToSession(key, sessionKey, client.getConnection().hello?.mainSessionKey, false) || key === feed.canonicalKey());

  const reject = (item: RejectedItem) => dispatch({ type: "itemRejected", item });

  const onChat = (payload: unknown) => {
    const read = parseChatEvent(payload);
    if (!read.ok) {
      if (mine((payload as { sessionKey?: unknown } | null)?.sessionKey)) reject({ source: "chat", errors: read.errors });
      return;
    }
    const event = read.value;
    if (!mine(event.sessionKey)) return;
    activity.onChat(event);
    const terminal = event.state === "error" || event.state === "aborted" || (event.state === "final" && event.message !== undefined);
    if (!terminal) {
      runsChanged();
      return;
    }
    // The gateway repeats a failed run's error event: a message already shown is not shown again.
    const message = liveMessageOf(event);
    const messages = store.getState().messages;
    if (message && !savedInHistory(messages, message)) {
      live.push({ message, requestsBefore: requestsSent });
      const problem = deliveryProblem(message, "chat", (payload as { message?: unknown }).message);
      dispatch({ type: "messageArrived", message, runs: runsNow() });
      if (problem) reject(problem);
    } else {
      runsChanged();
    }
    // The saved form carries the transcript id an answer must reply to.
    void reload();
  };

  const onAgent = (payload: unknown) => {
    const p = payload as { runId?: unknown; sessionKey?: unknown; stream?: unknown; data?: unknown } | null;
    if (!p || p.stream !== "lifecycle" || typeof p.runId !== "string" || !mine(p.sessionKey)) return;
    const data = (p.data ?? {}) as LifecycleEventData;
    activity.onLifecycle(p.runId, data);
    runsChanged();
    // Without the row feed, a run's end is when its rows show: a Codex run's final often carries no message.
    if (!feed.isLive() && runEndingOfLifecycle(data) !== null) void reload();
  };

  const onSessionMessage = (payload: unknown) => {
    const read = parseSessionMessageEvent(payload);
    if (!read.ok) {
      if (!mine((payload as { sessionKey?: unknown } | null)?.sessionKey)) return;
      reject({ source: "session.message", errors: read.errors });
      void reload();
      return;
    }
    if (!mine(read.value.sessionKey)) return;
    const row = read.value.message;
    const messages = store.getState().messages;
    const place = placeSavedRow(messages, row, store.getState().loaded);
    if (place.kind === "duplicate") return;
    if (place.kind === "reload") {
      void reload();
      return;
    }
    const entry = { message: row as ChatMessage, requestsBefore: requestsSent };
    if (place.kind === "append") {
      live.push(entry);
      dispatch({ type: "messageArrived", message: entry.message });
    } else {
      const standIn = messages[place.index];
      live = live.map((e) => (e.message === standIn ? entry : e));
      dispatch({ type: "rowReplaced", index: place.index, row: entry.message });
    }
    const problem = deliveryProblem(row, "session.message", (payload as { message?: unknown }).message);
    if (problem) reject(problem);
  };

  // Subscribed before the first history request goes out, so no row falls between the two.
  const feed = followSessionMessages(client, sessionKey);
  const unsubscribe = [
    client.onEvent("chat", onChat),
    client.onEvent("agent", onAgent),
    client.onEvent(SESSION_MESSAGE_EVENT, onSessionMessage),
    client.onConnected(() => void reload()),
    client.onGap(() => void reload()),
  ];

  const actions: ConversationActions = {
    reload,
    reopen: (itemId, at) => dispatch({ type: "questionReopened", itemId, anchor: at ?? reopenAnchor(store.getState().messages) }),
    skip: (itemId) => dispatch({ type: "questionSkipped", itemId }),
    setProtected: (itemId, on) => dispatch({ type: "protectionChanged", itemId, on }),
    hasUserMessage: (key) => store.getState().messages.some((m) => m.role === "user" && sentKeyOf(m) === key),
    onEvent: (listener) => {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    dispose: () => {
      disposed = true;
      feed.stop();
      for (const off of unsubscribe) off();
    },
  };
  store.setState({ actions });
  if (client.getConnection().state === "connected") void reload();
  return store;
}
