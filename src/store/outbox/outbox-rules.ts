import { GatewayRequestError, type GatewayErrorCode } from "../../gateway/connection";
import { looksLikeCredential } from "../../protocol/credential-shape";
import { errorMessage } from "../../protocol/result";
import type { DeliveryState, OutboxEntry, SavedDraft } from "./entry";

// The states by how far along they are: of two copies changed at once, the further one wins.
const RANK: Record<DeliveryState, number> = { queued: 0, failed: 1, unconfirmed: 2, sending: 3, confirmed: 4 };

/** True for a well-formed entry of this session, as read from storage or another pane. */
export function isOutboxEntry(value: unknown, sessionKey: string): value is OutboxEntry {
  const e = value as Partial<OutboxEntry> | null;
  return (
    typeof e === "object" && e !== null && typeof e.id === "string" && e.id !== "" && e.sessionKey === sessionKey &&
    typeof e.itemId === "string" && typeof e.message === "string" && typeof e.state === "string" && Object.hasOwn(RANK, e.state) &&
    typeof e.createdAt === "number" && typeof e.updatedAt === "number"
  );
}

/** True when a draft may not leave this tab's memory: it holds text shaped like a credential. */
export function holdsCredential(draft: SavedDraft): boolean {
  return draft.answers.some((a) => looksLikeCredential(a.other) || a.selected.some(looksLikeCredential));
}

/** True when an entry holds a credential, which storage would keep past the page and the bus show other tabs; still sent. */
export function isMemoryOnly(entry: OutboxEntry): boolean {
  return looksLikeCredential(entry.message) || (entry.draft !== undefined && holdsCredential(entry.draft));
}

/** The outbox entry answering `itemId`, if any (one answer per question). */
export function entryForItem(state: { entries: Record<string, OutboxEntry> }, itemId: string): OutboxEntry | undefined {
  return Object.values(state.entries).find((entry) => entry.itemId === itemId);
}

/** The key chat.send uses for this entry now. */
export function sendKeyOf(entry: OutboxEntry): string {
  return entry.idempotencyKey ?? entry.id;
}

/** Every key this entry was ever sent under; a history message under any of them confirms it. */
export function keysOf(entry: OutboxEntry): string[] {
  return [sendKeyOf(entry), ...(entry.retiredKeys ?? [])];
}

/** A chat.send error as the outbox meets it: it may have arrived, only the history can tell (since a restart), or refused. */
type SendFailure =
  | { kind: "uncertain"; code: "disconnected" | "timeout" }
  | { kind: "not-admitted"; reason: string }
  | { kind: "refused"; reason: string; forGood: boolean };

// Refusals of the message itself (its shape, its text, this connection's rights): sending it again cannot help.
const REFUSED_FOR_GOOD: ReadonlySet<string> = new Set(["INVALID_REQUEST", "FORBIDDEN"] satisfies GatewayErrorCode[]);

/** Sorts a chat.send rejection into what the outbox does next. */
export function classifySendError(error: unknown): SendFailure {
  if (!(error instanceof GatewayRequestError)) return { kind: "refused", reason: errorMessage(error), forGood: false };
  if (error.code === ("DISCONNECTED" satisfies GatewayErrorCode)) return { kind: "uncertain", code: "disconnected" };
  if (error.code === ("TIMEOUT" satisfies GatewayErrorCode)) return { kind: "uncertain", code: "timeout" };
  if (error.code === ("UNAVAILABLE" satisfies GatewayErrorCode) && /not durably admitted/i.test(error.message)) return { kind: "not-admitted", reason: error.message };
  return { kind: "refused", reason: error.message, forGood: REFUSED_FOR_GOOD.has(error.code) };
}

/** True when `incoming` (from another pane) should replace `local`: confirmed is final, otherwise the later change wins. */
export function isNewer(incoming: OutboxEntry, local: OutboxEntry): boolean {
  if (local.state === "confirmed") return false;
  if (incoming.state === "confirmed") return true;
  if (incoming.updatedAt !== local.updatedAt) return incoming.updatedAt > local.updatedAt;
  return RANK[incoming.state] > RANK[local.state];
}
