import type { GatewayConnection } from "../../gateway/types";
import type { OutboxOptions, OutboxStore } from "./outbox-core";
import { createOutbox } from "./outbox-store";

/** What `getSharedOutbox` needs to make the outbox the first time: everything but the client and session. */
export type SharedOutboxInit = () => Omit<OutboxOptions, "client" | "sessionKey">;

const registry = new WeakMap<GatewayConnection, Map<string, OutboxStore>>();

/**
 * The one outbox of (client, sessionKey) on this page, made by `init` on first use. Every dock of the
 * conversation shares it, so a panel mounted again while a send is in flight sees `sending` and stays
 * locked. It lives on when docks unmount (a queued answer is still delivered) until `releaseSharedOutbox`.
 */
export function getSharedOutbox(client: GatewayConnection, sessionKey: string, init: SharedOutboxInit): OutboxStore {
  let sessions = registry.get(client);
  if (!sessions) registry.set(client, (sessions = new Map()));
  let outbox = sessions.get(sessionKey);
  if (!outbox) sessions.set(sessionKey, (outbox = createOutbox({ ...init(), client, sessionKey })));
  return outbox;
}

/** Disposes and forgets the shared outbox of (client, sessionKey); its saved entries stay for the next page. */
export function releaseSharedOutbox(client: GatewayConnection, sessionKey: string): void {
  const sessions = registry.get(client);
  sessions?.get(sessionKey)?.getState().dispose();
  sessions?.delete(sessionKey);
}
