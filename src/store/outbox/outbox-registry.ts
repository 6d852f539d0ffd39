import type { GatewayConnection } from "../../gateway/types";
import type { OutboxOptions, OutboxStore } from "./outbox-core";
import { createOutbox } from "./outbox-store";

/** What `getSharedOutbox` needs to make the outbox the first time: everything but the client and session. */
export type SharedOutboxInit = () => Omit<OutboxOptions, "client" | "sessionKey">;

interface Shared {
  outbox: OutboxStore;
  close: () => void;
}

const registry = new WeakMap<GatewayConnection, Map<string, Shared>>();

// Every dock of the conversation shares it, so a panel mounted again while a send is in flight sees
// `sending` and stays locked. It lives on when docks unmount (a queued answer is still delivered).
/** The one outbox of (client, sessionKey) on this page, made by `init` on first use and kept until `releaseSharedOutbox`. */
export function getSharedOutbox(client: GatewayConnection, sessionKey: string, init: SharedOutboxInit): OutboxStore {
  let sessions = registry.get(client);
  if (!sessions) registry.set(client, (sessions = new Map()));
  let shared = sessions.get(sessionKey);
  if (!shared) {
    const options = init();
    shared = { outbox: createOutbox({ ...options, client, sessionKey }), close: () => options.bus.close() };
    sessions.set(sessionKey, shared);
  }
  return shared.outbox;
}

/** The shared outbox of (client, sessionKey) if one is live, without making one. */
export function sharedOutboxOf(client: GatewayConnection, sessionKey: string): OutboxStore | undefined {
  return registry.get(client)?.get(sessionKey)?.outbox;
}

/** Disposes and forgets the shared outbox of (client, sessionKey) and closes the bus `init` made; saved entries stay for the next page. */
export function releaseSharedOutbox(client: GatewayConnection, sessionKey: string): void {
  const sessions = registry.get(client);
  const shared = sessions?.get(sessionKey);
  if (!shared) return;
  sessions?.delete(sessionKey);
  shared.outbox.getState().dispose();
  shared.close();
}
