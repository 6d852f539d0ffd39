import { plainTextOf } from "../protocol/markdown";
import type { Announcement } from "../store/dock/state";
import type { DockMessages, PluralForms } from "./en-dock";

/** A BCP 47 tag Intl accepts; an invalid one falls back to "en" instead of throwing while rendering. */
export function safeLocale(locale: string | undefined): string {
  try {
    return Intl.getCanonicalLocales(locale ?? "en")[0] ?? "en";
  } catch {
    return "en";
  }
}

// Intl formatters, made once per locale and kind: making one took most of a new question's render of its clock.
const formatters = new Map<string, unknown>();
function formatter<F>(key: string, make: () => F): F {
  if (!formatters.has(key)) formatters.set(key, make());
  return formatters.get(key) as F;
}

/** Picks the locale's plural form for `count` and writes the number in the locale's digits. */
export function pluralText(forms: PluralForms, count: number, locale: string): string {
  const form = forms[formatter(`${locale} plural`, () => new Intl.PluralRules(locale)).select(count)] ?? forms.other;
  return form.replace("{count}", formatter(`${locale} number`, () => new Intl.NumberFormat(locale)).format(count));
}

// Minutes or hours spelled out; Intl.DurationFormat writes a single unit exactly so, and not every runtime has it.
function durationText(amount: number, unit: "minute" | "hour", locale: string): string {
  return formatter(`${locale} ${unit}`, () => new Intl.NumberFormat(locale, { style: "unit", unit, unitDisplay: "long" })).format(amount);
}

/** Spoken time left: minutes below two hours, then hours, capped so a far-off expiry never reads as a huge number. */
export function timeLeftText(ms: number, messages: DockMessages, locale: string): string {
  const minutes = Math.ceil(ms / 60_000);
  const { clock } = messages;
  if (!(minutes > 1)) return clock.timeLeft({ left: clock.lessThanMinute });
  if (minutes < 120) return clock.timeLeft({ left: durationText(minutes, "minute", locale) });
  const hours = Math.floor(minutes / 60);
  const left = hours > 99 ? clock.moreThanHours({ duration: durationText(99, "hour", locale) }) : clock.aboutHours({ duration: durationText(hours, "hour", locale) });
  return clock.timeLeft({ left });
}

/** The words of one store announcement; empty before the first. */
export function announcementText(announcement: Announcement, messages: DockMessages): string {
  switch (announcement.key) {
    case "none":
      return "";
    case "outcome":
      return messages.announce.outcome({
        label: announcement.queued ? messages.delivery.queued : messages.outcomes[announcement.kind],
        header: announcement.header || messages.untitledQuestion,
      });
    case "newQuestion":
      // Read aloud: the words, not the markup the dock renders.
      return messages.announce.newQuestion({ question: plainTextOf(announcement.question) });
    case "uncertain":
      return messages.footer.checking({ action: announcement.action });
    case "submitFailed":
      return messages.submitError(announcement);
  }
}
