import { GatewayErrorCode } from "../protocol/errors";
import type { GatewayErrorBody } from "../protocol/frames";
import { compact } from "../protocol/reader";

/** Why a connect attempt failed, and whether retrying soon can help. */
export interface ConnectFailure {
  /** "retry": transient, reconnect on the normal schedule. "fatal": needs a person; retry slowly. */
  kind: "retry" | "fatal";
  /** A sentence for the connection banner. */
  message: string;
  /** The server's wish for the next attempt, used as a floor. */
  retryAfterMs?: number;
}

const MAX_SERVER_TEXT = 200;

// Gateway text is untrusted: it is shown as plain text only, and cut so it cannot flood the banner.
function serverText(message: string): string {
  const flat = message.replace(/\s+/g, " ").trim();
  return flat.length > MAX_SERVER_TEXT ? `${flat.slice(0, MAX_SERVER_TEXT)}…` : flat;
}

/** Turns a `connect` error response into a readable failure and a retry policy. */
export function classifyConnectError(error: GatewayErrorBody): ConnectFailure {
  const text = serverText(error.message);
  const detailCode = typeof error.details?.code === "string" ? error.details.code : undefined;
  const retry = (message: string): ConnectFailure => compact({ kind: "retry", message, retryAfterMs: error.retryAfterMs });
  if (error.code === GatewayErrorCode.Unavailable) {
    return retry(error.details?.reason === "startup-sidecars" ? "The gateway is still starting." : `The gateway is unavailable: ${text}`);
  }
  if (error.code === GatewayErrorCode.NotPaired) {
    return { kind: "fatal", message: `This device is not paired with the gateway (${text}). Approve it on the gateway; the dock keeps trying.` };
  }
  if (error.code === GatewayErrorCode.Forbidden) return { kind: "fatal", message: `The gateway refused this client: ${text}` };
  if (detailCode?.startsWith("AUTH_")) return { kind: "fatal", message: `The gateway did not accept the credentials (${detailCode}): ${text}` };
  if (error.retryable) return retry(`The gateway could not connect: ${text}`);
  return { kind: "fatal", message: `The gateway rejected the connection (${error.code}${detailCode ? `, ${detailCode}` : ""}): ${text}` };
}

/** A readable sentence for a socket that closed before or after the handshake. */
export function describeClose(code: number, reason: string, wasConnected: boolean): string {
  const why = reason ? `: ${serverText(reason)}` : "";
  return wasConnected ? `The connection to the gateway was lost (code ${code}${why}).` : `Could not reach the gateway (code ${code}${why}).`;
}
