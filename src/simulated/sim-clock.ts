import type { Clock } from "../gateway/clock";

/** The time source the simulated gateway runs on: the kit's one `Clock` type. */
export type SimClock = Clock;

/** The real clock, as every layer's default. */
export { systemClock } from "../gateway/clock";
