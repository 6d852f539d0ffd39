// The connect handshake: the signed params, how a refusal or a lost socket reads to a person, when to try again.
import type { GatewayErrorBody } from "../protocol/frames";
import { PROTOCOL_VERSION } from "../protocol/methods";
import { invalid, valid, type Validated } from "../protocol/result";
import { clip, compact, Reader } from "../protocol/reader";
import type { BackoffOptions, GatewayClientOptions, GatewayErrorCode } from "./connection";
import { signConnect, type DeviceIdentity } from "./device-identity";

/** The scopes OpenClaw's own Control UI asks for; the gateway grants what the device may have. */
export const CONTROL_UI_SCOPES: readonly string[] = ["operator.admin", "operator.read", "operator.write", "operator.approvals", "operator.questions", "operator.pairing"];

type ConnectChallenge = { nonce: string; ts: number };

/** Validates a `connect.challenge` payload: a non-empty nonce and a non-negative integer `ts`. */
export function parseChallenge(payload: unknown): Validated<ConnectChallenge> {
  const r = new Reader();
  const o = r.object(payload, "");
  const nonce = o && r.string(o.nonce, "nonce", "nonEmpty");
  const ts = o && r.number(o.ts, "ts");
  if (ts !== undefined && (!Number.isInteger(ts) || ts < 0)) r.fail("ts", "must be a non-negative integer");
  return nonce !== undefined && ts !== undefined && r.issues.length === 0 ? valid({ nonce, ts }) : invalid(r.issues);
}

/** Builds the signed connect params for one challenge, filling in the options' defaults as the Control UI does. */
export async function buildConnectParams(opts: GatewayClientOptions, identity: DeviceIdentity, challenge: ConnectChallenge) {
  const nav = (globalThis as { navigator?: { language?: string; userAgent?: string } }).navigator;
  const { clientId = "openclaw-control-ui", mode = "webchat", platform = "web", scopes = CONTROL_UI_SCOPES, deviceFamily } = opts;
  const token = opts.token?.trim() || undefined;
  return {
    minProtocol: PROTOCOL_VERSION,
    maxProtocol: PROTOCOL_VERSION,
    client: compact({ id: clientId, version: opts.clientVersion ?? "question-dock", platform, mode, deviceFamily: deviceFamily || undefined }),
    role: "operator",
    scopes: [...scopes],
    caps: [...(opts.caps ?? ["tool-events"])],
    device: await signConnect(identity, compact({ clientId, mode, role: "operator", scopes, signedAt: challenge.ts, nonce: challenge.nonce, platform, token, deviceFamily })),
    ...compact({ auth: token && { token }, locale: (opts.locale ?? nav?.language) || undefined, userAgent: (opts.userAgent ?? nav?.userAgent) || undefined }),
  };
}

/** Why a connect attempt failed, and whether retrying soon can help. */
export interface ConnectFailure {
  /** "retry": transient, reconnect on the normal schedule. "fatal": needs a person; retry slowly. */
  kind: "retry" | "fatal";
  /** A sentence for the connection banner. */
  message: string;
  /** The server's wish for the next attempt, used as a floor. */
  retryAfterMs?: number;
}

// Gateway text is untrusted: it is shown as plain text only, and cut so it cannot flood the banner.
const serverText = (message: string) => clip(message.replace(/\s+/g, " ").trim(), 200);

/** Turns a `connect` error response into a readable failure and a retry policy. */
export function classifyConnectError(error: GatewayErrorBody): ConnectFailure {
  const text = serverText(error.message);
  const detailCode = typeof error.details?.code === "string" ? error.details.code : undefined;
  const retry = (message: string): ConnectFailure => compact({ kind: "retry", message, retryAfterMs: error.retryAfterMs });
  if (error.code === ("UNAVAILABLE" satisfies GatewayErrorCode)) {
    return retry(error.details?.reason === "startup-sidecars" ? "The gateway is still starting." : `The gateway is unavailable: ${text}`);
  }
  if (error.code === ("NOT_PAIRED" satisfies GatewayErrorCode)) {
    return { kind: "fatal", message: `This device is not paired with the gateway (${text}). Approve it on the gateway; the dock keeps trying.` };
  }
  if (error.code === ("FORBIDDEN" satisfies GatewayErrorCode)) return { kind: "fatal", message: `The gateway refused this client: ${text}` };
  if (detailCode?.startsWith("AUTH_")) return { kind: "fatal", message: `The gateway did not accept the credentials (${detailCode}): ${text}` };
  if (error.retryable) return retry(`The gateway could not connect: ${text}`);
  return { kind: "fatal", message: `The gateway rejected the connection (${error.code}${detailCode ? `, ${detailCode}` : ""}): ${text}` };
}

/** A readable sentence for a socket that closed before or after the handshake. */
export function describeClose(code: number, reason: string, wasConnected: boolean): string {
  const why = reason ? `: ${serverText(reason)}` : "";
  return wasConnected ? `The connection to the gateway was lost (code ${code}${why}).` : `Could not reach the gateway (code ${code}${why}).`;
}

/** For failures a person must fix (pairing, token): slow, and never under `baseMs`, so an approval is still noticed. */
const SLOW_BACKOFF = { baseMs: 15_000, maxMs: 300_000 };

/** Full-jitter delay before retry `attempt` (1 = first); a server's `retryAfterMs` is a floor, capped at `maxMs`. */
export function backoffDelay(attempt: number, options: BackoffOptions = {}, retryAfterMs?: number): number {
  const base = Math.max(0, options.baseMs ?? 500);
  const max = Math.max(0, options.maxMs ?? 30_000);
  const random = options.random ?? Math.random;
  const exponent = Math.min(Math.max(0, Math.floor(attempt) - 1), 30);
  const window = Math.min(max, base * 2 ** exponent);
  const pick = Math.min(1, Math.max(0, random()));
  const jittered = Math.floor(pick * window);
  const floor = typeof retryAfterMs === "number" && Number.isFinite(retryAfterMs) ? Math.min(max, Math.max(0, retryAfterMs)) : 0;
  return Math.max(floor, jittered);
}

/** The wait before reconnect `attempt`: the normal schedule, or the slow one for a failure a person must fix. */
export function retryDelay(failure: ConnectFailure, attempt: number, backoff: BackoffOptions): number {
  if (failure.kind === "fatal") return backoffDelay(attempt, { ...SLOW_BACKOFF, random: backoff.random }, failure.retryAfterMs ?? SLOW_BACKOFF.baseMs);
  return backoffDelay(attempt, backoff, failure.retryAfterMs);
}
