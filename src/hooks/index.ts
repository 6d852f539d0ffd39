export { useDockStore, useDockStoreApi, type DockTheme } from "./dock-context";
export { useActiveRecord, useRequestPosition, useActiveStep } from "./use-active-request";
export { useQuestionDock, type QuestionDockState } from "./use-question-dock";
export { useQuestionStep, useStepNavigation, continueRequest, type QuestionStepState, type StepNavigationState } from "./use-question-step";
export { useOptionGroup, type OptionGroupState, type OptionItem } from "./use-option-group";
export { useOtherField, type OtherFieldState } from "./use-other-field";
export { useExpiryCountdown, formatCountdown, type ExpiryCountdown } from "./use-expiry-countdown";
export { useDockKeyboard, QUESTION_ATTR, OTHER_ATTR, type DockKeyboardOptions } from "./use-dock-keyboard";
export {
  keyboardIntent,
  keyTargetKind,
  inlineArrowDelta,
  inlineDirectionOf,
  REQUEST_NAV_ATTR,
  REOPEN_DOCK_KEYS,
  isReopenDockKey,
  type KeyIntent,
  type KeyInput,
  type KeyContext,
  type KeyTargetKind,
  type InlineDirection,
} from "./keyboard-intent";
export { useInlineDirection } from "./use-inline-direction";
export { composeEventHandlers } from "./compose-event-handlers";
export { useAutoAdvance, AUTO_ADVANCE_DELAY_MS } from "./use-auto-advance";
export { usePromptFocus, focusFirstControl, STEP_ATTR, DOCK_ATTR } from "./use-prompt-focus";
export { useDockFocus, type DockFocus } from "./use-dock-focus";
export { useMediaQuery, useResolvedLayout, STACKED_MEDIA_QUERY, type DockLayoutMode } from "./use-layout-mode";
export { isAnsweredOutcome, useOutcomes } from "./use-outcomes";
export { useTranscriptItems } from "./use-transcript-items";
export { useChatTranscript } from "./use-chat-transcript";
export { useNewestRows, type NewestRows } from "./use-newest-rows";
export { useAnnouncement } from "./use-announcement";
export { primaryAction, type PrimaryAction, type PromptMode } from "./primary-action";
export { useDelivery } from "./use-delivery";
export { useMessages, useLocale, DockMessagesContext, type DockMessagesValue } from "./use-messages";
export { useCopyText, COPIED_FOR_MS, type CopyState } from "./use-copy-text";
export { useRejections } from "./use-rejections";
export { usePermissionNotice } from "./use-permission-notice";
export { useComposerAnswer, isReopenDockCommand, REOPEN_DOCK_COMMAND, type ComposerAnswer, type ComposerAnswerOffer, type ComposerClaim } from "./use-composer-answer";
export { useQuestionPage, type QuestionPageOptions, type QuestionPageState, type QuestionPagePhase } from "./use-question-page";
// Noticing a waiting question: the title count, notifications, the collapsed bar and reopening the dock.
export { useQuestionTitle, blockingCount } from "./use-question-title";
export { useQuestionNotifications, notificationText } from "./use-question-notifications";
export { useNotificationAccess, notificationAccess, requestNotificationPermission, type NotificationAccess } from "./notification-permission";
export { useCollapsedBar, type CollapsedBarState } from "./use-collapsed-bar";
export { useReopenDock, reopenDock, useDockElementRef } from "./reopen-dock";
export { useReopenShortcut } from "./use-reopen-shortcut";
export { useRequestChanges } from "./use-request-changes";
