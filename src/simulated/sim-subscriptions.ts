// Which connections follow which sessions' saved rows (`sessions.messages.subscribe`), and the `session.message`
// payload each saved row becomes. Subscriptions belong to a connection and end with it, as on the gateway.
import type { SimChatMessage } from "./sim-chat-types";
import { agentIdOf } from "./sim-runs";
import { copy } from "./sim-wiring";

/** Per-connection subscriptions to sessions' saved rows, by canonical session key. */
export class SimMessageSubscriptions {
  private readonly byConn = new Map<string, Set<string>>();

  constructor(private readonly mainSessionKey: string) {}

  /** The key as the gateway stores it: "main" stands for the main session. */
  canonical(key: string): string {
    return key === "main" ? this.mainSessionKey : key;
  }

  /** Subscribes a connection; returns the canonical key it now hears. */
  add(connId: string, key: string): string {
    const canonical = this.canonical(key);
    let keys = this.byConn.get(connId);
    if (!keys) this.byConn.set(connId, (keys = new Set()));
    keys.add(canonical);
    return canonical;
  }

  /** Ends one subscription; returns the canonical key. */
  remove(connId: string, key: string): string {
    const canonical = this.canonical(key);
    this.byConn.get(connId)?.delete(canonical);
    return canonical;
  }

  /** Forgets every subscription of a closed connection. */
  clear(connId: string): void {
    this.byConn.delete(connId);
  }

  /** True when the connection follows the session. */
  hears(connId: string, sessionKey: string): boolean {
    return this.byConn.get(connId)?.has(this.canonical(sessionKey)) === true;
  }
}

/** The `session.message` payload of a saved row: the row with its id, seq and idempotency key in `__openclaw`. */
export function sessionMessagePayload(sessionKey: string, message: SimChatMessage): Record<string, unknown> {
  const row = copy(message);
  const meta = row.__openclaw;
  if (row.idempotencyKey !== undefined && meta.idempotencyKey === undefined) meta.idempotencyKey = row.idempotencyKey;
  return {
    sessionKey,
    agentId: agentIdOf(sessionKey),
    message: row,
    messageId: meta.id,
    messageSeq: meta.seq,
    // Only an update that names its run carries one; an async question's row names none.
    ...(meta.runId !== undefined && row.openclawAsyncDelivery === undefined ? { runId: meta.runId } : {}),
  };
}
