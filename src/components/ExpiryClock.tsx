import { memo } from "react";
import { useExpiryCountdown } from "../hooks/use-expiry-countdown";
import { useLocale, useMessages } from "../hooks/use-messages";
import { timeLeftText } from "../messages";

/** When the last-minute warning is announced, in ms before expiry. */
const EXPIRY_WARNING_MS = 60_000;

/**
 * Time left as mm:ss (h:mm:ss from an hour, capped). It is the only part of the dock that re-renders every second; the digits are hidden
 * from screen readers, which get a per-minute text and one polite warning at a minute left. `now` defaults to the clock
 * of the nearest dock store, else Date.now.
 */
export const ExpiryClock = memo(function ExpiryClock({ expiresAtMs, now }: { expiresAtMs: number; now?: () => number }) {
  const { remainingMs, text, expired } = useExpiryCountdown(expiresAtMs, now);
  const warning = !expired && remainingMs <= EXPIRY_WARNING_MS;
  const m = useMessages();
  const locale = useLocale();
  return (
    <span className="qd-clock" data-warning={warning || undefined} title={m.clock.title}>
      <span aria-hidden="true">{text}</span>
      <span className="qd-visually-hidden">{timeLeftText(remainingMs, m, locale)}</span>
      <span className="qd-visually-hidden" aria-live="polite">
        {warning ? m.clock.oneMinuteLeft : ""}
      </span>
    </span>
  );
});
