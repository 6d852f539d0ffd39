import type { GatewayConnection } from "../../gateway/connection";
import { parseSessionMessagesSubscription, SESSION_MESSAGES_SUBSCRIBE, SESSION_MESSAGES_UNSUBSCRIBE } from "../../protocol/session-message";

// The gateway keeps one subscription per connection and session, not one per caller: a second conversation of the
// same session on the same client must not lose its rows when the first one unsubscribes. Counted per client.
const holders = new WeakMap<GatewayConnection, Map<string, number>>();

/**
 * Subscribes to `sessions.messages.subscribe` on every connect, since a subscription ends with its socket. A refusal
 * (a missing scope, an older gateway) leaves the feed off; the conversation then learns of rows by reading the
 * history when a run ends.
 */
export function followSessionMessages(client: GatewayConnection, sessionKey: string) {
  let attempt = 0;
  let live = false;
  let canonical: string | undefined;
  let stopped = false;
  const count = holders.get(client) ?? new Map<string, number>();
  holders.set(client, count);
  count.set(sessionKey, (count.get(sessionKey) ?? 0) + 1);

  const subscribe = () => {
    const mine = ++attempt;
    live = false;
    client.request(SESSION_MESSAGES_SUBSCRIBE, { key: sessionKey }).then(
      (result) => {
        if (mine !== attempt || stopped) return;
        const read = parseSessionMessagesSubscription(result);
        live = read.ok && read.value.subscribed;
        if (read.ok) canonical = read.value.key;
      },
      () => undefined,
    );
  };

  const offs = [
    client.onConnected(subscribe),
    client.subscribeConnection((info) => {
      // An answer still on its way belongs to the connection that just closed.
      if (info.state !== "connected") {
        attempt += 1;
        live = false;
      }
    }),
  ];
  if (client.getConnection().state === "connected") subscribe();

  return {
    /** True while the gateway confirmed the subscription on the current connection. */
    isLive: () => live,
    /** The canonical key the gateway answered with, once it did. */
    canonicalKey: () => canonical,
    /** Ends the subscription (when no other holder on the same client still wants it) and stops following reconnects. */
    stop() {
      if (stopped) return;
      stopped = true;
      for (const off of offs) off();
      const left = (count.get(sessionKey) ?? 1) - 1;
      if (left > 0) count.set(sessionKey, left);
      else count.delete(sessionKey);
      live = false;
      // Sent even while a subscribe is still unanswered, so it cannot outlive the conversation; a refusal is harmless.
      if (left === 0 && client.getConnection().state === "connected") client.request(SESSION_MESSAGES_UNSUBSCRIBE, { key: sessionKey }).catch(() => undefined);
    },
  };
}
