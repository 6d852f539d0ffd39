// What a host's side effects follow (a title count, a notification): a request arriving now, or leaving. Told from
// the dock's named events, so a re-render, a reconnect's recovery or a record's update never tells it twice.
import type { DockContext } from "../context";
import type { RequestChange } from "../dock/state";

/** Calls `listener` for each request that arrives now or ends; returns the unsubscribe. */
export function onRequestChange(ctx: Pick<DockContext, "on">, listener: (change: RequestChange) => void): () => void {
  const offArrived = ctx.on(["recordReceived"], (event, next, prev) => {
    const { id } = event.record;
    // Only an arrival is announced: a recovered request was there before, and an update of a known one is no arrival.
    if (!event.announcement || prev.records.get(id) || !next.records.get(id)) return;
    listener({ type: "arrived", record: event.record, blocking: !next.asyncOrigins.get(id) });
  });
  const offEnded = ctx.on(["recordSettled"], (event) => listener({ type: "ended", id: event.id }));
  return () => {
    offArrived();
    offEnded();
  };
}
