import { useDockStore } from "../components/DockProvider";
import { canDiscard, canRetry } from "../store/outbox/outbox-rules";
import type { OutboxEntry } from "../store/outbox/types";

/** Words for each delivery state, as the summary shows and announces them. */
export const DELIVERY_LABELS = {
  queued: "Answer queued",
  waiting: "Waiting for reconnect",
  sending: "Sending answer",
  failed: "Answer not sent",
  unconfirmed: "Delivery unconfirmed",
  confirmed: "Answer sent",
} as const;

/** The delivery of one async answer: its words, and which of Retry answer and Discard apply now. */
export function useDelivery(outboxId: string | undefined): {
  entry: OutboxEntry | undefined;
  label: string | undefined;
  canRetry: boolean;
  canDiscard: boolean;
} {
  const entry = useDockStore((s) => (outboxId ? s.deliveries[outboxId] : undefined));
  if (!entry) return { entry, label: undefined, canRetry: false, canDiscard: false };
  const label = entry.state === "queued" && entry.isPaused ? DELIVERY_LABELS.waiting : DELIVERY_LABELS[entry.state];
  return { entry, label, canRetry: canRetry(entry), canDiscard: canDiscard(entry) };
}
