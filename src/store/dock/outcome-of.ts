import { PLAIN_TEXT_RESOLVER } from "../../protocol/chat-claim";
import { sameAnswers, type QuestionAnswers } from "../../protocol/answers";
import type { QuestionRecord } from "../../protocol/question-record";
import type { OutcomeKind } from "./types";

/**
 * The `resolvedBy` values with which the gateway itself cancels a question for the agent's side (openclaw 2026.9.6,
 * docs/gateway-findings.md "Who ended a question"): the run was aborted, a newer message superseded the turn, the
 * run that asked is gone, the person replied with an image, the agent stopped waiting, the prompt could not be
 * delivered, or the tool or its harness failed. The person skipped none of them.
 */
export const AGENT_SIDE_CANCELS: ReadonlySet<string> = new Set([
  "run-abort",
  "superseded-input",
  "requester-inactive",
  "image-reply",
  "wait-timeout",
  "prompt-delivery-failed",
  "tool-error",
  "registration-failed",
  "harness-error",
]);

/** The prefix of every Control UI page's own `resolvedBy` (see `newResolverId`). */
const CONTROL_UI_PREFIX = "control-ui:";

/** What this dock knows of its own part in a request's end. */
export interface OwnPart {
  /** The `resolvedBy` this dock sends with its own answers and skips. */
  resolverId: string;
  /** Every answer this dock sent for the request, in order, chat replies included; a reply may have been lost for any of them. */
  attempted?: readonly QuestionAnswers[];
  /** This page sent a chat reply to answer the request, and the gateway did not refuse it. */
  sentChatReply?: boolean;
}

/** True for the outcomes whose summary shows the answers the gateway recorded. */
export function isAnsweredOutcome(kind: OutcomeKind): boolean {
  return kind === "answered" || kind === "answered-elsewhere" || kind === "answered-in-chat";
}

const ours = (record: QuestionRecord, own: OwnPart) => own.attempted?.some((sent) => sameAnswers(sent, record.answers)) === true;

function answeredBy(by: string | undefined, record: QuestionRecord, own: OwnPart): OutcomeKind {
  if (by === own.resolverId) return "answered";
  // The gateway takes one chat reply per question: when this page sent one it was not refused, the answer is that one.
  if (by === PLAIN_TEXT_RESOLVER) return own.sentChatReply ? "answered" : "answered-in-chat";
  if (by === undefined) return ours(record, own) ? "answered" : "answered-elsewhere";
  if (by.startsWith(CONTROL_UI_PREFIX)) return "answered-elsewhere";
  return "ended";
}

function cancelledBy(by: string | undefined, own: OwnPart): OutcomeKind {
  if (by === own.resolverId) return "skipped";
  if (by === undefined || AGENT_SIDE_CANCELS.has(by)) return "cancelled";
  if (by.startsWith(CONTROL_UI_PREFIX)) return "skipped-elsewhere";
  // A value this kit has no words for is said as it is, never as another person's action.
  return "ended";
}

/**
 * How a terminal record ended, from this dock's point of view. The record's `resolvedBy` tells whose answer or
 * cancel it was; without it, only an answer equal to ours counts as ours, and a cancel is the agent side's.
 */
export function outcomeOf(record: QuestionRecord, own: OwnPart): OutcomeKind | undefined {
  const by = typeof record.resolvedBy === "string" ? record.resolvedBy : undefined;
  switch (record.status) {
    case "expired":
      return "expired";
    case "answered":
      return answeredBy(by, record, own);
    case "cancelled":
      return cancelledBy(by, own);
    default:
      return undefined;
  }
}

/** A fresh `resolvedBy` for one page's docks: other tabs and other people get other ones. */
export function newResolverId(random: () => number = Math.random): string {
  return `${CONTROL_UI_PREFIX}${Math.floor(random() * 2 ** 48).toString(36).padStart(10, "0")}`;
}
