import { memo } from "react";
import { useExpiryCountdown } from "../hooks/use-expiry-countdown";
import { useWords } from "../hooks/use-messages";
import { timeLeftText } from "../messages";

/** Time left as mm:ss, the dock's only per-second render; screen readers get a per-minute text and one warning. */
export const ExpiryClock = /* @__PURE__ */ memo(function ExpiryClock({ expiresAtMs, now }: { expiresAtMs: number; now?: () => number }) {
  const { remainingMs, text, expired } = useExpiryCountdown(expiresAtMs, now);
  const warning = !expired && remainingMs <= 60_000;
  const { messages: m, locale } = useWords();
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
