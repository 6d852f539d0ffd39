// The ask_user tool's rules the kit shows by: the gateway validates the tool's input, the kit reads its records.

/** The shape of an answer key: snake_case, starting with a letter. */
export const QUESTION_ID_PATTERN = /^[a-z][a-z0-9_]*$/;
/** Longest header shown; longer headers are cut, not rejected. @default 12 */
export const HEADER_MAX_CHARS = 12;
/**
 * Most options one question may offer before the kit refuses it. Not the gateway's rule (4 in 2026.9.6, 64 in the
 * release after it) but a bound on what one record can make the dock render: four times the newest gateway limit, so
 * a gateway that raises its limit again is still read, while a broken one cannot ask for a list without end. @default 256
 */
export const MAX_OPTIONS = 256;

/** The "(Recommended)" suffix of an option label, any case; group 1 is the suffix as written. */
export const RECOMMENDED_SUFFIX = /\s*(\(recommended\))\s*$/i;

/** True when the option is the agent's recommendation, by its "(Recommended)" suffix. */
export function isRecommended(label: string): boolean {
  return RECOMMENDED_SUFFIX.test(label);
}
