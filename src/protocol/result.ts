/** One readable validation problem: where it is (a dotted path from the root) and what is wrong. */
export interface ValidationIssue {
  path: string;
  message: string;
}

/** The outcome of validating untrusted input: a typed value, or the list of everything wrong with it. */
export type Validated<T> = { ok: true; value: T } | { ok: false; errors: ValidationIssue[] };

/** Wraps a valid value. */
export const valid = <T>(value: T): Validated<T> => ({ ok: true, value });

/** Wraps a list of problems. */
export const invalid = <T = never>(errors: ValidationIssue[]): Validated<T> => ({ ok: false, errors });

/** Renders issues as one line each, `path: message`, for logs and error banners. */
export function formatIssues(errors: readonly ValidationIssue[]): string {
  return errors.map((e) => (e.path ? `${e.path}: ${e.message}` : e.message)).join("\n");
}

/** The message of anything thrown: an Error's own, else the value as text. */
export const errorMessage = (error: unknown): string => (error instanceof Error ? error.message : String(error));
