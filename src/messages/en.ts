import type { DeliveryFailureCode, StorageFailure } from "../store/outbox/entry";
import { dockEnglish, type PluralForms } from "./en-dock";

/** States of an async answer's delivery, as its summary names them. */
export type DeliveryStatus = "queued" | "waiting" | "sending" | "failed" | "unconfirmed" | "confirmed";

/** Causes of an agent-side cancel the gateway names in `resolvedBy`. */
export type CancelReason = "run-abort" | "superseded-input" | "requester-inactive" | "image-reply" | "wait-timeout" | "prompt-delivery-failed" | "tool-error" | "registration-failed" | "harness-error";

/** Every word the dock shows or announces, for one locale: the shape of the English table. */
// An interface (`Omit` and `Required` only name the tables' types), so the type keeps its name wherever it is shown.
export interface QuestionDockMessages extends Omit<typeof dockEnglish, "delivery">, Required<typeof viewEnglish> {}

/** A partial override of a message table: any group may be given in part. */
export type QuestionDockMessagesOverride = {
  [K in keyof QuestionDockMessages]?: QuestionDockMessages[K] extends string | ((...args: never[]) => string) ? QuestionDockMessages[K] : Partial<QuestionDockMessages[K]>;
};

// The other views' words, a group each and joined by a pure call: a host's bundle keeps the groups its views read.
export const summary = {
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
  showEarlier: { one: "Show the earlier question", other: "Show earlier questions ({count} not shown)" } as PluralForms,
};
export const delivery = {
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
};
export const unsent = {
  notSent: "Your answer was not sent:",
  mayNotHaveArrived: "Your answer may not have arrived:",
  copy: "Copy answer",
  copied: "Copied",
  copyFailed: "Could not copy; select the text instead",
};
// Editing an async answer while it waits in the outbox; `refused`: it went out before the edit was saved.
export const editAnswer = {
  edit: "Edit answer",
  field: "Your answer",
  save: "Save",
  cancel: "Cancel",
  refused: "Your answer had already gone out, so it was not changed. Your edited text is still here to copy.",
};
export const asyncProblems = {
  storage: {
    save: "Answers are not being saved on this device. They are still sent, but an answer not yet sent is lost if this page closes.",
    load: "Answers saved on this device could not be read. New answers are still sent, but an answer not yet sent is lost if this page closes.",
  } satisfies Record<StorageFailure["operation"], string>,
  loadFailed: ({ reason }: { reason: string }) => `The conversation history could not be loaded: ${reason}`,
  loadRetrying: ({ reason }: { reason: string }) => `The conversation history could not be loaded yet: ${reason}. Trying again.`,
  deliveryRefused: { one: "Something the gateway sent could not be read.", other: "{count} things the gateway sent could not be read." } as PluralForms,
};
// The composer's question when a chat message reads as the waiting question's answer, and what it will record.
export const composerAnswer = {
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
};
export const questionPage = {
  title: "Question",
  titleFor: ({ header }: { header: string }) => `Question: ${header}`,
  loading: "Loading the question…",
  refreshFailed: ({ error }: { error: string }) => `The question could not be loaded again: ${error}. What you typed is kept.`,
  retry: "Retry",
  retrying: "Retrying…",
};
export const transcript = {
  label: "Conversation",
  showEarlier: { one: "Show the earlier message", other: "Show earlier messages ({count} not shown)" } as PluralForms,
};
const viewEnglish = { summary, delivery, unsent, editAnswer, asyncProblems, composerAnswer, questionPage, transcript };

/** The dock's English words: the default table, and the one every other locale must match key for key. */
export const defaultMessages: QuestionDockMessages = /* @__PURE__ */ Object.assign({}, dockEnglish, viewEnglish);
