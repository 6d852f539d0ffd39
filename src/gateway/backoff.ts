/** Tuning for reconnect delays. */
export interface BackoffOptions {
  /** Ceiling of the first retry's jitter window, in ms. @default 500 */
  baseMs?: number;
  /** Longest delay ever chosen, in ms; also caps a server's `retryAfterMs`. @default 30000 */
  maxMs?: number;
  /** Source of randomness in [0, 1). @default Math.random */
  random?: () => number;
}

/** Schedule for failures the user must fix (pairing, token): slow, so an approval elsewhere is still picked up. */
export const SLOW_BACKOFF: Required<Pick<BackoffOptions, "baseMs" | "maxMs">> = { baseMs: 15_000, maxMs: 300_000 };

/**
 * Delay before retry number `attempt` (1 for the first retry): "full jitter", a uniform pick in
 * [0, min(max, base·2^(attempt-1))], so many clients that lost the same gateway do not return in step.
 * A server's `retryAfterMs` is a floor, itself capped at `maxMs` so a bad value cannot park the client.
 */
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
