// The outbox's entries kept in storage and shared with the conversation's other panes, and taken back from them:
// what a closed page kept, and what another tab changed or dropped.
import type { DockContext } from "../context";
import { OUTBOX_TRANSITIONS, type OutboxEvent } from "../outbox/outbox-reducer";
import { isMemoryOnly, isOutboxEntry } from "../outbox/outbox-rules";
import type { OutboxEntry, PaneBus, PaneMessage } from "../outbox/entry";
import { isPaneMessage } from "../keep/bus";
import { scopedRecords, type DockStorage, type ScopedRecords } from "../keep/storage";

/** Starts keeping and sharing the outbox of `ctx`'s conversation, whose delivery sends `sending()` now; returns its stop. */
export function keepOutbox(ctx: DockContext, storage: DockStorage, bus: PaneBus, sending: () => string | undefined) {
  const { client, sessionKey, now } = ctx.options;
  let chain: Promise<void> = Promise.resolve();
  let disposed = false;

  const entry = (id: string): OutboxEntry | undefined => ctx.get().outbox.entries[id];
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
    const mine = sending() === message.id ? entry(message.id) : undefined;
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
  const offs = [
    // What the reload concluded is saved; what the closed page saved is not written again; a stored credential stays
    // in memory only.
    ctx.on(["restored"], (e) => {
      for (const kept of e.entries) {
        const current = entry(kept.id);
        if (!current) continue;
        if (isMemoryOnly(kept)) save((r) => r.remove("outbox", kept.id));
        else if (current.state !== kept.state || current.message !== kept.message) save((r) => r.put("outbox", kept.id, current));
      }
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
    }),
    bus.subscribe(fromPane),
  ];

  return () => {
    disposed = true;
    offs.forEach((off) => off());
  };
}
