// The answer outbox: one idempotency key per entry across attempts; sends one at a time, only while connected and
// the run is idle, and confirms only once the saved history holds the message. Its entries are kept in storage and
// shared with the other tabs.
import type { ChatSendParams } from "../../protocol/methods";
import type { AsyncQuestionsOptions, DockContext } from "../context";
import { newKey } from "../effects/answer-by-chat";
import { canDiscard, canEdit, canRetry, OUTBOX_TRANSITIONS, type OutboxEntryEvent, type OutboxEvent } from "../outbox/outbox-reducer";
import { classifySendError, entryForItem, isMemoryOnly, isOutboxEntry, keysOf, sendKeyOf } from "../outbox/outbox-rules";
import type { OutboxEntry, PaneBus, PaneMessage, SavedDraft } from "../outbox/entry";
import { isPaneMessage, scopedRecords, type DockStorage, type ScopedRecords } from "../keep/storage";
import type { HistoryReader } from "./history-reader";
import { reopenedDraft } from "./reducer";

// Most fresh keys one entry may get from the restart rule before it is marked failed.
const MAX_SUCCESSOR_KEYS = 2;

/** The outbox of one store. */
export type Outbox = ReturnType<typeof startOutbox>;

type Cause = Extract<OutboxEntryEvent, { type: "uncertain" }>["cause"];

/** Starts the outbox of `ctx`'s conversation, confirmed against `history`; its options default as they say. */
export function startOutbox(ctx: DockContext, history: HistoryReader, setup: AsyncQuestionsOptions & { storage: DockStorage; bus: PaneBus }) {
  const { client, sessionKey, now, timers } = ctx.options;
  const { storage, bus, newId = newKey, sendTimeoutMs = 30_000, confirmDelaysMs = [0, 250, 500, 1000, 2000, 4000] } = setup;
  // Entries this pane sends when they are queued: made here, loaded at start, or retried here. Others are only shown.
  const owned = new Set<string>();
  let disposed = false;
  let active: string | undefined;
  const waits = new Set<unknown>();

  const state = () => ctx.get().outbox;
  const entry = (id: string): OutboxEntry | undefined => state().entries[id];
  const sending = (id: string) => (entry(id)?.state === "sending" ? entry(id) : undefined);
  const connected = () => client.getConnection().state === "connected";
  const change = (id: string, event: OutboxEntryEvent): OutboxEntry | undefined => {
    const before = entry(id);
    if (!disposed) ctx.dispatch({ ...event, id, at: now() });
    const after = entry(id);
    return after !== before ? after : undefined;
  };

  const wait = (ms: number) =>
    new Promise<void>((resolve) => {
      if (ms <= 0) return resolve();
      const handle = timers.setTimeout(() => (waits.delete(handle), resolve()), ms);
      waits.add(handle);
    });

  const holds = (e: OutboxEntry) => {
    const { messages } = ctx.get().chat;
    return keysOf(e).some((key) => messages.some((m) => m.role === "user" && m.idempotencyKey === `${key}:user`));
  };
  const confirm = (id: string) => void change(id, { type: "confirmed" });
  const uncertain = (id: string, cause: Cause) => void change(id, { type: "uncertain", cause });

  // True when a fresh history was read.
  const refresh = () => history.reload().then(() => !disposed, () => false);
  // The entry, if still sending after a fresh read: a history that holds it has confirmed it (checkAll runs on every
  // history change), and a stale view is never taken as proof of absence, so without a fresh read it is uncertain.
  const recheck = async (id: string, cause: Cause) => ((await refresh()) ? sending(id) : uncertain(id, cause));

  function checkAll(): void {
    for (const id of state().order) {
      const e = entry(id);
      if (e && e.state !== "confirmed" && holds(e)) confirm(id);
    }
  }

  function review(): void {
    checkAll();
    pump();
  }

  function pump(): void {
    // Idle means the history was read and shows no run going: a page opened during a busy run waits for it.
    const { loaded, runActive } = ctx.get().chat;
    if (disposed || active !== undefined || !state().ready || !connected() || !loaded || runActive) return;
    const next = state().order.find((id) => owned.has(id) && entry(id)?.state === "queued");
    if (next !== undefined) void deliver(next);
  }

  async function deliver(id: string): Promise<void> {
    active = id;
    try {
      const started = change(id, { type: "sendStarted" });
      if (!started) return;
      // Sent before: the first attempt may have arrived after all, and a second send must not be needed to learn it.
      if ((started.attempts ?? 0) > 0 && !(await recheck(id, { failureCode: "history-unchecked" }))) return;
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
      await client.request("chat.send", params, { timeoutMs: sendTimeoutMs });
      return !disposed;
    } catch (error) {
      if (disposed) return false;
      const failure = classifySendError(error);
      if (failure.kind === "uncertain") uncertain(id, { failureCode: failure.code });
      else if (failure.kind === "refused") change(id, { type: "refused", reason: failure.reason, forGood: failure.forGood });
      else return afterNotAdmitted(id, failure.reason);
      return false;
    }
  }

  // The restart rule: after a gateway restart a key the old process never saved can fail "not durably admitted" forever.
  // Only a fresh history without the message (under any of the entry's keys) earns a successor key. Never two messages.
  async function afterNotAdmitted(id: string, reason: string): Promise<boolean> {
    const e = await recheck(id, { failureReason: reason });
    if (!e) return false;
    if ((e.retiredKeys ?? []).length >= MAX_SUCCESSOR_KEYS) {
      change(id, { type: "refused", reason, forGood: false });
      return false;
    }
    change(id, { type: "rekeyed", key: newId() });
    return send(id);
  }

  async function awaitConfirmation(id: string): Promise<void> {
    for (const delay of confirmDelaysMs) {
      await wait(delay);
      if (disposed || !sending(id)) return;
      await refresh();
    }
    uncertain(id, { failureCode: "not-in-history" });
  }

  async function resume(): Promise<void> {
    if (disposed || !state().ready) return;
    const doubtful = Object.values(state().entries).some((e) => e.state === "unconfirmed" || e.state === "failed");
    if (doubtful && connected()) await refresh();
    review();
  }

  // The entries kept in storage and shared with the conversation's other panes, and taken back from them: what a
  // closed page kept, and what another tab changed or dropped.
  let chain: Promise<void> = Promise.resolve();
  // `local`: the event came from another pane, so it is neither saved nor shared again.
  const dispatch = (event: OutboxEvent & { local?: true }) => {
    if (!disposed) ctx.dispatch({ ...event, at: now() });
  };

  // The store writes nothing before it knows whose the records are.
  const save = (write: (records: ScopedRecords) => Promise<void>) => {
    const scope = ctx.get().scope;
    if (scope === undefined) return;
    const records = scopedRecords(storage, scope);
    chain = chain.then(() => write(records)).catch(() => dispatch({ type: "storageFailed", operation: "save" }));
  };
  const post = (table: PaneMessage["table"], id: string, value?: unknown) => {
    const scope = ctx.get().scope;
    if (scope !== undefined) bus.post({ scope, table, id, ...(value === undefined ? {} : { value }) });
  };
  const share = (e: OutboxEntry) => {
    if (!isMemoryOnly(e)) post("outbox", e.id, e);
  };

  const fromPane = (message: PaneMessage) => {
    if (disposed || !isPaneMessage(message) || message.scope !== ctx.get().scope) return;
    // While this pane sends an entry, its own copy stands and is told again.
    const mine = active === message.id ? entry(message.id) : undefined;
    // Another tab discarded the answer: here too it leaves and its draft reopens, unless this tab is sending it.
    if (message.table === "reopen") return mine ? undefined : dispatch({ type: "discarded", id: message.id, local: true });
    if (message.table !== "outbox") return;
    const incoming = message.value;
    if (incoming === undefined) return mine ? share(mine) : dispatch({ type: "paneRemoved", id: message.id, local: true });
    if (!isOutboxEntry(incoming, sessionKey) || incoming.id !== message.id) return;
    if (mine && incoming.state !== "confirmed") return share(mine);
    const isPaused = incoming.state === "queued" && client.getConnection().state !== "connected";
    dispatch({ type: "paneUpdated", entry: { ...incoming, isPaused }, local: true });
  };

  // This pane's own changes to an entry, but its pause: online state is not saved, not broadcast.
  const events = (Object.keys(OUTBOX_TRANSITIONS) as (keyof typeof OUTBOX_TRANSITIONS)[]).filter((t) => t !== "pauseChanged");
  let wasConnected = connected();
  const offs = [
    // What the reload concluded is saved; what the closed page saved is not written again; a stored credential stays
    // in memory only. Then this pane sends what the page that left kept.
    ctx.on(["restored"], (e) => {
      for (const kept of e.entries) {
        const current = entry(kept.id);
        if (!current) continue;
        owned.add(kept.id);
        if (isMemoryOnly(kept)) save((r) => r.remove("outbox", kept.id));
        else if (current.state !== kept.state || current.message !== kept.message) save((r) => r.put("outbox", kept.id, current));
      }
      void resume();
    }),
    // Only an entry shared before has copies to take back; a discard is told as such so other tabs reopen the draft.
    ctx.on([...events, "enqueued"], (event, next, prev) => {
      const id = event.type === "enqueued" ? event.entry.id : event.id;
      const after = next.outbox.entries[id];
      const before = prev.outbox.entries[id];
      if (before === after || (event as { local?: true }).local) return;
      if (after && !isMemoryOnly(after)) {
        save((r) => r.put("outbox", id, after));
        return share(after);
      }
      if (after && (!before || isMemoryOnly(before))) return;
      save((r) => r.remove("outbox", id));
      post(event.type === "discarded" ? "reopen" : "outbox", id);
      // Discard gave the person their draft back: it is kept as a draft again.
      if (event.type === "discarded" && before) save((r) => r.keepDraft(reopenedDraft(before, event.at)));
    }),
    bus.subscribe(fromPane),
    ctx.on(["discarded", "paneRemoved"], (e) => owned.delete(e.id)),
    ctx.on(["historyLoaded", "messageArrived", "rowReplaced", "runActivityChanged"], review),
    // Another pane's copy may be one this pane's history already holds; it starts no send here.
    ctx.on(["paneUpdated"], checkAll),
    client.subscribeConnection((info) => {
      const online = info.state === "connected";
      if (disposed || online === wasConnected) return;
      wasConnected = online;
      // Online state is this pane's own: not saved, not broadcast, no new updatedAt.
      for (const id of state().order) change(id, { type: "pauseChanged", isPaused: !online });
      if (online) void resume();
    }),
  ];

  return {
    /** Adds an answer, or returns the item's existing one; sent when connected and the run is idle. */
    enqueue(input: Pick<OutboxEntry, "itemId" | "replyToId" | "message"> & { draft: SavedDraft }): OutboxEntry {
      const existing = entryForItem(state(), input.itemId);
      // A double click or another dock gets the first entry back.
      if (existing) return existing;
      // Strictly after the newest entry, so the send order survives a reload.
      const at = Math.max(now(), ...state().order.map((id) => (entry(id)?.createdAt ?? 0) + 1));
      const made: OutboxEntry = { id: newId(), sessionKey, ...input, state: "queued", createdAt: at, updatedAt: at, failureCount: 0, isPaused: !connected() };
      owned.add(made.id);
      if (!disposed) ctx.dispatch({ type: "enqueued", entry: made, at: now() });
      pump();
      return entry(made.id) ?? made;
    },
    retry(id: string): boolean {
      const e = entry(id);
      if (!e || !canRetry(e) || active === id) return false;
      owned.add(id);
      if (holds(e)) confirm(id);
      else change(id, { type: "requeued", isPaused: !connected() });
      pump();
      return true;
    },
    discard(id: string): boolean {
      const e = entry(id);
      if (!e || !canDiscard(e) || active === id) return false;
      if (e.state !== "queued" && holds(e)) {
        confirm(id);
        return false;
      }
      if (!disposed) ctx.dispatch({ type: "discarded", id, at: now() });
      return true;
    },
    edit(id: string, message: string): boolean {
      const e = entry(id);
      if (!e || !canEdit(e) || active === id) return false;
      return change(id, { type: "edited", message }) !== undefined;
    },
    dispose() {
      if (disposed) return;
      disposed = true;
      for (const handle of waits) timers.clearTimeout(handle);
      offs.forEach((off) => off());
    },
  };
}
