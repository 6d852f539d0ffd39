/** Gateway error codes this kit acts on. */
export const GatewayErrorCode = {
  InvalidRequest: "INVALID_REQUEST",
  Forbidden: "FORBIDDEN",
  Unavailable: "UNAVAILABLE",
  NotPaired: "NOT_PAIRED",
  Timeout: "TIMEOUT",
  Disconnected: "DISCONNECTED",
} as const;

/** `details.reason` values of `INVALID_REQUEST` for the question methods. */
export const QuestionErrorReason = {
  NotFound: "QUESTION_NOT_FOUND",
  AlreadyTerminal: "QUESTION_ALREADY_TERMINAL",
  IdInUse: "QUESTION_ID_IN_USE",
  InvalidAnswer: "QUESTION_INVALID_ANSWER",
  RequesterInactive: "QUESTION_REQUESTER_INACTIVE",
} as const;

/** One of the question error reasons. */
export type QuestionErrorReason = (typeof QuestionErrorReason)[keyof typeof QuestionErrorReason];

/** A code this kit acts on (others, like `NOT_LINKED`, pass as text); compare as `code === ("X" satisfies GatewayErrorCode)`. */
export type GatewayErrorCode = (typeof GatewayErrorCode)[keyof typeof GatewayErrorCode];
