// The library entry: what a host needs to put the question dock into a Control UI, named one by one so that
// every change to the surface shows in review (docs/api/question-dock.api.md). Protocol helpers live at
// "@openclaw-kit/question-dock/protocol" and the simulated gateway at ".../simulated"; the rest is private.

// Provider and views.
export { QuestionDockProvider, type QuestionDockProviderProps } from "./components/DockProvider";
export { QuestionDock, type QuestionDockProps } from "./components/QuestionDock";
export { DockLayout, type DockLayoutProps } from "./components/DockLayout";
export { QuestionSummary, type QuestionSummaryProps } from "./components/QuestionSummary";
export { QuestionSummaryList, SUMMARY_PAGE_SIZE, type QuestionSummaryListProps } from "./components/QuestionSummaryList";
export { ComposerAnswerPrompt, type ComposerAnswerPromptProps } from "./components/ComposerAnswerPrompt";
export { ComposerClaimHint, type ComposerClaimHintProps } from "./components/ComposerClaimHint";
export { QuestionPage, type QuestionPageProps } from "./components/QuestionPage";

// The gateway client, its transport and device key stores.
export { createGatewayClient, type GatewayClient, type GatewayClientOptions } from "./gateway/client";
export { createWebSocketTransport, type WebSocketTransportOptions } from "./gateway/websocket-transport";
export type { TransportFactory } from "./gateway/transport";
export { createIndexedDbKeyStore, createMemoryKeyStore, type IndexedDbKeyStoreOptions } from "./gateway/key-stores";
export type { KeyStore } from "./gateway/device-identity";
export { GatewayRequestError, type ConnectionState } from "./gateway/types";
export { systemClock, type Clock } from "./gateway/clock";

// The dock's store and the services it shares with other docks of the same conversation.
export { createQuestionDockStore, type DockStoreOptions } from "./store/create-dock-store";
export { createConversationServices, type AsyncQuestionServices, type ConversationServices, type ConversationServicesOptions } from "./store/conversation-services";
export { createIndexedDbBlockingDraftStorage, createMemoryBlockingDraftStorage, type BlockingDraftStorage } from "./store/blocking-draft-storage";
export type { ChatReplyResult, DockActions, DockState, DockStore, Outcome, OutcomeKind, SubmitErrorCode } from "./store/types";
export type { IdMap } from "./store/id-map";

// Headless hooks: everything a view of one's own markup needs.
export { useDockStore } from "./hooks/dock-context";
export { useQuestionDock, type QuestionDockState } from "./hooks/use-question-dock";
export { useQuestionStep, useStepNavigation, type QuestionStepState, type StepNavigationState } from "./hooks/use-question-step";
export { useOptionGroup, type OptionGroupState, type OptionItem } from "./hooks/use-option-group";
export { useOtherField, type OtherFieldState } from "./hooks/use-other-field";
export { useExpiryCountdown, type ExpiryCountdown } from "./hooks/use-expiry-countdown";
export { useDockKeyboard, type DockKeyboardOptions } from "./hooks/use-dock-keyboard";
export { isAnsweredOutcome, useOutcomes } from "./hooks/use-outcomes";
export { useDelivery } from "./hooks/use-delivery";
export { useComposerAnswer, type ComposerAnswer, type ComposerAnswerOffer, type ComposerClaim } from "./hooks/use-composer-answer";
export { useMessages } from "./hooks/use-messages";
export { useQuestionPage, type QuestionPageOptions, type QuestionPagePhase, type QuestionPageState } from "./hooks/use-question-page";

// Words: the English and German tables; a host passes its own through the provider's `messages`.
export { defaultMessages, deMessages, mergeMessages } from "./messages";
export type { QuestionDockMessages, QuestionDockMessagesOverride } from "./messages";

// The record a question arrives as (its validators are in the protocol entry).
export type { QuestionRecord } from "./protocol/question-record";
