import type { BackoffOptions } from "./connection";

/** For failures a person must fix (pairing, token): slow, and never under `baseMs`, so an approval is still noticed. */
export const SLOW_BACKOFF = { baseMs: 15_000, maxMs: 300_000 };

/** Full-jitter delay before retry `attempt` (1 = first); a server's `retryAfterMs` is a floor, capped at `maxMs`. */
export function backoffDelay(attempt: number, options: BackoffOptions = {}, retryAfterMs?: number): number {
  const base = Math.max(0, options.baseMs ?? 500);
  const max = Math.max(0, options.maxMs ?? 30_000);
  const random = options.random ?? Math.random;
  const exponent = Math.min(Math.max(0, Math.floor(attempt) - 1), 30);
  const window = Math.min(max, base * 2 ** exponent);
  const pick = Math.min(1, Math.max(0, random()));
  const jittered = Math.floor(pick * window);
  const floor = typeof retryAfterMs === "number" && Number.isFinite(retryAfterMs) ? Math.min(max, Math.max(0, retryAfterMs)) : 0;
  return Math.max(floor, jittered);
}
