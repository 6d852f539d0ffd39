/** The shape of an answer key: snake_case, starting with a letter. */
export const QUESTION_ID_PATTERN = /^[a-z][a-z0-9_]*$/;
/** Longest header shown; longer headers are cut, not rejected. @default 12 */
export const HEADER_MAX_CHARS = 12;
/** Most options one question may offer: not the gateway's limit but a bound on what the dock renders. @default 256 */
export const MAX_OPTIONS = 256;

/** The "(Recommended)" suffix of an option label, any case; group 1 is the suffix as written. */
export const RECOMMENDED_SUFFIX = /\s*(\(recommended\))\s*$/i;

/** True when the option is the agent's recommendation, by its "(Recommended)" suffix. */
export function isRecommended(label: string): boolean {
  return RECOMMENDED_SUFFIX.test(label);
}
