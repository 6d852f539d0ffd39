import type { HiddenReason, OutcomeKind, SubmitErrorCode } from "../store/dock/state";
import type { DeliveryFailureCode, StorageFailure } from "../store/outbox/entry";

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

/** Every word the dock shows or announces, for one locale: the shape of the English table. */
// An interface (`Required` only names the table's type), so the type keeps its name wherever it is shown.
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface QuestionDockMessages extends Required<typeof english> {}

/** A partial override of a message table: any group may be given in part. */
export type QuestionDockMessagesOverride = {
  [K in keyof QuestionDockMessages]?: QuestionDockMessages[K] extends string | ((...args: never[]) => string) ? QuestionDockMessages[K] : Partial<QuestionDockMessages[K]>;
};

// A plural phrase may name any category, whatever English itself uses.
const plural = (forms: PluralForms): PluralForms => forms;

// One sentence per code; `what` names the action that failed, for the codes whose sentence starts with it.
const submitErrors: Record<SubmitErrorCode, (what: string, detail: string | undefined, action: SubmitAction) => string> = {
  unanswered: () => "Answer every question before submitting.",
  disconnected: (what) => `${what}: the connection dropped. Your draft is kept; try again.`,
  timeout: (what) => `${what}: the gateway did not reply in time. Your draft is kept; try again.`,
  "not-arrived": (_what, _detail, action) =>
    action === "answer"
      ? "Your answer did not reach the gateway before the connection dropped. Your draft is kept; try again."
      : "The skip did not reach the gateway before the connection dropped; try again.",
  "invalid-answer": (_, detail) => `The gateway refused the answer: ${detail ?? ""}`,
  forbidden: (what, detail) => `${what}: this connection may not answer questions${detail ? ` (missing ${detail})` : ""}.`,
  refused: (what, detail) => `${what}: ${detail ?? ""}`,
  "not-creator": () => "Your message was not taken as the answer: the gateway takes a chat answer only from a connection with the same permissions as the one that started the agent's run. Use the question's own controls instead; your text is kept.",
  "chat-refused": (_, detail) => detail || "The gateway did not take your message as the answer. Your text is kept.",
  "not-taken": () => "The gateway did not take your message as the answer, and the question still waits. Your text is kept; try again or use the question's controls.",
  unexpected: (what, detail) => `${what}: ${detail ?? "an unexpected error"}.`,
};

const english = {
  dockLabel: "Questions",
  review: "Review",
  // When a finished question has neither header nor text.
  untitledQuestion: "question",
  connection: { connecting: "Connecting…", reconnecting: "Reconnecting…", offline: "Offline" },
  collapse: "Collapse questions",
  collapseTitle: "Collapse (Esc)",
  expand: "Expand",
  expandLabel: "Expand questions",
  requestsWaiting: plural({ one: "{count} request waiting", other: "{count} requests waiting" }),
  unansweredQuestions: plural({ one: "{count} unanswered question", other: "{count} unanswered questions" }),
  requestNav: { group: "Pending requests", previous: "Previous request", next: "Next request", position: ({ index, count }: { index: number; count: number }) => `Request ${index} of ${count}` },
  clock: {
    title: "Time left to answer",
    // `left` is a duration spelled out by Intl, or one of the phrases below.
    timeLeft: ({ left }: { left: string }) => `Time left: ${left}`,
    lessThanMinute: "less than a minute",
    aboutHours: ({ duration }: { duration: string }) => `about ${duration}`,
    moreThanHours: ({ duration }: { duration: string }) => `more than ${duration}`,
    oneMinuteLeft: "One minute left to answer.",
  },
  step: {
    progress: ({ index, count }: { index: number; count: number }) => `Question ${index} of ${count}`,
    reviewTitle: "Review your answers",
    reviewHeading: "Check your answers",
    segment: ({ index, title, answered }: { index: number; title: string; answered: boolean }) => `Question ${index}: ${title}${answered ? ", answered" : ""}`,
    chooseAll: "Choose all that apply.",
    noAnswerYet: "No answer yet",
    // The accessible name of a review row's Edit button.
    edit: ({ question }: { question: string }) => `Edit: ${question}`,
    editButton: "Edit",
  },
  other: {
    label: "Other",
    placeholder: "Type your own answer",
    notChosen: "Not chosen",
    removedCharacter: "Removed a character that can't be sent.",
    credentialWarning:
      "This looks like a password or key. Never answer with a credential: the agent can ask for it with the secrets tool, which keeps it out of the chat. This draft is not saved.",
  },
  footer: {
    skip: "Skip",
    back: "Back",
    next: "Next",
    submit: "Submit",
    sending: "Sending…",
    skipping: "Skipping…",
    checking: ({ action }: { action: SubmitAction }): string => (action === "answer" ? "Checking whether your answer arrived…" : "Checking whether the skip arrived…"),
  },
  submitError: ({ action, code, detail }: SubmitErrorParams): string =>
    submitErrors[code](action === "answer" ? "Your answer was not sent" : "The skip was not sent", detail, action),
  opensInNewTab: " (opens in a new tab)",
  secretMask: "•••••• (hidden)",
  promptError: {
    title: "This question could not be shown.",
    questionText: "Question text",
    hint: "You can skip it, or answer it from another surface.",
  },
  outcomes: {
    answered: "Answered",
    "answered-elsewhere": "Answered elsewhere",
    "answered-in-chat": "Answered by a chat reply",
    skipped: "Skipped",
    "skipped-elsewhere": "Skipped elsewhere",
    cancelled: "Cancelled",
    ended: "Ended",
    expired: "Expired",
    unavailable: "Unavailable",
    retired: "No longer pending",
    "no-answer": "No answer",
  } satisfies Record<OutcomeKind, string>,
  summary: {
    label: ({ outcome }: { outcome: string }) => `Question, ${outcome.toLowerCase()}`,
    errorLabel: "Question, could not be shown",
    errorText: "This summary could not be shown.",
    noAnswer: "No answer",
    cancelReasons: {
      "run-abort": "The agent's run was stopped.",
      "superseded-input": "A newer message replaced the agent's turn.",
      "requester-inactive": "The agent's run ended before an answer.",
      "image-reply": "A reply with an image took the question's place.",
      "wait-timeout": "The agent stopped waiting for an answer.",
      "prompt-delivery-failed": "The question could not be delivered.",
      "tool-error": "The agent's question tool failed.",
      "registration-failed": "The gateway could not register the question.",
      "harness-error": "The agent's runtime failed while it waited.",
    } satisfies Record<CancelReason, string>,
    // A question ended by a `resolvedBy` the kit has no words for; `by` is that value, as text.
    endedBy: ({ by }: { by: string }) => `Ended: ${by}`,
    noAnswerNotes: {
      cancelled: "It was skipped or cancelled; the conversation history does not say by whom.",
      unknown: "The conversation history does not say why.",
    },
    listLabel: "Finished questions",
    showEarlier: plural({ one: "Show the earlier question", other: "Show earlier questions ({count} not shown)" }),
  },
  delivery: {
    queued: "Answer queued",
    waiting: "Waiting for reconnect",
    sending: "Sending answer",
    failed: "Answer not sent",
    unconfirmed: "Delivery unconfirmed",
    confirmed: "Answer sent",
    // Why delivery is uncertain, when the dock found it itself; the gateway's own words are shown as they are.
    doubts: {
      disconnected: "The connection dropped while sending; delivery is uncertain.",
      timeout: "The gateway did not answer in time; delivery is uncertain.",
      "history-unchecked": "The saved history could not be checked; delivery is uncertain.",
      "not-in-history": "The gateway took the answer, but the saved history does not show it yet.",
      "page-closed": "The page closed while sending; delivery is uncertain.",
    } satisfies Record<DeliveryFailureCode, string>,
    refusedForGood: "The gateway will refuse this answer as it is. Discard it to edit and send it again.",
    retry: "Retry answer",
    discard: "Discard",
    reopen: "Answer",
  },
  unsent: {
    notSent: "Your answer was not sent:",
    mayNotHaveArrived: "Your answer may not have arrived:",
    copy: "Copy answer",
    copied: "Copied",
    copyFailed: "Could not copy; select the text instead",
  },
  // Cards left open after a submit; `questions` are their headers (or `numbered`), joined by ", ".
  missingAnswers: {
    text: ({ questions }: { questions: string }) => `Still to answer: ${questions}.`,
    goTo: ({ question }: { question: string }) => `Go to ${question}`,
    numbered: ({ index }: { index: number }) => `question ${index}`,
  },
  // Editing an async answer while it waits in the outbox; `refused`: it went out before the edit was saved.
  editAnswer: {
    edit: "Edit answer",
    field: "Your answer",
    save: "Save",
    cancel: "Cancel",
    refused: "Your answer had already gone out, so it was not changed. Your edited text is still here to copy.",
  },
  announce: {
    // `label` is the outcome's, or the delivery's "queued" for an async answer only queued so far.
    outcome: ({ label, header }: { label: string; header: string }) => `${label}: ${header}`,
    newQuestion: ({ question }: { question: string }) => `New question: ${question}`,
  },
  permission: {
    // What a refusal keeps from the connection: the dock notes a refused `question.list` only.
    what: "see questions",
    missingScope: ({ what, scope }: { what: string; scope: string }) => `This connection may not ${what} (missing ${scope}).`,
    gatewaySaid: ({ what, said }: { what: string; said: string }) => `This connection may not ${what}. The gateway said: ${said}`,
    hidden: plural({ one: "A question is not shown to this connection.", other: "{count} questions are not shown to this connection." }),
    reasons: { secret: "a secret prompt", sessionless: "not tied to a conversation", admin: "not asked by an agent run of yours" } satisfies Record<HiddenReason, string>,
    why: "Why",
  },
  rejected: { count: plural({ one: "A question could not be shown.", other: "{count} questions could not be shown." }), details: "Details" },
  asyncProblems: {
    storage: {
      save: "Answers are not being saved on this device. They are still sent, but an answer not yet sent is lost if this page closes.",
      load: "Answers saved on this device could not be read. New answers are still sent, but an answer not yet sent is lost if this page closes.",
    } satisfies Record<StorageFailure["operation"], string>,
    loadFailed: ({ reason }: { reason: string }) => `The conversation history could not be loaded: ${reason}`,
    deliveryRefused: plural({ one: "Something the gateway sent could not be read.", other: "{count} things the gateway sent could not be read." }),
  },
  // The composer's question when a chat message reads as the waiting question's answer, and what it will record.
  composerAnswer: {
    answerTitle: ({ header }: { header: string }) => `Send as the answer to '${header}'?`,
    skipTitle: ({ header }: { header: string }) => `Skip '${header}' with this message?`,
    sendAsAnswer: "Send as answer",
    skipQuestion: "Skip question",
    sendAsChat: "Send as chat",
    claimTitle: ({ header }: { header: string }) => `Your message will answer '${header}':`,
    claimMissing: ({ questions }: { questions: string }) =>
      `Still without an answer: ${questions}. The gateway refuses a reply until every question has one; write one line per question, or "Header: answer".`,
    credentialWarning:
      "This looks like a password or key. Sent, it becomes the answer and stays in the chat. Never answer with a credential: the agent can ask for it with the secrets tool, which keeps it out of the chat.",
  },
  questionPage: {
    title: "Question",
    titleFor: ({ header }: { header: string }) => `Question: ${header}`,
    loading: "Loading the question…",
    refreshFailed: ({ error }: { error: string }) => `The question could not be loaded again: ${error}. What you typed is kept.`,
    retry: "Retry",
    retrying: "Retrying…",
  },
  transcript: {
    label: "Conversation",
    showEarlier: plural({ one: "Show the earlier message", other: "Show earlier messages ({count} not shown)" }),
  },
  dismiss: "Dismiss",
  // The toggle under a long option description that is cut to a few lines.
  description: { showMore: "Show more", showLess: "Show less" },
  // Noticing a waiting question: the page title, a notification, the collapsed bar and the reopen shortcut.
  attention: {
    titleCount: ({ count, title }: { count: number; title: string }) => `(${count}) ❓ ${title}`,
    notificationTitle: "A question is waiting",
    secretQuestion: "The agent asks for a secret. Open the page to answer it.",
    openToAnswer: "Open the page to answer it.",
    newMark: "New",
    // The keys themselves are `REOPEN_DOCK_KEYS`.
    reopenShortcut: "Alt+Shift+Q opens the questions from anywhere on the page",
  },
};

/** The dock's English words: the default table, and the one every other locale must match key for key. */
export const defaultMessages: QuestionDockMessages = english;
