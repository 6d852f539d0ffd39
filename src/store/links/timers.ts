import type { Clock } from "../../gateway/clock";

/** The timer half of a `Clock`, for parts that never read the time. */
export type Timers = Pick<Clock, "setTimeout" | "clearTimeout">;
