import { GatewayRequestError } from "../../gateway/connection";
import type { SubmitErrorCode } from "./state";

/** A failed submit or skip as data: a code the views put into words, and the raw detail that helps. */
export interface SubmitFailure {
  code: SubmitErrorCode;
  detail?: string;
}

/** True when a request left but its reply never came (the socket dropped, or no reply in time): the gateway may have applied it. */
export const wasCutOff = (error: unknown): error is GatewayRequestError =>
  error instanceof GatewayRequestError && (error.code === "DISCONNECTED" || error.code === "TIMEOUT") && error.details?.["sent"] === true;

/** Classifies a failed submit or skip; the draft is always kept, so every code reads as "try again". */
export function submitFailureOf(error: unknown): SubmitFailure {
  if (error instanceof GatewayRequestError) {
    if (error.code === "DISCONNECTED") return { code: "disconnected" };
    if (error.code === "TIMEOUT") return { code: "timeout" };
    if (error.reason === "QUESTION_INVALID_ANSWER") return { code: "invalid-answer", detail: error.message };
    if (error.code === "FORBIDDEN") {
      const scope = error.details?.["missingScope"];
      return typeof scope === "string" ? { code: "forbidden", detail: scope } : { code: "forbidden" };
    }
    return { code: "refused", detail: error.message };
  }
  return error instanceof Error ? { code: "unexpected", detail: error.message } : { code: "unexpected" };
}
