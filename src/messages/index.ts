// Other languages are separate entries (de.ts is "/locales/de"), so no host pays for a table it does not use.
import type { QuestionDockMessages, QuestionDockMessagesOverride } from "./en";

export { defaultMessages, type CancelReason, type DeliveryStatus, type PluralForms, type QuestionDockMessages, type QuestionDockMessagesOverride, type SubmitAction, type SubmitErrorParams } from "./en";
export { announcementText, pluralText, safeLocale, timeLeftText } from "./format";

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
