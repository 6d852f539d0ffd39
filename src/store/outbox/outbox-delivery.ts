import type { ChatSendParams } from "../../protocol/methods";
import type { OutboxCore } from "./outbox-core";
import { classifySendError, keysOf, sendKeyOf } from "./outbox-rules";
import type { DeliveryFailureCode, OutboxEntry } from "./types";

/** Most fresh keys one entry may get from the restart rule before it is marked failed. @default 2 */
export const MAX_SUCCESSOR_KEYS = 2;

/** Changes that concern only this pane: not saved, not broadcast. */
const LOCAL = { persist: false, broadcast: false } as const;

/** The sending side of an outbox: the serial drain, chat.send, and confirmation against the saved history. */
export interface Delivery {
  /** Starts the next queued entry when connected, the run is idle and nothing else is being sent. */
  pump(): void;
  /** Confirms every entry the loaded history already holds. */
  checkAll(): void;
  /** After a load or a reconnect: reloads the history when something is uncertain, confirms, then drains. */
  resume(): Promise<void>;
  /** Keeps `isPaused` in step with the connection and resumes on reconnect. */
  onConnection(connected: boolean): void;
  /** True when the loaded history holds this entry's message under any of its keys. */
  holds(entry: OutboxEntry): boolean;
  confirm(id: string): void;
  /** True while this entry is this outbox's current delivery. */
  isActive(id: string): boolean;
  /** Cancels pending waits (dispose). */
  stop(): void;
}

/** Creates the delivery side of an outbox over its core. */
export function createDelivery(core: OutboxCore): Delivery {
  const { o } = core;
  let active: string | undefined;
  const waits = new Set<unknown>();

  const wait = (ms: number) =>
    ms <= 0
      ? Promise.resolve()
      : new Promise<void>((resolve) => {
          const handle = o.timers.setTimeout(() => {
            waits.delete(handle);
            resolve();
          }, ms);
          waits.add(handle);
        });

  const holds = (entry: OutboxEntry) => keysOf(entry).some((key) => o.history.hasUserMessage(key));
  const confirm = (id: string) => void core.dispatch(id, { type: "confirmed" });
  // Either the dock's own finding (a code) or the gateway's words; never both, so the summary shows one cause.
  const uncertain = (id: string, cause: { failureCode: DeliveryFailureCode } | { failureReason: string }) => void core.dispatch(id, { type: "uncertain", cause });

  /** True when a fresh history was read; a stale view is never taken as proof of absence. */
  async function refresh(): Promise<boolean> {
    try {
      await o.history.reload();
      return !core.disposed;
    } catch {
      return false;
    }
  }

  function checkAll(): void {
    for (const id of core.get().order) {
      const entry = core.entry(id);
      if (entry && entry.state !== "confirmed" && holds(entry)) confirm(id);
    }
  }

  function pump(): void {
    if (core.disposed || active !== undefined || !core.get().ready || !core.connected() || !o.history.isIdle()) return;
    const next = core.get().order.find((id) => core.owned.has(id) && core.entry(id)?.state === "queued");
    if (next !== undefined) void deliver(next);
  }

  async function deliver(id: string): Promise<void> {
    active = id;
    try {
      const entry = core.dispatch(id, { type: "sendStarted" });
      if (!entry) return;
      if ((entry.attempts ?? 0) > 0) {
        // Sent before: the first attempt may have arrived after all, and a second send must not be needed to learn it.
        core.sendingNow.add(id);
        const fresh = await refresh();
        core.sendingNow.delete(id);
        const now = core.entry(id);
        if (!now || now.state !== "sending") return;
        if (!fresh) return uncertain(id, { failureCode: "history-unchecked" });
        if (holds(now)) return confirm(id);
      }
      if (await send(id)) await awaitConfirmation(id);
    } finally {
      if (active === id) active = undefined;
      pump();
    }
  }

  /** One chat.send under the entry's key; true when the gateway took it. */
  async function send(id: string): Promise<boolean> {
    const entry = core.dispatch(id, { type: "attempted" });
    if (!entry) return false;
    const params: ChatSendParams = { sessionKey: o.sessionKey, message: entry.message, idempotencyKey: sendKeyOf(entry), ...(entry.replyToId ? { replyToId: entry.replyToId } : {}) };
    core.sendingNow.add(id);
    try {
      await o.client.request("chat.send", params, { timeoutMs: o.sendTimeoutMs });
      return !core.disposed;
    } catch (error) {
      core.sendingNow.delete(id);
      if (core.disposed) return false;
      const failure = classifySendError(error);
      if (failure.kind === "uncertain") uncertain(id, { failureCode: failure.code });
      else if (failure.kind === "refused") core.dispatch(id, { type: "refused", reason: failure.reason, forGood: failure.forGood });
      else return afterNotAdmitted(id, failure.reason);
      return false;
    } finally {
      core.sendingNow.delete(id);
    }
  }

  // The restart rule. After a gateway restart, a key the old process saw but never saved can answer
  // "not durably admitted" on every try, so re-sending it may never succeed. A freshly read history
  // decides: if it holds the message under any key of the entry, that is the delivery (confirmed); if
  // it does not, the turn was never admitted, and only then the entry gets a successor key. The old key
  // stays on the entry, so a copy under it still counts as confirmation. Never two messages.
  async function afterNotAdmitted(id: string, reason: string): Promise<boolean> {
    if (!(await refresh())) {
      uncertain(id, { failureReason: reason });
      return false;
    }
    const entry = core.entry(id);
    if (!entry || entry.state !== "sending") return false;
    if (holds(entry)) {
      confirm(id);
      return false;
    }
    const retired = entry.retiredKeys ?? [];
    if (retired.length >= MAX_SUCCESSOR_KEYS) {
      core.dispatch(id, { type: "refused", reason, forGood: false });
      return false;
    }
    core.dispatch(id, { type: "rekeyed", key: o.newId() });
    return send(id);
  }

  async function awaitConfirmation(id: string): Promise<void> {
    for (const delay of o.confirmDelaysMs) {
      await wait(delay);
      const entry = core.entry(id);
      if (core.disposed || !entry || entry.state !== "sending") return;
      if (holds(entry)) return confirm(id);
      const fresh = await refresh();
      const now = core.entry(id);
      if (fresh && now && now.state === "sending" && holds(now)) return confirm(id);
    }
    uncertain(id, { failureCode: "not-in-history" });
  }

  async function resume(): Promise<void> {
    if (core.disposed || !core.get().ready) return;
    const doubtful = Object.values(core.get().entries).some((e) => e.state === "unconfirmed" || e.state === "failed");
    if (doubtful && core.connected()) await refresh();
    if (core.disposed) return;
    checkAll();
    pump();
  }

  return {
    pump,
    checkAll,
    resume,
    onConnection(connected) {
      for (const id of core.get().order) {
        const entry = core.entry(id);
        // Whether this pane is online is its own business: not saved, not broadcast, no new updatedAt.
        if (entry) core.dispatch(id, { type: "pauseChanged", isPaused: !connected }, LOCAL);
      }
      if (connected) void resume();
    },
    holds,
    confirm,
    isActive: (id) => active === id,
    stop() {
      for (const handle of waits) o.timers.clearTimeout(handle);
      waits.clear();
    },
  };
}
