import { createStore } from "zustand/vanilla";
import { systemClock } from "../../gateway/clock";
import { sendableText } from "../../protocol/sendable-text";
import { createOutboxCore, type Outbox, type OutboxCore, type OutboxOptions, type OutboxStore } from "./outbox-core";
import { createDelivery, type Delivery } from "./outbox-delivery";
import { canDiscard, canEdit, canRetry, outboxEntryReducer } from "./outbox-reducer";
import { entryForItem, isMemoryOnly, isOutboxEntry } from "./outbox-rules";
import type { AsyncDraft, OutboxEntry, PaneMessage } from "./types";

export type { EnqueueInput, Outbox, OutboxActions, OutboxListener, OutboxOptions, OutboxState, OutboxStore } from "./outbox-core";

/** Changes that concern only this pane, or that another pane already saved and shared: not saved, not broadcast. */
const LOCAL = { persist: false, broadcast: false } as const;

/** Default deadline of one chat.send, in ms. @default 30000 */
export const DEFAULT_SEND_TIMEOUT_MS = 30_000;

/** Default waits before each history check once the gateway took a message, in ms. */
export const DEFAULT_CONFIRM_DELAYS_MS: readonly number[] = [0, 250, 500, 1000, 2000, 4000];

function randomId(): string {
  const c = globalThis.crypto;
  if (c && typeof c.randomUUID === "function") return c.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}-${Math.random().toString(36).slice(2)}`;
}

/**
 * What an entry became when another page left it: a send cut short by a reload is uncertain, not lost and not
 * sent; and a text saved by an earlier version, with characters the gateway refuses for good, is cleaned.
 */
function afterReload(entry: OutboxEntry, core: OutboxCore): OutboxEntry {
  const closed = outboxEntryReducer(entry, { type: "pageClosed" }, core.o.now());
  const cleaned = outboxEntryReducer(closed, { type: "cleaned", message: sendableText(closed.message).text }, core.o.now());
  return outboxEntryReducer(cleaned, { type: "pauseChanged", isPaused: !core.connected() }, core.o.now());
}

/** Applies another pane's news; an entry this pane is sending right now keeps its own state, which is sent back. */
function applyPaneMessage(core: OutboxCore, delivery: Delivery, message: PaneMessage, reopen: (draft: AsyncDraft) => void): void {
  const busyHere = (id: string) => core.sendingNow.has(id) || delivery.isActive(id);
  if (message.type === "reopen-draft") return reopen(message.draft);
  if (message.type === "outbox-removed") {
    const local = core.entry(message.id);
    if (local && busyHere(message.id)) return core.share(local);
    return void core.apply({ type: "paneRemoved", id: message.id }, LOCAL);
  }
  if (message.type !== "outbox-changed" || !isOutboxEntry(message.entry, core.o.sessionKey)) return;
  const incoming = message.entry;
  const local = core.entry(incoming.id);
  if (local && busyHere(local.id) && incoming.state !== "confirmed") return core.share(local);
  if (core.apply({ type: "paneUpdated", entry: { ...incoming, isPaused: incoming.state === "queued" && !core.connected() } }, LOCAL)) delivery.checkAll();
}

// Modelled on a mutation queue: each entry keeps one idempotency key for all its attempts, is sent
// only while connected and while the agent's run is idle, and counts as confirmed only once the saved
// history holds it. Entries are saved to `storage` and mirrored to the other panes through `bus`.
/** Creates one session's answer outbox: a serial queue of chat.send answers that are never lost and never sent twice. */
export function createOutbox(options: OutboxOptions): OutboxStore {
  const clock = options.clock ?? systemClock;
  const o: OutboxCore["o"] = {
    ...options,
    now: () => clock.now(),
    timers: clock,
    newId: options.newId ?? randomId,
    sendTimeoutMs: options.sendTimeoutMs ?? DEFAULT_SEND_TIMEOUT_MS,
    confirmDelaysMs: options.confirmDelaysMs ?? DEFAULT_CONFIRM_DELAYS_MS,
  };
  const reopenListeners = new Set<(draft: AsyncDraft) => void>();
  const reopen = (draft: AsyncDraft) => {
    for (const listener of [...reopenListeners]) listener(draft);
  };
  const unsubscribers: Array<() => void> = [];
  let core: OutboxCore;
  let delivery: Delivery;

  const store = createStore<Outbox>()((set, get) => {
    core = createOutboxCore(o, get, set);
    delivery = createDelivery(core);
    return {
      entries: {},
      order: [],
      ready: false,
      enqueue(input) {
        const existing = entryForItem(get(), input.itemId);
        // One answer per question: a second submit (a double click, another dock) gets the first entry back.
        if (existing) return existing;
        // Strictly after the newest entry, so the send order survives a reload even for answers given in one millisecond.
        const at = Math.max(o.now(), ...get().order.map((id) => (get().entries[id]?.createdAt ?? 0) + 1));
        const entry: OutboxEntry = {
          id: o.newId(),
          sessionKey: o.sessionKey,
          itemId: input.itemId,
          ...(input.replyToId ? { replyToId: input.replyToId } : {}),
          message: input.message,
          state: "queued",
          createdAt: at,
          updatedAt: at,
          failureCount: 0,
          isPaused: !core.connected(),
          draft: input.draft,
        };
        core.owned.add(entry.id);
        core.apply({ type: "enqueued", entry });
        delivery.pump();
        return core.entry(entry.id) ?? entry;
      },
      retry(id) {
        const entry = core.entry(id);
        if (!entry || !canRetry(entry) || core.sendingNow.has(id) || delivery.isActive(id)) return false;
        core.owned.add(id);
        if (delivery.holds(entry)) {
          delivery.confirm(id);
          return true;
        }
        core.dispatch(id, { type: "requeued", isPaused: !core.connected() });
        delivery.pump();
        return true;
      },
      discard(id) {
        const entry = core.entry(id);
        if (!entry || !canDiscard(entry) || core.sendingNow.has(id) || delivery.isActive(id)) return undefined;
        // An uncertain answer that the history shows after all was delivered: it must not come back as a draft.
        if (entry.state !== "queued" && delivery.holds(entry)) {
          delivery.confirm(id);
          return undefined;
        }
        const draft: AsyncDraft = entry.draft ?? { itemId: entry.itemId, sessionKey: entry.sessionKey, answers: [], edited: false, updatedAt: o.now() };
        core.apply({ type: "discarded", id });
        // A credential reopens in this tab only: the other panes never saw the answer, so they have nothing to reopen.
        if (isMemoryOnly(entry)) {
          reopen(draft);
          return draft;
        }
        core.save(() => o.storage.saveDraft(draft));
        o.bus.post({ type: "reopen-draft", sessionKey: o.sessionKey, itemId: entry.itemId, draft });
        reopen(draft);
        return draft;
      },
      edit(id, message, draft) {
        const entry = core.entry(id);
        if (!entry || !canEdit(entry) || core.sendingNow.has(id) || delivery.isActive(id)) return false;
        core.dispatch(id, { type: "edited", message, ...(draft ? { draft } : {}) });
        return true;
      },
      onReopenDraft(listener) {
        reopenListeners.add(listener);
        return () => reopenListeners.delete(listener);
      },
      onEvent(listener) {
        core.listeners.add(listener);
        return () => core.listeners.delete(listener);
      },
      whenSaved: () => core.saved(),
      dispose() {
        if (core.disposed) return;
        core.disposed = true;
        delivery.stop();
        for (const off of unsubscribers.splice(0)) off();
        reopenListeners.clear();
        core.listeners.clear();
      },
    };
  });

  unsubscribers.push(
    o.history.subscribe(() => {
      if (core.disposed) return;
      delivery.checkAll();
      delivery.pump();
    }),
    o.bus.subscribe((message) => {
      if (!core.disposed && message.sessionKey === o.sessionKey) applyPaneMessage(core, delivery, message, reopen);
    }),
  );
  let wasConnected = core!.connected();
  unsubscribers.push(
    o.client.subscribeConnection((info) => {
      const connected = info.state === "connected";
      if (core.disposed || connected === wasConnected) return;
      wasConnected = connected;
      delivery.onConnection(connected);
    }),
  );
  void load(core!, delivery!);
  return store;
}

async function load(core: OutboxCore, delivery: Delivery): Promise<void> {
  let stored: OutboxEntry[] = [];
  try {
    stored = await core.o.storage.loadOutbox(core.o.sessionKey);
  } catch (error) {
    core.apply({ type: "storageFailed", operation: "load" });
    core.o.onStorageError?.(error);
  }
  if (core.disposed) return;
  // A copy that already came from another pane is newer than what was saved.
  const fresh = stored.filter((entry) => isOutboxEntry(entry, core.o.sessionKey) && !core.entry(entry.id));
  const restored = fresh.map((entry) => afterReload(entry, core));
  for (const entry of fresh) core.owned.add(entry.id);
  core.apply({ type: "restored", entries: restored }, LOCAL);
  fresh.forEach((entry, i) => {
    const now = core.entry(entry.id);
    // Written before such answers stayed in memory: this page may still send it, but the stored copy goes.
    if (isMemoryOnly(entry)) core.save(() => core.o.storage.deleteOutboxEntry(core.o.sessionKey, entry.id));
    // What the reload concluded (uncertain, cleaned) is saved; what the closed page saved is not written again.
    if (now && !isMemoryOnly(now) && (restored[i]!.state !== entry.state || restored[i]!.message !== entry.message)) core.save(() => core.o.storage.saveOutboxEntry(now));
  });
  await delivery.resume();
}
