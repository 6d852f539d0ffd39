// Everything a page keeps or tells other tabs belongs to one gateway, one identity connected to it and one session:
// the scope. Storage keys and bus messages carry it, so nothing kept for one is ever shown or sent under another.
import type { ConnectionIdentity } from "../../gateway/connection";

/** The scope of a conversation seen by `identity`; equal strings mean the same gateway, identity and session. */
export function storageScope(identity: ConnectionIdentity, sessionKey: string): string {
  return JSON.stringify([identity.gateway, identity.deviceId, identity.role, identity.scopes, sessionKey]);
}
