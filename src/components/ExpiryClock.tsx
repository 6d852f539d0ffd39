import { memo } from "react";
import { useExpiryCountdown } from "../hooks/use-expiry-countdown";

/** Props of `ExpiryClock`. */
export interface ExpiryClockProps {
  expiresAtMs: number;
  /** @default Date.now */
  now?: () => number;
}

/** When the last-minute warning is announced, in ms before expiry. @default 60000 */
export const EXPIRY_WARNING_MS = 60_000;

/** Spoken time left; whole hours past two hours, and a cap, so a far-off expiry never reads as a huge number. */
function minutesText(ms: number): string {
  const minutes = Math.ceil(ms / 60_000);
  if (!(minutes > 1)) return "less than a minute";
  if (minutes < 120) return `${minutes} minutes`;
  const hours = Math.floor(minutes / 60);
  return hours > 99 ? "more than 99 hours" : `about ${hours} hours`;
}

/**
 * Time left as mm:ss (h:mm:ss from an hour, capped). It is the only part of the dock that re-renders every second; the digits are hidden
 * from screen readers, which get a per-minute text and one polite warning at a minute left.
 */
export const ExpiryClock = memo(function ExpiryClock({ expiresAtMs, now }: ExpiryClockProps) {
  const { remainingMs, text, expired } = useExpiryCountdown(expiresAtMs, now);
  const warning = !expired && remainingMs <= EXPIRY_WARNING_MS;
  return (
    <span className="qd-clock" data-warning={warning || undefined} title="Time left to answer">
      <span aria-hidden="true">{text}</span>
      <span className="qd-visually-hidden">Time left: {minutesText(remainingMs)}</span>
      <span className="qd-visually-hidden" aria-live="polite">
        {warning ? "One minute left to answer." : ""}
      </span>
    </span>
  );
});
