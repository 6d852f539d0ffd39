import { defaultMessages } from "../messages";
import { isSecretQuestion, type GatewayQuestion } from "../protocol/question-record";

/** What a masked secret answer reads as in English; a view passes its locale's `secretMask`. */
export const SECRET_MASK = defaultMessages.secretMask;

/** One question's answer as one line of text: values joined by commas, or the mask for a secret. */
export function answerText(question: GatewayQuestion, values: readonly string[] | undefined, mask: string = SECRET_MASK): string | undefined {
  if (!values || values.length === 0) return undefined;
  return isSecretQuestion(question) ? mask : values.join(", ");
}
