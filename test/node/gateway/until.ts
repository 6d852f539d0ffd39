import { WAIT_LIMIT_MS } from "../../support/wait-limits";

// Captured before any test installs fake timers: waiting here must take real time, because
// WebCrypto signing finishes on Node's thread pool, not on a timer.
const realSetTimeout = globalThis.setTimeout;

/**
 * Waits (in real time) until `check` returns (or resolves to) a truthy value, and returns it. The limit is there for
 * a wait that never ends: a reconnect through its real backoff already takes most of a second on a busy machine.
 */
export async function until<T>(check: () => T | Promise<T>, what = "condition", timeoutMs = WAIT_LIMIT_MS): Promise<NonNullable<T>> {
  const started = Date.now();
  for (let i = 0; ; i++) {
    const value = await check();
    if (value) return value as NonNullable<T>;
    // Date.now may be faked; count iterations as a fallback bound.
    if (i > timeoutMs || (Date.now() - started > timeoutMs && i > 50)) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => realSetTimeout(resolve, 1));
  }
}
