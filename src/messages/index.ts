// Other languages are separate entries (src/messages/de.ts is "/locales/de"), so no host pays for a table it does not use.
export { defaultMessages, type CancelReason, type DeliveryStatus, type PluralForms, type QuestionDockMessages, type QuestionDockMessagesOverride, type SubmitAction, type SubmitErrorParams } from "./en";
export { mergeMessages } from "./merge-messages";
export { announcementText, pluralText, safeLocale, timeLeftText } from "./format";
