export { defaultMessages } from "./en";
// Other languages are separate entries (src/messages/de.ts is "/locales/de"), so no host pays for a table it does not use.
export { mergeMessages } from "./merge-messages";
export { pluralText, durationText, timeLeftText, announcementText, safeLocale } from "./format";
export type {
  QuestionDockMessages,
  QuestionDockMessagesOverride,
  PluralForms,
  SubmitAction,
  SubmitErrorParams,
  DeliveryStatus,
  CancelReason,
} from "./message-table";
