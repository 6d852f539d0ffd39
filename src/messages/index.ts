// Other languages are separate entries (de.ts is "/locales/de"), so no host pays for a table it does not use.
import type { QuestionDockMessagesOverride } from "./en";

export { defaultMessages, type CancelReason, type DeliveryStatus, type QuestionDockMessages, type QuestionDockMessagesOverride } from "./en";
export { composerAnswer as composerAnswerEnglish, questionPage as questionPageEnglish, summary as summaryEnglish, transcript as transcriptEnglish, unsent as unsentEnglish } from "./en";
export { asyncProblems as asyncProblemsEnglish, delivery as deliveryEnglish, editAnswer as editAnswerEnglish } from "./en";
export { dockEnglish, type DockMessages, type PluralForms, type SubmitAction, type SubmitErrorParams } from "./en-dock";
export { announcementText, pluralText, safeLocale, timeLeftText } from "./format";

/** Lays a partial override over a table; a group given in part keeps the table's other entries. */
export function mergeMessages<Table extends object>(base: Table, override: QuestionDockMessagesOverride | undefined): Table {
  if (!override) return base;
  const merged: Record<string, unknown> = { ...(base as Record<string, unknown>) };
  for (const [key, value] of Object.entries(override)) {
    if (value === undefined) continue;
    const current = merged[key];
    const isGroup = typeof value === "object" && typeof current === "object" && current !== null;
    merged[key] = isGroup ? { ...current, ...value } : value;
  }
  return merged as Table;
}
