import { sameAnswers, type QuestionAnswers, type QuestionRecord } from "../protocol";
import type { OutcomeKind } from "./types";

/**
 * The `resolvedBy` values with which the gateway itself cancels a question for the agent's side: the run was
 * aborted, a newer message superseded the turn, or the run that asked is gone. The person skipped none of them.
 */
export const AGENT_SIDE_CANCELS: ReadonlySet<string> = new Set(["run-abort", "superseded-input", "requester-inactive"]);

/** What this dock knows of its own part in a request's end. */
export interface OwnPart {
  /** The `resolvedBy` this dock sends with its own answers and skips. */
  resolverId: string;
  /** Every answer this dock sent for the request, in order; a reply may have been lost for any of them. */
  attempted?: readonly QuestionAnswers[];
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
      if (by !== undefined) return by === own.resolverId ? "answered" : "answered-elsewhere";
      return own.attempted?.some((sent) => sameAnswers(sent, record.answers)) ? "answered" : "answered-elsewhere";
    case "cancelled":
      if (by === own.resolverId) return "skipped";
      if (by === undefined || AGENT_SIDE_CANCELS.has(by)) return "cancelled";
      return "skipped-elsewhere";
    default:
      return undefined;
  }
}

/** A fresh `resolvedBy` for one page's docks: other tabs and other people get other ones. */
export function newResolverId(random: () => number = Math.random): string {
  return `control-ui:${Math.floor(random() * 2 ** 48).toString(36).padStart(10, "0")}`;
}
