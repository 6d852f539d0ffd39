import type { HiddenReason, OutcomeKind, SubmitErrorCode } from "../store/dock/state";

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

/** The dock's own words in English; en.ts adds the other views' words, which a host ships only with those views. */
// A plural phrase is typed `PluralForms`, so a locale may name any category, whatever English itself uses.
export const dockEnglish = {
  dockLabel: "Questions",
  review: "Review",
  // When a finished question has neither header nor text.
  untitledQuestion: "question",
  connection: { connecting: "Connecting…", reconnecting: "Reconnecting…", offline: "Offline" },
  collapse: "Collapse questions",
  collapseTitle: "Collapse (Esc)",
  expand: "Expand",
  expandLabel: "Expand questions",
  requestsWaiting: { one: "{count} request waiting", other: "{count} requests waiting" } as PluralForms,
  unansweredQuestions: { one: "{count} unanswered question", other: "{count} unanswered questions" } as PluralForms,
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
  // Only the word an announcement needs; en.ts repeats it in the whole group, as the two tables join group by group.
  delivery: { queued: "Answer queued" },
  // Cards left open after a submit; `questions` are their headers (or `numbered`), joined by ", ".
  missingAnswers: {
    text: ({ questions }: { questions: string }) => `Still to answer: ${questions}.`,
    goTo: ({ question }: { question: string }) => `Go to ${question}`,
    numbered: ({ index }: { index: number }) => `question ${index}`,
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
    hidden: { one: "A question is not shown to this connection.", other: "{count} questions are not shown to this connection." } as PluralForms,
    reasons: { secret: "a secret prompt", sessionless: "not tied to a conversation", admin: "not asked by an agent run of yours" } satisfies Record<HiddenReason, string>,
    why: "Why",
  },
  rejected: { count: { one: "A question could not be shown.", other: "{count} questions could not be shown." } as PluralForms, details: "Details" },
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

/** The shape of the dock's own words. */
export type DockMessages = typeof dockEnglish;
