/** The time source the simulated gateway runs on; inject one to drive it with fake timers. */
export interface SimClock {
  now(): number;
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

/** The real clock; it looks the globals up on every call so that test fake timers installed later still apply. */
export const systemClock: SimClock = {
  now: () => Date.now(),
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof globalThis.setTimeout>),
};
