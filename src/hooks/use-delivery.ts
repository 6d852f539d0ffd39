import { useStoreState } from "./dock-context";
import { canDiscard, canEdit, canRetry } from "../store/outbox/outbox-reducer";
import type { OutboxEntry } from "../store/outbox/entry";
import type { DeliveryStatus } from "../messages";
import { useMessages } from "./use-messages";

/** The delivery of one async answer: its status and words, and which of Retry, Discard and Edit apply now. */
export function useDelivery(outboxId: string | undefined): {
  entry: OutboxEntry | undefined;
  status: DeliveryStatus | undefined;
  label: string | undefined;
  canRetry: boolean;
  canDiscard: boolean;
  /** Queued and never sent: its text may still change. */
  canEdit: boolean;
} {
  const entry = useStoreState((s) => (outboxId ? s.outbox.entries[outboxId] : undefined));
  const messages = useMessages();
  if (!entry) return { entry, status: undefined, label: undefined, canRetry: false, canDiscard: false, canEdit: false };
  const status: DeliveryStatus = entry.state === "queued" && entry.isPaused ? "waiting" : entry.state;
  return { entry, status, label: messages.delivery[status], canRetry: canRetry(entry), canDiscard: canDiscard(entry), canEdit: canEdit(entry) };
}
