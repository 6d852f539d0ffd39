import { isSecretQuestion, type GatewayQuestion } from "../protocol/question-record";

/** One question's answer as one line of text: values joined by commas, or the locale's `secretMask` for a secret. */
export function answerText(question: GatewayQuestion, values: readonly string[] | undefined, mask: string): string | undefined {
  if (!values || values.length === 0) return undefined;
  return isSecretQuestion(question) ? mask : values.join(", ");
}
