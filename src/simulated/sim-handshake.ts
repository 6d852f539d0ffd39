import { GatewayErrorCode } from "../protocol/errors";
import { PROTOCOL_VERSION } from "../protocol/methods";
import type { GatewayErrorBody } from "../protocol/frames";
import { verifyDeviceProof, type SimDeviceProof } from "./sim-device";
import { any, arr, bool, checkValue, int, nonEmpty, obj, oneOf, optional, record, str } from "./sim-schema";

/** The client ids the gateway's connect schema accepts. */
export const SIM_CLIENT_IDS = [
  "webchat-ui", "openclaw-control-ui", "openclaw-browser-copilot", "openclaw-tui", "webchat", "cli", "gateway-client",
  "openclaw-macos", "openclaw-linux", "openclaw-ios", "openclaw-watchos", "openclaw-android", "node-host",
  "openclaw-worker", "test", "fingerprint", "openclaw-probe",
] as const;
/** The client modes the gateway's connect schema accepts. */
export const SIM_CLIENT_MODES = ["webchat", "cli", "ui", "backend", "node", "worker", "probe", "test"] as const;

const connectSchema = obj({
  minProtocol: int({ minimum: 1 }),
  maxProtocol: int({ minimum: 1 }),
  client: obj({
    id: oneOf(SIM_CLIENT_IDS),
    displayName: optional(nonEmpty),
    version: nonEmpty,
    buildId: optional(str({ minLength: 1, maxLength: 96 })),
    platform: nonEmpty,
    deviceFamily: optional(nonEmpty),
    modelIdentifier: optional(nonEmpty),
    timeZone: optional(str({ minLength: 1, maxLength: 64 })),
    mode: oneOf(SIM_CLIENT_MODES),
    instanceId: optional(nonEmpty),
  }),
  caps: optional(arr(nonEmpty)),
  commands: optional(arr(nonEmpty)),
  permissions: optional(record(/.+/, bool)),
  pathEnv: optional(str()),
  role: optional(nonEmpty),
  scopes: optional(arr(nonEmpty)),
  device: optional(obj({ id: nonEmpty, publicKey: nonEmpty, signature: nonEmpty, signedAt: int({ minimum: 0 }), nonce: nonEmpty })),
  auth: optional(obj({ token: optional(str()), bootstrapToken: optional(str()), deviceToken: optional(str()), password: optional(str()) })),
  locale: optional(str()),
  userAgent: optional(str()),
  computerUse: optional(any),
});

interface ConnectParams {
  minProtocol: number;
  maxProtocol: number;
  client: { id: string; version: string; platform: string; mode: string; deviceFamily?: string };
  role?: string;
  scopes?: string[];
  caps?: string[];
  device?: SimDeviceProof;
  auth?: { token?: string; deviceToken?: string };
}

/** What the handshake needs to know about this gateway. */
export interface SimHandshakeConfig {
  token: string | undefined;
  requireDevice: boolean;
  grantableScopes: readonly string[];
  /** Issued device tokens by device id; a matching one stands in for the shared token. */
  deviceTokens: Map<string, string>;
  newDeviceToken: () => string;
  /** Guest tokens, each standing for a verified user profile (the shared token is the owner, with none). */
  guests?: ReadonlyMap<string, string>;
}

/** A connect that passed: what the connection was granted. */
export interface SimGrant {
  role: string;
  scopes: string[];
  /** "trusted-proxy" for a guest token, which stands for a user a trusted proxy vouched for. */
  method: "token" | "device-token" | "trusted-proxy" | "none";
  deviceToken?: string;
  /** The verified profile of a guest token. */
  profileId?: string;
  /**
   * The connection's caller policy: what it may do (role, scopes, caps, client, profile), not which device it is.
   * A chat reply answers an agent run's question only when its policy is the run creator's, as on the gateway.
   */
  policy: string;
}

// Two connections of the same person and client, with the same scopes and caps, have the same policy (observed).
function callerPolicy(role: string, scopes: readonly string[], caps: readonly string[], client: ConnectParams["client"], profileId: string | undefined): string {
  return JSON.stringify([role, [...scopes].sort(), [...caps].sort(), client.id, client.mode, profileId ?? null]);
}

/** The outcome of a `connect`: a grant, or the error frame and close the gateway would send. */
export type SimHandshakeResult = { ok: true; grant: SimGrant } | { ok: false; error: GatewayErrorBody; closeCode: number; closeReason: string };

function refuse(error: GatewayErrorBody, closeCode = 1008, closeReason = error.message): SimHandshakeResult {
  // WebSocket close reasons are capped at 123 bytes; the gateway truncates its message to fit.
  return { ok: false, error, closeCode, closeReason: closeReason.slice(0, 120) };
}

function authFailure(reason: "token_missing" | "token_mismatch", client: ConnectParams["client"], hasDevice: boolean): SimHandshakeResult {
  const ui = client.id === "openclaw-control-ui" || client.id === "webchat-ui" || client.mode === "webchat";
  const hint = ui ? "open the dashboard URL and paste the token in Control UI settings" : "provide gateway auth token";
  const missing = reason === "token_missing";
  const canRetryWithDeviceToken = !missing && hasDevice;
  return refuse({
    code: GatewayErrorCode.InvalidRequest,
    message: `unauthorized: gateway token ${missing ? "missing" : "mismatch"} (${hint})`,
    details: {
      code: missing ? "AUTH_TOKEN_MISSING" : "AUTH_TOKEN_MISMATCH",
      authReason: reason,
      canRetryWithDeviceToken,
      recommendedNextStep: missing ? "update_auth_configuration" : canRetryWithDeviceToken ? "retry_with_device_token" : "update_auth_credentials",
    },
  });
}

/** Checks a `connect` request the way the gateway does, in its order: schema, protocol, role, token, device. */
export async function evaluateConnect(raw: unknown, challenge: { nonce: string; ts: number }, config: SimHandshakeConfig, now: number): Promise<SimHandshakeResult> {
  const problem = checkValue(connectSchema, raw);
  if (problem) return refuse({ code: GatewayErrorCode.InvalidRequest, message: `invalid connect params: ${problem}` });
  const p = raw as ConnectParams;
  if (p.minProtocol > PROTOCOL_VERSION || p.maxProtocol < PROTOCOL_VERSION) {
    const details = { code: "PROTOCOL_MISMATCH", clientMinProtocol: p.minProtocol, clientMaxProtocol: p.maxProtocol, expectedProtocol: PROTOCOL_VERSION, minimumProbeProtocol: 3 };
    return refuse({ code: GatewayErrorCode.InvalidRequest, message: "protocol mismatch", details }, 1002);
  }
  const role = p.role ?? "operator";
  if (role !== "operator") return refuse({ code: GatewayErrorCode.InvalidRequest, message: "invalid role" });
  const device = p.device;
  let method: SimGrant["method"] = "none";
  if (config.token !== undefined) {
    const token = p.auth?.token;
    const deviceTokenOk = !token && device !== undefined && p.auth?.deviceToken !== undefined && config.deviceTokens.get(device.id) === p.auth.deviceToken;
    if (token === config.token || (token !== undefined && config.guests?.has(token))) method = "token";
    else if (deviceTokenOk) method = "device-token";
    else return authFailure(token ? "token_mismatch" : "token_missing", p.client, device !== undefined);
  }
  const scopes = (p.scopes ?? []).filter((s) => config.grantableScopes.includes(s));
  const guest = p.auth?.token ? config.guests?.get(p.auth.token) : undefined;
  const profile = guest !== undefined ? { profileId: guest } : {};
  // A guest's user is vouched for on every connect (the proxy's header on the real gateway), so it gets no device token.
  if (guest !== undefined) method = "trusted-proxy";
  const policy = callerPolicy(role, scopes, p.caps ?? [], p.client, guest);
  if (!device) {
    if (!config.requireDevice) return { ok: true, grant: { role, scopes, method, policy, ...profile } };
    const details = { code: p.client.id === "openclaw-control-ui" ? "CONTROL_UI_DEVICE_IDENTITY_REQUIRED" : "DEVICE_IDENTITY_REQUIRED" };
    return refuse({ code: GatewayErrorCode.InvalidRequest, message: "device identity required", details });
  }
  const signed = { clientId: p.client.id, mode: p.client.mode, role, scopes: p.scopes ?? [], token: p.auth?.token ?? p.auth?.deviceToken ?? "", platform: p.client.platform };
  const failure = await verifyDeviceProof(device, { ...signed, ...(p.client.deviceFamily ? { deviceFamily: p.client.deviceFamily } : {}) }, challenge.nonce, now);
  if (failure) return refuse({ code: GatewayErrorCode.InvalidRequest, message: failure.message, details: { code: failure.code, reason: failure.reason } });
  if (guest !== undefined) return { ok: true, grant: { role, scopes, method, policy, ...profile } };
  let deviceToken = config.deviceTokens.get(device.id);
  if (!deviceToken) {
    deviceToken = config.newDeviceToken();
    config.deviceTokens.set(device.id, deviceToken);
  }
  return { ok: true, grant: { role, scopes, method, deviceToken, policy, ...profile } };
}
