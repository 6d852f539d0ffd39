import { isSecretQuestion, type GatewayQuestion } from "../protocol";

/** What a masked secret answer reads as. */
export const SECRET_MASK = "•••••• (hidden)";

/** One question's answer as one line of text: values joined by commas, or the mask for a secret. */
export function answerText(question: GatewayQuestion, values: readonly string[] | undefined): string | undefined {
  if (!values || values.length === 0) return undefined;
  return isSecretQuestion(question) ? SECRET_MASK : values.join(", ");
}
