import type { DockContext } from "./create-dock-store";

/**
 * One timer for the earliest expiry among pending requests. The gateway also sends `question.resolved`
 * with status expired, but a dock that is offline at that moment must still let the prompt go on time.
 */
export function createExpiryTimer(ctx: DockContext, expire: (id: string) => void) {
  const { now, timers } = ctx.options;
  let handle: unknown;
  const clear = () => {
    if (handle !== undefined) timers.clearTimeout(handle);
    handle = undefined;
  };
  const reschedule = (): void => {
    clear();
    const records = Object.values(ctx.get().records);
    if (records.length === 0) return;
    const t = now();
    const due = records.filter((r) => r.expiresAtMs <= t);
    if (due.length > 0) {
      due.forEach((r) => expire(r.id));
      return;
    }
    const next = Math.min(...records.map((r) => r.expiresAtMs));
    handle = timers.setTimeout(reschedule, Math.max(0, next - t));
  };
  return { reschedule, dispose: clear };
}
