// The conversation's history and live runs: `chat.history` on each (re)connect, gap and run end; live `chat` and
// `agent` events; and saved rows (`session.message`), so an async question saved mid-run shows at once.
import { errorMessage } from "../../protocol/result";
import { belongsToSession } from "../../protocol/session-key";
import { parseChatEvent, type ChatMessage } from "../../protocol/chat-message";
import { parseSessionMessageEvent, parseSessionMessagesSubscription } from "../../protocol/session-message";
import { runEndingOf, runEndingOfLifecycle, type LifecycleEventData } from "../../protocol/run-ending";
import type { ActiveRuns } from "../conversation/conversation-reducer";
import { deliveryProblem, liveMessageOf, placeSavedRow, readHistoryPage, savedInHistory, type RejectedItem } from "../conversation/history-read";
import { RunActivity } from "../conversation/run-activity";
import type { DockContext } from "../context";
import { GatewayRequestError, type GatewayConnection, type GatewayErrorCode } from "../../gateway/connection";
import { backoffDelay } from "../../gateway/handshake";

/** The history link of one store. */
export type HistoryReader = ReturnType<typeof startHistoryReader>;

// The gateway keeps one saved-row subscription per connection and session: a second conversation of the session must
// not lose its rows when the first unsubscribes.
const feedHolders = new WeakMap<GatewayConnection, Map<string, number>>();

// A history the gateway did not give in time, or was not ready to give, is asked again after 1 s doubling to 30 s; one
// cut off by a dropped socket, on reconnect. Until it loads, answers queued in this conversation wait. One reader per
// conversation has no herd to spread, so each wait is its whole window (no jitter).
const HISTORY_RETRY = { baseMs: 1000, maxMs: 30_000, random: () => 1 };
const askedAgain = (error: unknown): GatewayRequestError | undefined =>
  error instanceof GatewayRequestError && (["TIMEOUT", "UNAVAILABLE", "DISCONNECTED"] satisfies GatewayErrorCode[]).some((code) => code === error.code) ? error : undefined;

/** Starts following the conversation of `ctx`'s session; `limit` defaults to the gateway's maximum, to read it whole. */
export function startHistoryReader(ctx: DockContext, limit = 1000) {
  const { client, sessionKey, timers } = ctx.options;
  const activity = new RunActivity();
  // Messages shown before the history holds them; `requestsBefore`: history requests sent before it arrived.
  let live: { message: ChatMessage; requestsBefore: number }[] = [];
  let requestsSent = 0;
  let loading: Promise<void> | undefined;
  let again = false;
  let disposed = false;
  let failedLoads = 0;
  let retryTimer: unknown;

  const chat = () => ctx.get().chat;
  const dispatch: DockContext["dispatch"] = (event) => {
    if (!disposed) ctx.dispatch(event);
  };
  const runsNow = (): ActiveRuns => ({ active: activity.isActive(), ids: activity.ids() });

  // Asked on every connect, since a subscription ends with its socket. A refusal (missing scope, older gateway) leaves
  // it off: rows then show when a run ends. `feedLive`: confirmed on the current connection.
  let feedAttempt = 0;
  let feedLive = false;
  let canonicalKey: string | undefined;
  const holders = feedHolders.get(client) ?? new Map<string, number>();
  feedHolders.set(client, holders);
  holders.set(sessionKey, (holders.get(sessionKey) ?? 0) + 1);
  const subscribe = () => {
    const attempt = ++feedAttempt;
    feedLive = false;
    client.request("sessions.messages.subscribe", { key: sessionKey }).then(
      (result) => {
        if (attempt !== feedAttempt || disposed) return;
        const read = parseSessionMessagesSubscription(result);
        feedLive = read.ok && read.value.subscribed;
        if (read.ok) canonicalKey = read.value.key;
      },
      () => undefined,
    );
  };

  const loadOnce = async () => {
    const token = activity.beginSnapshot();
    const request = ++requestsSent;
    let page;
    try {
      page = readHistoryPage(await client.request("chat.history", { sessionKey, limit }));
    } catch (error) {
      activity.dropSnapshot(token);
      const retry = disposed ? undefined : askedAgain(error);
      if (retry && retry.code !== ("DISCONNECTED" satisfies GatewayErrorCode)) {
        timers.clearTimeout(retryTimer);
        retryTimer = timers.setTimeout(() => void load(), backoffDelay(++failedLoads, HISTORY_RETRY, retry.retryAfterMs));
      }
      return dispatch({ type: "historyLoadFailed", reason: errorMessage(error), retrying: retry !== undefined });
    }
    if (disposed) return;
    // A load that came in by another way (a reconnect, a run's end) makes a pending retry needless.
    timers.clearTimeout(retryTimer);
    failedLoads = 0;
    const endedInHistory = new Set(page.messages.flatMap((m) => (m.runId && runEndingOf(m) ? [m.runId] : [])));
    activity.applySnapshot(token, page.snapshot, endedInHistory);
    // Live messages that arrived after this request went out may be missing from its answer; older ones are settled by it.
    live = live.filter((entry) => entry.requestsBefore >= request && !savedInHistory(page.messages, entry.message));
    dispatch({ type: "historyLoaded", messages: [...page.messages, ...live.map((e) => e.message)], rejected: page.rejected, runs: runsNow() });
  };

  // One request at a time: a load asked for meanwhile is one more request after it, for everyone who asked.
  const load = (): Promise<void> => {
    if (disposed) return Promise.resolve();
    again = loading !== undefined;
    loading ??= (async () => {
      do {
        again = false;
        await loadOnce();
      } while (again && !disposed);
    })().finally(() => (loading = undefined));
    return loading;
  };

  const runsChanged = () => dispatch({ type: "runActivityChanged", runs: runsNow() });

  const mine = (key: unknown) =>
    typeof key === "string" && (belongsToSession(key, sessionKey, client.getConnection().hello?.mainSessionKey, false) || key === canonicalKey);

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
    if (!terminal) return runsChanged();
    // The gateway repeats a failed run's error event: a message already shown is not shown again.
    const message = liveMessageOf(event);
    if (message && !savedInHistory(chat().messages, message)) {
      live.push({ message, requestsBefore: requestsSent });
      const problem = deliveryProblem(message, "chat", (payload as { message?: unknown }).message);
      dispatch({ type: "messageArrived", message, runs: runsNow() });
      if (problem) reject(problem);
    } else {
      runsChanged();
    }
    // The saved form carries the transcript id an answer must reply to.
    void load();
  };

  const onAgent = (payload: unknown) => {
    const p = payload as { runId?: unknown; sessionKey?: unknown; stream?: unknown; data?: unknown } | null;
    if (!p || p.stream !== "lifecycle" || typeof p.runId !== "string" || !mine(p.sessionKey)) return;
    const data = (p.data ?? {}) as LifecycleEventData;
    activity.onLifecycle(p.runId, data);
    runsChanged();
    // Without the row feed, a run's end is when its rows show: a Codex run's final often carries no message.
    if (!feedLive && runEndingOfLifecycle(data) !== null) void load();
  };

  const onSessionMessage = (payload: unknown) => {
    const read = parseSessionMessageEvent(payload);
    if (!read.ok) {
      if (!mine((payload as { sessionKey?: unknown } | null)?.sessionKey)) return;
      reject({ source: "session.message", errors: read.errors });
      return void load();
    }
    if (!mine(read.value.sessionKey)) return;
    const row = read.value.message;
    const { messages, loaded } = chat();
    const place = placeSavedRow(messages, row, loaded);
    if (place.kind === "duplicate") return;
    if (place.kind === "reload") return void load();
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
  const offs = [
    client.onConnected(subscribe),
    client.onEvent("chat", onChat),
    client.onEvent("agent", onAgent),
    client.onEvent("session.message", onSessionMessage),
    client.onConnected(() => void load()),
    client.onGap(() => void load()),
  ];
  if (client.getConnection().state === "connected") {
    subscribe();
    void load();
  }

  return {
    /** Rejects when the history could not be read, so a stale view is never taken as proof of absence. */
    async reload() {
      await load();
      const { error, loaded } = chat();
      if (!loaded || error?.kind === "load-failed") throw new Error(error?.kind === "load-failed" ? error.reason : "The conversation history is not loaded.");
    },
    dispose() {
      if (disposed) return;
      disposed = true;
      timers.clearTimeout(retryTimer);
      for (const off of offs) off();
      const left = (holders.get(sessionKey) ?? 1) - 1;
      if (left > 0) holders.set(sessionKey, left);
      else holders.delete(sessionKey);
      // Sent even while a subscribe is still unanswered, so it cannot outlive the conversation; a refusal is harmless.
      if (left === 0 && client.getConnection().state === "connected") client.request("sessions.messages.unsubscribe", { key: sessionKey }).catch(() => undefined);
    },
  };
}
