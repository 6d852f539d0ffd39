import { GatewayRequestError } from "../gateway/types";

/** What a submit or skip cut off before its reply says while recovery finds out whether it arrived. */
export function uncertainMessage(kind: "answer" | "skip"): string {
  return kind === "answer" ? "Checking whether your answer arrived…" : "Checking whether the skip arrived…";
}

/** What a cut-off submit or skip says once recovery found the question still pending: it did not arrive. */
export function notArrivedMessage(kind: "answer" | "skip"): string {
  return kind === "answer"
    ? "Your answer did not reach the gateway before the connection dropped. Your draft is kept; try again."
    : "The skip did not reach the gateway before the connection dropped; try again.";
}

/** Turns a failed submit or skip into a sentence a person can act on; the draft is always kept. */
export function submitErrorMessage(error: unknown, kind: "answer" | "skip"): string {
  const what = kind === "answer" ? "Your answer was not sent" : "The skip was not sent";
  if (error instanceof GatewayRequestError) {
    if (error.code === "DISCONNECTED") return `${what}: the connection dropped. Your draft is kept; try again.`;
    if (error.code === "TIMEOUT") return `${what}: the gateway did not reply in time. Your draft is kept; try again.`;
    if (error.reason === "QUESTION_INVALID_ANSWER") return `The gateway refused the answer: ${error.message}`;
    if (error.code === "FORBIDDEN") {
      const scope = typeof error.details?.["missingScope"] === "string" ? error.details["missingScope"] : undefined;
      return `${what}: this connection may not answer questions${scope ? ` (missing ${scope})` : ""}.`;
    }
    return `${what}: ${error.message}`;
  }
  return `${what}: ${error instanceof Error ? error.message : "an unexpected error"}.`;
}
