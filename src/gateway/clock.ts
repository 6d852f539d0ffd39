// Every layer (client, store, outbox, simulated gateway) takes a Clock, so one fake moves them all together.

/** The time and timers a part of the kit runs on; inject one to drive it with fake time. */
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
