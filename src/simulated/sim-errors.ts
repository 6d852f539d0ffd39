import { GatewayErrorCode, type QuestionErrorReason } from "../protocol/errors";
import type { GatewayErrorBody } from "../protocol/frames";
import { errorMessage } from "../protocol/result";

/** A failed method call; handlers throw it and the connection turns it into an error response. */
export class SimMethodError extends Error {
  readonly body: GatewayErrorBody;

  constructor(body: GatewayErrorBody) {
    super(body.message);
    this.name = "SimMethodError";
    this.body = body;
  }
}

/** `INVALID_REQUEST` without a reason, as the gateway answers malformed params. */
export function invalidRequest(message: string, details?: Record<string, unknown>): SimMethodError {
  return new SimMethodError({ code: GatewayErrorCode.InvalidRequest, message, ...(details ? { details } : {}) });
}

/** `INVALID_REQUEST` carrying a question reason in `details.reason`. */
export function questionError(reason: QuestionErrorReason, message: string): SimMethodError {
  return invalidRequest(message, { reason });
}

/** `FORBIDDEN` for a scope the connection was not granted. */
export function missingScope(scope: string, requiredScopes: readonly string[]): SimMethodError {
  return new SimMethodError({
    code: GatewayErrorCode.Forbidden,
    message: `missing scope: ${scope}`,
    details: { code: "MISSING_SCOPE", missingScope: scope, requiredScopes: [...requiredScopes] },
  });
}

/** The retryable `UNAVAILABLE` the gateway answers `connect` with while its startup sidecars load. */
export function startupUnavailable(retryAfterMs: number): GatewayErrorBody {
  return {
    code: GatewayErrorCode.Unavailable,
    message: "gateway starting; retry shortly",
    retryable: true,
    retryAfterMs,
    details: { reason: "startup-sidecars" },
  };
}

/** Turns anything a handler threw into an error body; unexpected errors become `UNAVAILABLE`, as on the gateway. */
export function toErrorBody(error: unknown): GatewayErrorBody {
  if (error instanceof SimMethodError) return error.body;
  return { code: GatewayErrorCode.Unavailable, message: errorMessage(error) };
}
