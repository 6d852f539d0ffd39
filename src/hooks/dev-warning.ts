// A host's bundler replaces `process.env.NODE_ENV`; where nothing does, it counts as development.
declare const process: { env: { NODE_ENV?: string } };

function development(): boolean {
  try {
    return process.env.NODE_ENV !== "production";
  } catch {
    return true;
  }
}

const said = new Set<string>();

/** Says `message` once per page, in development only: for what would otherwise change without a word. */
export function warnInDevelopment(message: string): void {
  if (said.has(message) || !development()) return;
  said.add(message);
  console.warn(`[question-dock] ${message}`);
}
