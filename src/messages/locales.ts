import { deMessages } from "./de";
import { defaultMessages } from "./en";
import type { QuestionDockMessages, QuestionDockMessagesOverride } from "./types";

/** The shipped tables by language subtag; any other language gets English. */
export const LOCALE_MESSAGES: Readonly<Record<string, QuestionDockMessages>> = { en: defaultMessages, de: deMessages };

/** The shipped table for a BCP 47 locale, by its language ("de-AT" reads German). */
export function messagesForLocale(locale: string): QuestionDockMessages {
  const language = locale.split("-")[0]?.toLowerCase() ?? "en";
  return Object.hasOwn(LOCALE_MESSAGES, language) ? LOCALE_MESSAGES[language]! : defaultMessages;
}

/** Lays a partial override over a table; a group given in part keeps the table's other entries. */
export function mergeMessages(base: QuestionDockMessages, override: QuestionDockMessagesOverride | undefined): QuestionDockMessages {
  if (!override) return base;
  const merged: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(override)) {
    if (value === undefined) continue;
    const current = merged[key];
    const isGroup = typeof value === "object" && typeof current === "object" && current !== null;
    merged[key] = isGroup ? { ...current, ...value } : value;
  }
  return merged as unknown as QuestionDockMessages;
}
