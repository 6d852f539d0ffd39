import type { QuestionDockMessages, SubmitErrorParams } from "./message-table";

function submitError({ action, code, detail }: SubmitErrorParams): string {
  const what = action === "answer" ? "Your answer was not sent" : "The skip was not sent";
  switch (code) {
    case "unanswered":
      return "Answer every question before submitting.";
    case "disconnected":
      return `${what}: the connection dropped. Your draft is kept; try again.`;
    case "timeout":
      return `${what}: the gateway did not reply in time. Your draft is kept; try again.`;
    case "not-arrived":
      return action === "answer"
        ? "Your answer did not reach the gateway before the connection dropped. Your draft is kept; try again."
        : "The skip did not reach the gateway before the connection dropped; try again.";
    case "invalid-answer":
      return `The gateway refused the answer: ${detail ?? ""}`;
    case "forbidden":
      return `${what}: this connection may not answer questions${detail ? ` (missing ${detail})` : ""}.`;
    case "refused":
      return `${what}: ${detail ?? ""}`;
    case "not-creator":
      return "Your message was not taken as the answer: the gateway takes a chat answer only from a connection with the same permissions as the one that started the agent's run. Use the question's own controls instead; your text is kept.";
    case "chat-refused":
      return detail || "The gateway did not take your message as the answer. Your text is kept.";
    case "not-taken":
      return "The gateway did not take your message as the answer, and the question still waits. Your text is kept; try again or use the question's controls.";
    case "unexpected":
      return `${what}: ${detail ?? "an unexpected error"}.`;
  }
}

/** The dock's English words: the default table, and the one every other locale must match key for key. */
export const defaultMessages: QuestionDockMessages = {
  dockLabel: "Questions",
  review: "Review",
  untitledQuestion: "question",
  connection: { connecting: "Connecting…", reconnecting: "Reconnecting…", offline: "Offline" },
  collapse: "Collapse questions",
  collapseTitle: "Collapse (Esc)",
  expand: "Expand",
  expandLabel: "Expand questions",
  requestsWaiting: { one: "{count} request waiting", other: "{count} requests waiting" },
  unansweredQuestions: { one: "{count} unanswered question", other: "{count} unanswered questions" },
  requestNav: { group: "Pending requests", previous: "Previous request", next: "Next request", position: ({ index, count }) => `Request ${index} of ${count}` },
  clock: {
    title: "Time left to answer",
    timeLeft: ({ left }) => `Time left: ${left}`,
    lessThanMinute: "less than a minute",
    aboutHours: ({ duration }) => `about ${duration}`,
    moreThanHours: ({ duration }) => `more than ${duration}`,
    oneMinuteLeft: "One minute left to answer.",
  },
  step: {
    progress: ({ index, count }) => `Question ${index} of ${count}`,
    reviewTitle: "Review your answers",
    reviewHeading: "Check your answers",
    segment: ({ index, title, answered }) => `Question ${index}: ${title}${answered ? ", answered" : ""}`,
    chooseAll: "Choose all that apply.",
    noAnswerYet: "No answer yet",
    edit: ({ question }) => `Edit: ${question}`,
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
    checking: ({ action }) => (action === "answer" ? "Checking whether your answer arrived…" : "Checking whether the skip arrived…"),
  },
  submitError,
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
  },
  summary: {
    label: ({ outcome }) => `Question, ${outcome.toLowerCase()}`,
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
    },
    endedBy: ({ by }) => `Ended: ${by}`,
    noAnswerNotes: {
      cancelled: "It was skipped or cancelled; the conversation history does not say by whom.",
      unknown: "The conversation history does not say why.",
    },
    listLabel: "Finished questions",
    showEarlier: { one: "Show the earlier question", other: "Show earlier questions ({count} not shown)" },
  },
  delivery: {
    queued: "Answer queued",
    waiting: "Waiting for reconnect",
    sending: "Sending answer",
    failed: "Answer not sent",
    unconfirmed: "Delivery unconfirmed",
    confirmed: "Answer sent",
    doubts: {
      disconnected: "The connection dropped while sending; delivery is uncertain.",
      timeout: "The gateway did not answer in time; delivery is uncertain.",
      "history-unchecked": "The saved history could not be checked; delivery is uncertain.",
      "not-in-history": "The gateway took the answer, but the saved history does not show it yet.",
      "page-closed": "The page closed while sending; delivery is uncertain.",
    },
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
  missingAnswers: {
    text: ({ questions }) => `Still to answer: ${questions}.`,
    goTo: ({ question }) => `Go to ${question}`,
    numbered: ({ index }) => `question ${index}`,
  },
  editAnswer: {
    edit: "Edit answer",
    field: "Your answer",
    save: "Save",
    cancel: "Cancel",
    refused: "Your answer had already gone out, so it was not changed. Your edited text is still here to copy.",
  },
  announce: {
    outcome: ({ label, header }) => `${label}: ${header}`,
    newQuestion: ({ question }) => `New question: ${question}`,
  },
  permission: {
    what: {
      "question.list": "see questions",
      "question.get": "see questions",
      "question.resolve": "answer questions",
      "chat.history": "read this conversation",
      "chat.send": "send messages",
    },
    useMethod: ({ method }) => `use ${method}`,
    missingScope: ({ what, scope }) => `This connection may not ${what} (missing ${scope}).`,
    gatewaySaid: ({ what, said }) => `This connection may not ${what}. The gateway said: ${said}`,
    hidden: { one: "A question is not shown to this connection.", other: "{count} questions are not shown to this connection." },
    reasons: { secret: "a secret prompt", sessionless: "not tied to a conversation", admin: "not asked by an agent run of yours" },
    why: "Why",
  },
  rejected: { count: { one: "A question could not be shown.", other: "{count} questions could not be shown." }, details: "Details" },
  asyncProblems: {
    storage: {
      save: "Answers are not being saved on this device. They are still sent, but an answer not yet sent is lost if this page closes.",
      load: "Answers saved on this device could not be read. New answers are still sent, but an answer not yet sent is lost if this page closes.",
    },
    loadFailed: ({ reason }) => `The conversation history could not be loaded: ${reason}`,
    deliveryRefused: { one: "Something the gateway sent could not be read.", other: "{count} things the gateway sent could not be read." },
  },
  composerAnswer: {
    answerTitle: ({ header }) => `Send as the answer to '${header}'?`,
    skipTitle: ({ header }) => `Skip '${header}' with this message?`,
    sendAsAnswer: "Send as answer",
    skipQuestion: "Skip question",
    sendAsChat: "Send as chat",
    claimTitle: ({ header }) => `Your message will answer '${header}':`,
    claimMissing: ({ questions }) =>
      `Still without an answer: ${questions}. The gateway refuses a reply until every question has one; write one line per question, or "Header: answer".`,
    credentialWarning:
      "This looks like a password or key. Sent, it becomes the answer and stays in the chat. Never answer with a credential: the agent can ask for it with the secrets tool, which keeps it out of the chat.",
  },
  questionPage: {
    title: "Question",
    titleFor: ({ header }) => `Question: ${header}`,
    loading: "Loading the question…",
    refreshFailed: ({ error }) => `The question could not be loaded again: ${error}. What you typed is kept.`,
    retry: "Retry",
    retrying: "Retrying…",
  },
  transcript: {
    label: "Conversation",
    showEarlier: { one: "Show the earlier message", other: "Show earlier messages ({count} not shown)" },
  },
  dismiss: "Dismiss",
  description: { showMore: "Show more", showLess: "Show less" },
  attention: {
    titleCount: ({ count, title }) => `(${count}) ❓ ${title}`,
    notificationTitle: "A question is waiting",
    secretQuestion: "The agent asks for a secret. Open the page to answer it.",
    openToAnswer: "Open the page to answer it.",
    newMark: "New",
    reopenShortcut: "Alt+Shift+Q opens the questions from anywhere on the page",
  },
};
