// The sending side of the outbox: one entry at a time, only while connected and while the agent's run is idle, each
// confirmed only once the saved history holds it. It changes entries only through outbox events.
import type { ChatSendParams } from "../../protocol/methods";
import type { DockContext } from "../context";
import type { OutboxEntryEvent } from "../outbox/outbox-reducer";
import { classifySendError, keysOf, sendKeyOf } from "../outbox/outbox-rules";
import type { DeliveryFailureCode, OutboxData, OutboxEntry } from "../outbox/entry";
import type { HistoryReader } from "./history-reader";

/** Most fresh keys one entry may get from the restart rule before it is marked failed. @default 2 */
export const MAX_SUCCESSOR_KEYS = 2;
/** Default deadline of one chat.send, in ms. @default 30000 */
export const DEFAULT_SEND_TIMEOUT_MS = 30_000;
/** Default waits before each history check once the gateway took a message, in ms. */
export const DEFAULT_CONFIRM_DELAYS_MS: readonly number[] = [0, 250, 500, 1000, 2000, 4000];

/** What the delivery shares with the outbox it sends for. */
export interface DeliveryParts {
  ctx: DockContext;
  /** How this outbox sends: the history it confirms against, the keys it makes, its deadlines. */
  setup: { history: HistoryReader; newId: () => string; sendTimeoutMs: number; confirmDelaysMs: readonly number[] };
  /** Entries this pane sends when they are queued; others are only shown. */
  owned: ReadonlySet<string>;
  state(): OutboxData;
  entry(id: string): OutboxEntry | undefined;
  /** Applies one entry's event; the entry as it is now, or undefined when the event did not apply. */
  change(id: string, event: OutboxEntryEvent, local?: true): OutboxEntry | undefined;
  connected(): boolean;
  disposed(): boolean;
}

/** Starts the delivery of an outbox. */
export function startDelivery(parts: DeliveryParts) {
  const { ctx, setup, owned, state, entry, change, connected, disposed } = parts;
  const { client, sessionKey, timers } = ctx.options;
  const { history } = setup;
  let active: string | undefined;
  const waits = new Set<unknown>();

  const wait = (ms: number) =>
    ms <= 0
      ? Promise.resolve()
      : new Promise<void>((resolve) => {
          const handle = timers.setTimeout(() => {
            waits.delete(handle);
            resolve();
          }, ms);
          waits.add(handle);
        });

  const holds = (e: OutboxEntry) => {
    const { messages } = ctx.get().chat;
    return keysOf(e).some((key) => messages.some((m) => m.role === "user" && m.idempotencyKey === `${key}:user`));
  };
  const confirm = (id: string) => void change(id, { type: "confirmed" });
  // Either the dock's own finding (a code) or the gateway's words; never both, so the summary shows one cause.
  const uncertain = (id: string, cause: { failureCode: DeliveryFailureCode } | { failureReason: string }) => void change(id, { type: "uncertain", cause });

  /** True when a fresh history was read; a stale view is never taken as proof of absence. */
  async function refresh(): Promise<boolean> {
    try {
      await history.reload();
      return !disposed();
    } catch {
      return false;
    }
  }

  function checkAll(): void {
    for (const id of state().order) {
      const e = entry(id);
      if (e && e.state !== "confirmed" && holds(e)) confirm(id);
    }
  }

  function pump(): void {
    // Idle means the history was read and shows no run going: a page opened during a busy run waits for it.
    const { loaded, runActive } = ctx.get().chat;
    if (disposed() || active !== undefined || !state().ready || !connected() || !loaded || runActive) return;
    const next = state().order.find((id) => owned.has(id) && entry(id)?.state === "queued");
    if (next !== undefined) void deliver(next);
  }

  async function deliver(id: string): Promise<void> {
    active = id;
    try {
      const started = change(id, { type: "sendStarted" });
      if (!started) return;
      if ((started.attempts ?? 0) > 0) {
        // Sent before: the first attempt may have arrived after all, and a second send must not be needed to learn it.
        const fresh = await refresh();
        const e = entry(id);
        if (!e || e.state !== "sending") return;
        if (!fresh) return uncertain(id, { failureCode: "history-unchecked" });
        if (holds(e)) return confirm(id);
      }
      if (await send(id)) await awaitConfirmation(id);
    } finally {
      if (active === id) active = undefined;
      pump();
    }
  }

  /** One chat.send under the entry's key; true when the gateway took it. */
  async function send(id: string): Promise<boolean> {
    const e = change(id, { type: "attempted" });
    if (!e) return false;
    const params: ChatSendParams = { sessionKey, message: e.message, idempotencyKey: sendKeyOf(e), ...(e.replyToId ? { replyToId: e.replyToId } : {}) };
    try {
      await client.request("chat.send", params, { timeoutMs: setup.sendTimeoutMs });
      return !disposed();
    } catch (error) {
      if (disposed()) return false;
      const failure = classifySendError(error);
      if (failure.kind === "uncertain") uncertain(id, { failureCode: failure.code });
      else if (failure.kind === "refused") change(id, { type: "refused", reason: failure.reason, forGood: failure.forGood });
      else return afterNotAdmitted(id, failure.reason);
      return false;
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
    const e = entry(id);
    if (!e || e.state !== "sending") return false;
    if (holds(e)) {
      confirm(id);
      return false;
    }
    if ((e.retiredKeys ?? []).length >= MAX_SUCCESSOR_KEYS) {
      change(id, { type: "refused", reason, forGood: false });
      return false;
    }
    change(id, { type: "rekeyed", key: setup.newId() });
    return send(id);
  }

  async function awaitConfirmation(id: string): Promise<void> {
    for (const delay of setup.confirmDelaysMs) {
      await wait(delay);
      const e = entry(id);
      if (disposed() || !e || e.state !== "sending") return;
      if (holds(e)) return confirm(id);
      const fresh = await refresh();
      const now = entry(id);
      if (fresh && now && now.state === "sending" && holds(now)) return confirm(id);
    }
    uncertain(id, { failureCode: "not-in-history" });
  }

  async function resume(): Promise<void> {
    if (disposed() || !state().ready) return;
    const doubtful = Object.values(state().entries).some((e) => e.state === "unconfirmed" || e.state === "failed");
    if (doubtful && connected()) await refresh();
    if (disposed()) return;
    checkAll();
    pump();
  }

  return {
    pump,
    checkAll,
    resume,
    holds,
    confirm,
    active: () => active,
    stop() {
      for (const handle of waits) timers.clearTimeout(handle);
      waits.clear();
    },
  };
}
