// Fake time for the store and conversation tests: one clock the simulated gateway and the stores read, and
// waits that advance it while real async work (WebCrypto signing on Node's thread pool) finishes in real time.
import { vi } from "vitest";
import type { Clock } from "../../src/gateway/clock";

// Captured when this module loads, before any test fakes the timers.
const realSetTimeout = globalThis.setTimeout;

/** The fake clock as the sim and the stores take it; it reads the faked globals on every call. */
export const fakeClock: Clock = {
  now: () => Date.now(),
  setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
  clearTimeout: (h) => globalThis.clearTimeout(h as ReturnType<typeof setTimeout>),
};

/** Lets due fake timers run and real async work (signing, microtask chains) finish, once. */
export async function flush(stepMs = 0): Promise<void> {
  await vi.advanceTimersByTimeAsync(stepMs);
  await new Promise((resolve) => realSetTimeout(resolve, 1));
  await vi.advanceTimersByTimeAsync(0);
}

/** Flushes (advancing fake time by `stepMs` per round) until `check` holds, at most `rounds` times; returns its value. */
export async function until<T>(check: () => T, what: string, stepMs = 0, rounds = 400): Promise<NonNullable<T>> {
  for (let i = 0; i < rounds; i++) {
    const value = check();
    if (value) return value as NonNullable<T>;
    await flush(stepMs);
  }
  throw new Error(`timed out waiting for ${what}`);
}
