import type { DockContext } from "../context";

// Timers take a signed 32-bit delay; a longer one fires at once. A far expiry is reached in several hops instead.
const MAX_TIMER_DELAY_MS = 2 ** 31 - 1;

/**
 * One timer for the earliest expiry among pending requests. The gateway also sends `question.resolved`
 * with status expired, but a dock that is offline at that moment must still let the prompt go on time.
 */
export function createExpiryTimer(ctx: DockContext, expire: (id: string) => void) {
  const { now, timers } = ctx.options;
  let handle: unknown;
  let disposed = false;
  const clear = () => {
    if (handle !== undefined) timers.clearTimeout(handle);
    handle = undefined;
  };
  const reschedule = (): void => {
    clear();
    // A late reply (e.g. a submit that was in flight) can still settle a request after dispose; it must not re-arm.
    if (disposed) return;
    // Async questions never expire (their expiresAtMs is Infinity); they leave by retirement instead.
    const t = now();
    const due: string[] = [];
    let next = Infinity;
    for (const record of ctx.get().records.values()) {
      const at = record.expiresAtMs;
      if (!Number.isFinite(at)) continue;
      if (at <= t) due.push(record.id);
      else if (at < next) next = at;
    }
    if (due.length > 0) {
      due.forEach((id) => expire(id));
      return;
    }
    if (next === Infinity) return;
    handle = timers.setTimeout(reschedule, Math.min(MAX_TIMER_DELAY_MS, Math.max(0, next - t)));
  };
  // A request left: the timer stays, and when it fires early it finds nothing due and sets itself for the next one.
  const left = () => {
    if (ctx.get().records.size === 0) clear();
  };
  const dispose = () => {
    disposed = true;
    clear();
  };
  return { reschedule, left, dispose };
}
