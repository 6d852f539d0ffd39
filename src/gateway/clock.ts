/** The time and timers a part of the kit runs on; every layer takes one, so one fake clock moves them all together. */
export interface Clock {
  /** The current time, epoch ms. */
  now(): number;
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

/** The platform's clock; it looks the globals up on every call, so fake timers installed later still apply. */
export const systemClock: Clock = {
  now: () => Date.now(),
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof globalThis.setTimeout>),
};

/** The timer half of a `Clock`, for parts that never read the time. */
export type Timers = Pick<Clock, "setTimeout" | "clearTimeout">;
