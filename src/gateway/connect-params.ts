import { PROTOCOL_VERSION } from "../protocol/methods";
import { invalid, valid, type Validated, type ValidationIssue } from "../protocol/result";
import { compact } from "../protocol/reader";
import type { GatewayClientOptions } from "./connection";
import { signConnect, type DeviceIdentity } from "./device-identity";

/** The scopes OpenClaw's own Control UI asks for; the gateway grants what the device may have. */
export const CONTROL_UI_SCOPES: readonly string[] = ["operator.admin", "operator.read", "operator.write", "operator.approvals", "operator.questions", "operator.pairing"];

/** The client id the gateway pairs browser operators under. */
export const CONTROL_UI_CLIENT_ID = "openclaw-control-ui";

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

/** Builds the signed connect params for one challenge, filling in the options' defaults as the Control UI does. */
export async function buildConnectParams(opts: GatewayClientOptions, identity: DeviceIdentity, challenge: ConnectChallenge) {
  const nav = (globalThis as { navigator?: { language?: string; userAgent?: string } }).navigator;
  const locale = opts.locale ?? nav?.language;
  const userAgent = opts.userAgent ?? nav?.userAgent;
  const { clientId = CONTROL_UI_CLIENT_ID, mode = "webchat", platform = "web", scopes = CONTROL_UI_SCOPES, deviceFamily } = opts;
  const token = opts.token?.trim() || undefined;
  const signed = { clientId, mode, role: "operator", scopes, signedAt: challenge.ts, nonce: challenge.nonce, platform, token, deviceFamily };
  return {
    minProtocol: PROTOCOL_VERSION,
    maxProtocol: PROTOCOL_VERSION,
    client: compact({ id: clientId, version: opts.clientVersion ?? "question-dock", platform, mode, deviceFamily: deviceFamily || undefined }),
    role: "operator",
    scopes: [...scopes],
    caps: [...(opts.caps ?? ["tool-events"])],
    device: await signConnect(identity, compact(signed)),
    ...compact({ auth: token && { token }, locale: locale || undefined, userAgent: userAgent || undefined }),
  };
}
