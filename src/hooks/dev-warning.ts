// A host's bundler replaces `process.env.NODE_ENV`. Callers test it inline, so a production bundle folds the test to
// false and drops the call with its message; where no `process` exists, nothing is said.

const said = new Set<string>();

/** Says `message` once per page; call it only under `if (typeof process !== "undefined" && process.env.NODE_ENV !== "production")`. */
export function warnInDevelopment(message: string): void {
  if (said.has(message)) return;
  said.add(message);
  console.warn(`[question-dock] ${message}`);
}
