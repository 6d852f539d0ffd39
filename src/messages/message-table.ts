import type { DeliveryFailureCode, StorageFailure } from "../store/outbox/entry";
import type { HiddenReason } from "../store/effects/permissions";
import type { OutcomeKind, SubmitErrorCode } from "../store/dock/state";

/** Which of a person's own actions a sentence is about. */
export type SubmitAction = "answer" | "skip";

/** One phrase per plural category of the locale (Intl.PluralRules); `{count}` is replaced by the formatted number. */
export type PluralForms = Partial<Record<Intl.LDMLPluralRule, string>> & { other: string };

/** A failed submit or skip, as the store reports it. */
export interface SubmitErrorParams {
  action: SubmitAction;
  code: SubmitErrorCode;
  detail?: string;
}

/** States of an async answer's delivery, as its summary names them. */
export type DeliveryStatus = "queued" | "waiting" | "sending" | "failed" | "unconfirmed" | "confirmed";

/** Causes of an agent-side cancel the gateway names in `resolvedBy`. */
export type CancelReason = "run-abort" | "superseded-input" | "requester-inactive" | "image-reply" | "wait-timeout" | "prompt-delivery-failed" | "tool-error" | "registration-failed" | "harness-error";

/** Every word the dock shows or announces, for one locale. */
export interface QuestionDockMessages {
  /** Accessible name of the dock region. */
  dockLabel: string;
  /** The step chip when the review step shows. */
  review: string;
  /** Used when a finished question has neither header nor text. */
  untitledQuestion: string;
  connection: { connecting: string; reconnecting: string; offline: string };
  collapse: string;
  collapseTitle: string;
  expand: string;
  expandLabel: string;
  requestsWaiting: PluralForms;
  unansweredQuestions: PluralForms;
  requestNav: { group: string; previous: string; next: string; position: (p: { index: number; count: number }) => string };
  clock: {
    title: string;
    /** `left` is a spelled-out duration, or one of the phrases below. */
    timeLeft: (p: { left: string }) => string;
    lessThanMinute: string;
    /** `duration` is a whole number of hours, spelled out by Intl. */
    aboutHours: (p: { duration: string }) => string;
    moreThanHours: (p: { duration: string }) => string;
    oneMinuteLeft: string;
  };
  step: {
    progress: (p: { index: number; count: number }) => string;
    reviewTitle: string;
    reviewHeading: string;
    segment: (p: { index: number; title: string; answered: boolean }) => string;
    chooseAll: string;
    noAnswerYet: string;
    /** Accessible name of a review row's Edit button. */
    edit: (p: { question: string }) => string;
    editButton: string;
  };
  other: {
    label: string;
    placeholder: string;
    notChosen: string;
    removedCharacter: string;
    credentialWarning: string;
  };
  footer: {
    skip: string;
    back: string;
    next: string;
    submit: string;
    sending: string;
    skipping: string;
    checking: (p: { action: SubmitAction }) => string;
  };
  submitError: (p: SubmitErrorParams) => string;
  opensInNewTab: string;
  /** What a masked secret answer reads as. */
  secretMask: string;
  promptError: { title: string; questionText: string; hint: string };
  /** One label per outcome, used by the summary and by the announcement alike. */
  outcomes: Record<OutcomeKind, string>;
  summary: {
    /** Accessible name of a summary, from its outcome label. */
    label: (p: { outcome: string }) => string;
    errorLabel: string;
    errorText: string;
    noAnswer: string;
    cancelReasons: Record<CancelReason, string>;
    /** The status line of a question ended by a `resolvedBy` the kit has no words for; `by` is that value, as text. */
    endedBy: (p: { by: string }) => string;
    noAnswerNotes: { cancelled: string; unknown: string };
    /** Accessible name of the list of summaries. */
    listLabel: string;
    /** The button before a long list's newest summaries; `{count}` is how many earlier ones are not shown. */
    showEarlier: PluralForms;
  };
  delivery: Record<DeliveryStatus, string> & {
    /** Why delivery is uncertain, when the dock found it itself; the gateway's own words are shown as they are. */
    doubts: Record<DeliveryFailureCode, string>;
    refusedForGood: string;
    retry: string;
    discard: string;
    reopen: string;
  };
  unsent: { notSent: string; mayNotHaveArrived: string; copy: string; copied: string; copyFailed: string };
  /** Stacked cards after a submit with questions still open: which ones, and the way to the first. */
  missingAnswers: {
    /** `questions`: the open questions' headers (or `numbered`), joined by ", ". */
    text: (p: { questions: string }) => string;
    /** The button that moves focus to the first open question. */
    goTo: (p: { question: string }) => string;
    /** A question without a header, by its 1-based place. */
    numbered: (p: { index: number }) => string;
  };
  /** Editing an async answer while it waits in the outbox, never sent. */
  editAnswer: {
    edit: string;
    /** The label of the text field holding the answer as it will be sent. */
    field: string;
    save: string;
    cancel: string;
    /** The answer went out before the edit was saved: the gateway has the old text, the edit stays to copy. */
    refused: string;
  };
  announce: {
    /** `label` is the outcome's label, or the delivery's "queued" for an async answer only queued so far. */
    outcome: (p: { label: string; header: string }) => string;
    newQuestion: (p: { question: string }) => string;
  };
  permission: {
    what: Record<"question.list" | "question.get" | "question.resolve" | "chat.history" | "chat.send", string>;
    useMethod: (p: { method: string }) => string;
    missingScope: (p: { what: string; scope: string }) => string;
    gatewaySaid: (p: { what: string; said: string }) => string;
    hidden: PluralForms;
    reasons: Record<HiddenReason, string>;
    why: string;
  };
  rejected: { count: PluralForms; details: string };
  /** Problems behind async questions, shown near the dock. */
  asyncProblems: {
    /** Answers could not be saved on this device, or the saved ones could not be read back: they live in this page only. */
    storage: Record<StorageFailure["operation"], string>;
    /** The conversation history could not be loaded; `reason` is the gateway's or the client's own words. */
    loadFailed: (p: { reason: string }) => string;
    /** Items the gateway sent could not be read; `{count}` is how many. */
    deliveryRefused: PluralForms;
  };
  /** The composer's question when a chat message reads as the waiting question's answer. */
  composerAnswer: {
    answerTitle: (p: { header: string }) => string;
    skipTitle: (p: { header: string }) => string;
    sendAsAnswer: string;
    skipQuestion: string;
    sendAsChat: string;
    /** Above what an agent run's waiting question will record when the typed message is sent. */
    claimTitle: (p: { header: string }) => string;
    /** The questions a reply leaves without an answer, joined by ", ". */
    claimMissing: (p: { questions: string }) => string;
    /** Shown when the typed message looks like a password or key. */
    credentialWarning: string;
  };
  /** The standalone page of one question (a question link). */
  questionPage: {
    /** The page's heading before the question is read. */
    title: string;
    /** The page's heading once the question's header is known. */
    titleFor: (p: { header: string }) => string;
    loading: string;
    /** The question could not be read again after a reconnect; `error` is in the gateway's or the client's words. */
    refreshFailed: (p: { error: string }) => string;
    retry: string;
    retrying: string;
  };
  /** `QuestionTranscript`: a conversation's messages with the question summaries at their turns. */
  transcript: {
    /** Accessible name of the transcript's list. */
    label: string;
    /** The button before the newest rows of a long transcript; `{count}` rows are not shown. */
    showEarlier: PluralForms;
  };
  dismiss: string;
  /** The toggle under a long option description that is cut to a few lines. */
  description: { showMore: string; showLess: string };
  /** Noticing a waiting question: the page title, a notification, the collapsed bar and the reopen shortcut. */
  attention: {
    /** The page title while blocking questions wait; `title` is the page's own. */
    titleCount: (p: { count: number; title: string }) => string;
    /** A notification's title. */
    notificationTitle: string;
    /** A notification's body when a question is secret: its text never leaves the page. */
    secretQuestion: string;
    /** A notification's body when the question has no text. */
    openToAnswer: string;
    /** The visible mark of a question that arrived while the dock was collapsed. */
    newMark: string;
    /** The reopen shortcut, in words, beside Expand; the keys themselves are `REOPEN_DOCK_KEYS`. */
    reopenShortcut: string;
  };
}

/** A partial override of a message table: any group may be given in part. */
export type QuestionDockMessagesOverride = {
  [K in keyof QuestionDockMessages]?: QuestionDockMessages[K] extends string | ((...args: never[]) => string) ? QuestionDockMessages[K] : Partial<QuestionDockMessages[K]>;
};
