export { defaultMessages } from "./en";
export { deMessages } from "./de";
export { LOCALE_MESSAGES, messagesForLocale, mergeMessages } from "./locales";
export { pluralText, durationText, timeLeftText, announcementText, safeLocale } from "./format";
export type {
  QuestionDockMessages,
  QuestionDockMessagesOverride,
  PluralForms,
  SubmitAction,
  SubmitErrorParams,
  DeliveryStatus,
  CancelReason,
} from "./types";
