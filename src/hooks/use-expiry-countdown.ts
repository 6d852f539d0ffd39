import { useContext, useEffect, useState } from "react";
import { storeParts } from "../store/opt-in/attach";
import { DockStoreContext } from "./dock-context";

/** Time left before a request expires, refreshed once a second by whichever component calls this. */
export interface ExpiryCountdown {
  /** Never negative and never NaN: an unreadable expiry counts as already over. */
  remainingMs: number;
  /** Remaining time as mm:ss (h:mm:ss from an hour, "99+ h" past that), rounded up so 00:00 shows only when time is up. */
  text: string;
  expired: boolean;
}

const two = (n: number) => String(n).padStart(2, "0");

// Milliseconds left, made safe to show: NaN and negatives become 0, Infinity stays (the formatter caps it).
const safeRemainingMs = (ms: number) => (Number.isNaN(ms) || ms < 0 ? 0 : ms);

/** Formats ms as mm:ss or h:mm:ss, rounded up; "99+ h" past 99:59:59, so never exponent digits. */
export function formatCountdown(ms: number): string {
  const total = Math.ceil(safeRemainingMs(ms) / 1000);
  if (total >= 100 * 3600) return "99+ h";
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  return hours > 0 ? `${hours}:${two(minutes)}:${two(seconds)}` : `${two(minutes)}:${two(seconds)}`;
}

/** A countdown to `expiresAtMs` on the store's clock; only its caller re-renders each second: call it in a leaf. */
export function useExpiryCountdown(expiresAtMs: number, given?: () => number): ExpiryCountdown {
  const store = useContext(DockStoreContext);
  const now = given ?? (store && storeParts.get(store)?.now) ?? Date.now;
  const [current, setCurrent] = useState(now);
  useEffect(() => {
    let handle: ReturnType<typeof setTimeout> | undefined;
    const schedule = () => {
      const left = expiresAtMs - now();
      // NaN never compares true, so an unreadable expiry schedules nothing rather than ticking forever.
      if (!(left > 0)) return;
      // Wake just after the displayed second changes, rather than drifting on a fixed interval.
      handle = setTimeout(() => {
        setCurrent(now());
        schedule();
      }, (left % 1000 || 1000) + 5);
    };
    schedule();
    return () => clearTimeout(handle);
  }, [expiresAtMs, now]);
  const remainingMs = safeRemainingMs(expiresAtMs - current);
  return { remainingMs, text: formatCountdown(remainingMs), expired: remainingMs <= 0 };
}
