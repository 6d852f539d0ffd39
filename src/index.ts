// Named one by one so each surface change shows in docs/api/question-dock.api.md; see also /protocol, /simulated.

// Provider and views.
export { QuestionDockProvider, type QuestionDockProviderProps } from "./components/DockProvider";
export { QuestionDock, type QuestionDockProps } from "./components/QuestionDock";
// The dock's parts, also as `QuestionDock.Root`, `QuestionDock.Header` and so on.
export { DockRoot as QuestionDockRoot, useDockParts, type DockPartsValue, type QuestionDockRootProps } from "./components/DockRoot";
export type { ViewProps } from "./components/view-props";
export {
  DockHeader as QuestionDockHeader,
  StepProgress as QuestionDockProgress,
  Panel as QuestionDockPanel,
  ReviewStep as QuestionDockReview,
  Missing as QuestionDockMissing,
  PromptFooter as QuestionDockFooter,
  CollapsedBar as QuestionDockCollapsedBar,
  type PanelProps as QuestionDockPanelProps,
} from "./components/DockParts";
export { Questions as QuestionDockQuestions, QuestionText as QuestionDockPrompt, Options as QuestionDockOptions, Other as QuestionDockOther } from "./components/QuestionParts";
export { DockLayout, type DockLayoutProps } from "./components/DockLayout";
export { QuestionSummary, type QuestionSummaryProps } from "./components/QuestionSummary";
export { QuestionSummaryList, SUMMARY_PAGE_SIZE, type QuestionSummaryListProps } from "./components/QuestionSummaryList";
export { QuestionTranscript, type QuestionTranscriptProps } from "./components/QuestionTranscript";
export { ComposerAnswerPrompt, ComposerClaimHint, type ComposerAnswerPromptProps, type ComposerClaimHintProps } from "./components/ComposerAnswer";
export { QuestionPage, type QuestionPageProps } from "./components/QuestionPage";

// The gateway client, its transport and device key stores.
export { createGatewayClient } from "./gateway/client";
export { createWebSocketTransport, type WebSocketConstructor, type WebSocketLike, type WebSocketTransportOptions } from "./gateway/websocket-transport";
export type { Transport, TransportFactory, TransportHandlers } from "./gateway/transport";
export { createIndexedDbKeyStore, createMemoryKeyStore, type IndexedDbKeyStoreOptions, type KeyStore, type StoredKeyPair } from "./gateway/device-identity";
export { GatewayRequestError, type BackoffOptions, type ConnectedInfo, type ConnectionIdentity, type ConnectionInfo, type ConnectionState, type GatewayClient, type GatewayClientOptions, type GatewayConnection, type ProtocolErrorInfo } from "./gateway/connection";
export { systemClock, type Clock } from "./gateway/clock";

// One store per conversation: its pending questions, drafts, outcomes and, with async questions, its outbox.
export { createQuestionDockStore } from "./store/create-store";
// Opt-in parts: a host pays for one only when it imports the factory that makes it.
export { asyncQuestionsFeature } from "./features/async-questions";
export { blockingDraftsFeature, chatHistoryFeature, type ChatHistoryOptions } from "./store/opt-in/factories";
export { chatRepliesFeature } from "./store/opt-in/chat-replies";
export type { AsyncQuestionsFeature, AsyncQuestionsOptions, BlockingDraftServices, BlockingDraftsFeature, ChatHistoryFeature, ChatRepliesFeature, DockStoreOptions } from "./store/context";
export { createIndexedDbStorage, createMemoryStorage, type DockStorage, type IndexedDbStorageOptions } from "./store/keep/storage";
export { createPaneBus } from "./store/keep/storage";
export type { SavedAnswer, SavedDraft } from "./store/outbox/entry";
export type { Announcement, AsyncOrigin, AsyncProblems, ChatReplyResult, ChatState, DockActions, DockRejection, DockSnapshot, DockState, Outcome, OutcomeKind, QuestionDraft, QuestionDockStore, RequestChange, RequestView, Submission, SubmitErrorCode } from "./store/dock/state";
export type { HiddenQuestion, HiddenReason, PermissionNotice, PermissionState } from "./store/dock/state";
export { placeQuestionSummaries, type TranscriptItem, type TranscriptMessage } from "./store/dock/transcript-placement";
export { chatTranscriptOf, type ChatTranscriptMessage } from "./store/conversation/chat-transcript";

// The conversation and outbox parts of the state, as views and a host's storage read them.
export type { AsyncQuestionEntry, AsyncQuestionStatus, ConversationProblem } from "./store/conversation/question-entry";
export type { DeliveryFailureCode, DeliveryState, OutboxEntry, PaneBus, PaneMessage, StorageFailure } from "./store/outbox/entry";

// Headless hooks: everything a view of one's own markup needs, with the props to spread on its elements.
export { useDockStore, type DockTheme } from "./hooks/dock-context";
export { useDockRoot, type DockControlOptions, type DockRoot, type DockRootOptions, type DockRootProps, type DockPhase } from "./hooks/use-dock-root";
export { useRequestNav, type RequestArrowProps, type RequestNav } from "./hooks/use-request-nav";
export { useCollapsedBar, type CollapsedBarState } from "./hooks/use-collapsed-bar";
export { useFooterButtons, type FooterButtonProps, type FooterButtons } from "./hooks/use-question-step";
export { useQuestionStep, useStepNavigation, type PrimaryAction, type QuestionStepState, type StepNavigationState } from "./hooks/use-question-step";
export type { DockLayoutMode, PromptMode } from "./hooks/use-layout-mode";
export { useOptionGroup, type OptionGroupState, type OptionInputProps, type OptionItem } from "./hooks/use-option-group";
export { useOtherField, type OtherFieldState, type OtherInputProps } from "./hooks/use-other-field";
export { useExpiryCountdown, type ExpiryCountdown } from "./hooks/use-expiry-countdown";
export { isAnsweredOutcome, useChatTranscript, useOutcomes, useTranscriptItems } from "./hooks/use-outcomes";
export { useNewestRows, type NewestRows } from "./hooks/use-newest-rows";
export { useDelivery } from "./hooks/use-delivery";
export { useComposerAnswer, type ComposerAnswer, type ComposerAnswerOffer, type ComposerClaim } from "./hooks/use-composer-answer";
export { useMessages } from "./hooks/use-messages";
// Attention and announcements, for a dock of one's own markup (QuestionDock runs them itself).
export { useAnnouncement } from "./hooks/use-messages";
export { requestNotificationPermission, useQuestionNotifications, useQuestionTitle, useReopenShortcut, type NotificationAccess } from "./hooks/use-attention";
export { useQuestionPage, type QuestionPageData, type QuestionPageOptions, type QuestionPagePhase, type QuestionPageState } from "./hooks/use-question-page";

// Words; German is "@openclaw-kit/question-dock/locales/de", passed as the provider's `messages`.
export { defaultMessages, mergeMessages } from "./messages";
export type { CancelReason, DeliveryStatus, PluralForms, QuestionDockMessages, QuestionDockMessagesOverride, SubmitAction, SubmitErrorParams } from "./messages";

// The record a question arrives as (its validators are in the protocol entry).
export type { QuestionRecord } from "./protocol/question-record";
