import { PROTOCOL_VERSION } from "../protocol/methods";
import { invalid, valid, type Validated, type ValidationIssue } from "../protocol/result";
import type { GatewayClientOptions } from "./connection";
import { signConnect, type DeviceIdentity } from "./device-identity";

/** The scopes OpenClaw's own Control UI asks for; the gateway grants what the device may have. */
export const CONTROL_UI_SCOPES: readonly string[] = [
  "operator.admin",
  "operator.read",
  "operator.write",
  "operator.approvals",
  "operator.questions",
  "operator.pairing",
];

/** The client id the gateway pairs browser operators under. */
export const CONTROL_UI_CLIENT_ID = "openclaw-control-ui";

/** How this client describes itself in `connect`: its options, with the defaults filled in. */
export type ClientDescription = Required<Pick<GatewayClientOptions, "clientId" | "clientVersion" | "mode" | "platform" | "scopes" | "caps">> &
  Pick<GatewayClientOptions, "deviceFamily" | "token" | "locale" | "userAgent">;

/** The server's `connect.challenge` payload. */
type ConnectChallenge = { nonce: string; ts: number };

/** Validates a `connect.challenge` payload: a non-empty nonce and a non-negative integer `ts`. */
export function parseChallenge(payload: unknown): Validated<ConnectChallenge> {
  const issues: ValidationIssue[] = [];
  const o = typeof payload === "object" && payload !== null ? (payload as Record<string, unknown>) : undefined;
  if (!o) return invalid([{ path: "", message: "must be an object" }]);
  if (typeof o.nonce !== "string" || o.nonce.trim() === "") issues.push({ path: "nonce", message: "must be a non-empty string" });
  if (typeof o.ts !== "number" || !Number.isInteger(o.ts) || o.ts < 0) issues.push({ path: "ts", message: "must be a non-negative integer" });
  return issues.length ? invalid(issues) : valid({ nonce: o.nonce as string, ts: o.ts as number });
}

/** Builds signed connect params answering one challenge, as the gateway's closed schema accepts them. */
export async function buildConnectParams(desc: ClientDescription, identity: DeviceIdentity, challenge: ConnectChallenge) {
  const token = desc.token?.trim() || undefined;
  const device = await signConnect(identity, {
    clientId: desc.clientId,
    mode: desc.mode,
    role: "operator",
    scopes: desc.scopes,
    signedAt: challenge.ts,
    nonce: challenge.nonce,
    platform: desc.platform,
    ...(token ? { token } : {}),
    ...(desc.deviceFamily ? { deviceFamily: desc.deviceFamily } : {}),
  });
  const client = { id: desc.clientId, version: desc.clientVersion, platform: desc.platform, mode: desc.mode, ...(desc.deviceFamily ? { deviceFamily: desc.deviceFamily } : {}) };
  return {
    minProtocol: PROTOCOL_VERSION,
    maxProtocol: PROTOCOL_VERSION,
    client,
    role: "operator",
    scopes: [...desc.scopes],
    caps: [...desc.caps],
    device,
    ...(token ? { auth: { token } } : {}),
    ...(desc.locale ? { locale: desc.locale } : {}),
    ...(desc.userAgent ? { userAgent: desc.userAgent } : {}),
  };
}
