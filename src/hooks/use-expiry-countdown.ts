import { useEffect, useState } from "react";

/** Time left before a request expires, refreshed once a second by whichever component calls this. */
export interface ExpiryCountdown {
  remainingMs: number;
  /** Remaining time as mm:ss, rounded up so 00:00 shows only when time is up. */
  text: string;
  expired: boolean;
}

/** Formats milliseconds as mm:ss, rounding up to the whole second. */
export function formatCountdown(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const minutes = Math.floor(total / 60);
  const seconds = total % 60;
  return `${String(minutes).padStart(2, "0")}:${String(seconds).padStart(2, "0")}`;
}

/**
 * A ticking countdown to `expiresAtMs`. Only the calling component re-renders each second, so keep it
 * in a leaf (like `ExpiryClock`) to spare the rest of the dock.
 */
export function useExpiryCountdown(expiresAtMs: number, now: () => number = Date.now): ExpiryCountdown {
  const [current, setCurrent] = useState(now);
  useEffect(() => {
    let handle: ReturnType<typeof setTimeout> | undefined;
    const schedule = () => {
      const left = expiresAtMs - now();
      if (left <= 0) return;
      // Wake just after the displayed second changes, rather than drifting on a fixed interval.
      handle = setTimeout(() => {
        setCurrent(now());
        schedule();
      }, (left % 1000 || 1000) + 5);
    };
    schedule();
    return () => clearTimeout(handle);
  }, [expiresAtMs, now]);
  const remainingMs = Math.max(0, expiresAtMs - current);
  return { remainingMs, text: formatCountdown(remainingMs), expired: remainingMs <= 0 };
}
