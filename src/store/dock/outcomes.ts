// Whose answer or cancel ended a request, and the outcome built for each way a request can end.
import type { AskUserHistoryEntry } from "../../protocol/ask-user-history";
import { idTable, type IdTable } from "../../protocol/id-table";
import { sameAnswers, type QuestionAnswers } from "../../protocol/answers";
import { PLAIN_TEXT_RESOLVER } from "../../protocol/chat-claim";
import { isSecretQuestion, type QuestionRecord } from "../../protocol/question-record";

/** One question's draft: chosen labels and typed Other text, kept apart so text equal to a label stays text. */
export interface QuestionDraft {
  selected: string[];
  other: string;
  /** Which option each label in `selected` is, only where a chosen label repeats; absent, each is its first option. */
  positions?: number[];
}

/** How a request left the dock; "cancelled" is the agent side's (run aborted or ended, turn superseded). */
export type OutcomeKind =
  | "answered"
  | "answered-elsewhere"
  | "answered-in-chat"
  | "skipped"
  | "skipped-elsewhere"
  | "cancelled"
  | "ended"
  | "expired"
  | "unavailable"
  | "retired"
  /** Read back from the transcript, which shows no answer and does not say why. */
  | "no-answer";

/** What ties a dock request to an async (Codex) question: answers go out as chat messages, not question.resolve. */
export interface AsyncOrigin {
  itemId: string;
  /** The assistant message that carried the question; the reply's replyToId. */
  sourceMessageId?: string;
  /** The run that asked, once the history names it. */
  runId?: string;
}

/** A terminal request kept for the transcript summary; never evicted by time. */
export interface Outcome {
  kind: OutcomeKind;
  record: QuestionRecord;
  answers?: QuestionAnswers;
  at: number;
  /** Set for async questions: the outbox entry that carries the answer, or the saved reply text. */
  async?: AsyncOrigin & { outboxId?: string; replyText?: string };
  /** What the person had chosen or typed but never sent, kept when the request left without their answer. */
  unsent?: IdTable<QuestionDraft>;
  /** The answer was sent but its reply was cut off before the question went: it may have arrived, so it is not called unsent. */
  unsentMayHaveArrived?: true;
  /** The agent run that asked: binds the summary to its turn in the transcript. */
  runId?: string;
  /** The assistant tool call that asked, when the transcript showed it. */
  toolCallId?: string;
  /** The transcript id of the assistant message that asked. */
  anchor?: string;
  /** Set when the outcome was read back from the transcript rather than seen live. */
  fromHistory?: true;
  /** From the transcript: the question was skipped or cancelled, by whom it does not say. */
  noAnswerReason?: "cancelled";
}

/** The drafts of a request, as the dock keeps them in its `RequestView`. */
type Drafted = { drafts: IdTable<QuestionDraft> };

/** The `resolvedBy` values with which the gateway cancels for the agent's side (docs/gateway-findings.md). */
const AGENT_SIDE_CANCELS: ReadonlySet<string> = new Set(["run-abort", "superseded-input", "requester-inactive", "image-reply", "wait-timeout", "prompt-delivery-failed", "tool-error", "registration-failed", "harness-error"]);

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

/** How a terminal record ended for this dock; without `resolvedBy`, only an answer equal to ours counts as ours. */
export function outcomeOf(record: Pick<QuestionRecord, "status" | "answers" | "resolvedBy">, own: OwnPart): OutcomeKind | undefined {
  const by = typeof record.resolvedBy === "string" ? record.resolvedBy : undefined;
  const answered = record.status === "answered";
  if (record.status === "expired") return "expired";
  if (!answered && record.status !== "cancelled") return undefined;
  if (by === own.resolverId) return answered ? "answered" : "skipped";
  if (by?.startsWith(CONTROL_UI_PREFIX)) return answered ? "answered-elsewhere" : "skipped-elsewhere";
  // A value this kit has no words for is said as it is, never as another person's action.
  if (!answered) return by === undefined || AGENT_SIDE_CANCELS.has(by) ? "cancelled" : "ended";
  // The gateway takes one chat reply per question: when this page sent one it was not refused, the answer is that one.
  if (by === PLAIN_TEXT_RESOLVER) return own.sentChatReply ? "answered" : "answered-in-chat";
  if (by !== undefined) return "ended";
  return own.attempted?.some((sent) => sameAnswers(sent, record.answers)) ? "answered" : "answered-elsewhere";
}

/** A fresh `resolvedBy` for one page's docks: other tabs and other people get other ones. */
export function newResolverId(random: () => number = Math.random): string {
  return `${CONTROL_UI_PREFIX}${Math.floor(random() * 2 ** 48).toString(36).padStart(10, "0")}`;
}

// Ends that take a question from someone mid-answer keep what they had: to copy, or (retired async) to reopen.
const KEEPS_UNSENT: ReadonlySet<OutcomeKind> = new Set(["unavailable", "expired", "cancelled", "retired"]);

/** The non-empty, non-secret drafts of a request that left without the person's answer, or undefined. */
function unsentDraft(record: QuestionRecord, view: Drafted | undefined, kind: OutcomeKind): IdTable<QuestionDraft> | undefined {
  if (!view || !KEEPS_UNSENT.has(kind)) return undefined;
  const kept = idTable<QuestionDraft>();
  for (const q of record.questions) {
    const draft = Object.hasOwn(view.drafts, q.questionId) ? view.drafts[q.questionId] : undefined;
    // A secret never outlives its field: it is neither shown again nor copied.
    if (!draft || isSecretQuestion(q) || (draft.selected.length === 0 && draft.other.trim() === "")) continue;
    kept[q.questionId] = { selected: [...draft.selected], other: draft.other };
  }
  return Object.keys(kept).length > 0 ? kept : undefined;
}

/** What this tab's storage kept of an outcome, already read back as trusted. */
export type KeptOutcome = Pick<Outcome, "kind" | "record" | "at" | "runId" | "unsent" | "unsentMayHaveArrived">;

function terminalStatus(kind: OutcomeKind, last: QuestionRecord["status"]): QuestionRecord["status"] {
  if (kind === "expired") return "expired";
  if (kind === "skipped" || kind === "skipped-elsewhere" || kind === "cancelled") return "cancelled";
  return isAnsweredOutcome(kind) ? "answered" : last;
}

/** How the gateway said a request ended; `resolvedBy` as it said it (untrusted, shown only through the outcome words). */
export type Settlement = { outcome: OutcomeKind; answers?: QuestionAnswers; async?: Outcome["async"]; resolvedBy?: unknown; at: number };

/** The outcome of a request that settled in the dock; `cutOff`: our answer went out but its reply was cut off. */
export function settledOutcome(record: QuestionRecord, e: Settlement, view: Drafted | undefined, cutOff: boolean): Outcome {
  const unsent = unsentDraft(record, view, e.outcome);
  // Binds the summary to the turn that asked, and an async question's to the message that asked.
  const runId = record.runId ?? e.async?.runId;
  // The kept record shows how the gateway ended it and, when it said, who.
  const status = terminalStatus(e.outcome, record.status);
  const given = status === "answered" && e.answers !== undefined && e.answers !== record.answers;
  const by = e.resolvedBy !== undefined && !Object.is(e.resolvedBy, record.resolvedBy);
  const changed = status !== record.status || given || by;
  // Assigned onto a new object: in V8 a spread copy given a field it lacked is several times slower (bench: throughput).
  const kept = changed ? Object.assign({}, record, { status }, given && { answers: e.answers }, by && { resolvedBy: e.resolvedBy }) : record;
  const outcome: Outcome = e.answers ? { kind: e.outcome, record: kept, answers: e.answers, at: e.at } : { kind: e.outcome, record: kept, at: e.at };
  if (e.async) outcome.async = e.async;
  if (unsent) outcome.unsent = unsent;
  if (unsent && cutOff) outcome.unsentMayHaveArrived = true;
  if (runId) outcome.runId = runId;
  if (e.async?.sourceMessageId) outcome.anchor = e.async.sourceMessageId;
  return outcome;
}

/** The outcome of a terminal record the dock never held: sent before a reload (`withRun`), or a question page's. */
export function endedRecordOutcome(record: QuestionRecord, kind: OutcomeKind, at: number, withRun: boolean): Outcome {
  return { kind, record, ...(record.answers ? { answers: record.answers } : {}), at, ...(withRun && record.runId ? { runId: record.runId } : {}) };
}

/** What the async questions' effect knows of an async question's end; `record`: the (pending) one the dock shows. */
export type AsyncEndInput = Pick<Outcome, "record" | "at"> & { kind: "answered" | "retired" | "skipped"; async: NonNullable<Outcome["async"]> };

/** The outcome of an async question that ended outside the dock (answered elsewhere or before a reload, retired, skipped). */
export function asyncOutcome(e: AsyncEndInput, savedDraft?: Drafted): Outcome {
  const record: QuestionRecord = { ...e.record, status: e.kind === "answered" ? "answered" : "cancelled" };
  // A retired question keeps what the person had typed, after a reload too, until they answer or skip it.
  const unsent = e.kind === "retired" ? unsentDraft(record, savedDraft, e.kind) : undefined;
  const { runId, sourceMessageId } = e.async;
  return { kind: e.kind, record, at: e.at, async: e.async, ...(runId ? { runId } : {}), ...(sourceMessageId ? { anchor: sourceMessageId } : {}), ...(unsent ? { unsent } : {}) };
}

/** The outcome of an ask_user call read back from the history, keyed `key` in the store; none while its run goes. */
export function historyOutcome(entry: AskUserHistoryEntry, key: string, runGoing: boolean, sessionKey: string): Outcome | undefined {
  const { outcome } = entry;
  if (outcome.status === "unknown" && runGoing) return undefined;
  // "No answer arrived" is the tool's sentence for a question whose time ran out.
  const timedOut = outcome.status === "no-answer" && outcome.reason === "timed-out";
  const kind: OutcomeKind = outcome.status === "answered" ? "answered" : timedOut ? "expired" : "no-answer";
  const at = entry.at ?? 0;
  const answers = outcome.status === "answered" ? { answers: outcome.answers } : {};
  const runId = entry.runId ? { runId: entry.runId } : {};
  // The history shows no record: one is made up of what it shows, and a question with no answer counts as cancelled.
  const record: QuestionRecord = { id: key, questions: entry.questions, sessionKey, ...runId, createdAtMs: at, expiresAtMs: at, status: terminalStatus(kind, "cancelled"), ...answers };
  return {
    kind,
    record,
    ...answers,
    ...(outcome.status === "no-answer" && outcome.reason === "cancelled" ? { noAnswerReason: "cancelled" as const } : {}),
    at,
    ...runId,
    toolCallId: entry.toolCallId,
    ...(entry.anchor ? { anchor: entry.anchor } : {}),
    fromHistory: true,
  };
}

/** A live outcome bound to the history's call that asked it: a view can then place it exactly. */
export function boundOutcome(live: Outcome, entry: Pick<AskUserHistoryEntry, "toolCallId" | "anchor" | "runId">): Outcome {
  return { ...live, toolCallId: entry.toolCallId, ...(entry.anchor ? { anchor: entry.anchor } : {}), ...(live.runId || !entry.runId ? {} : { runId: entry.runId }) };
}
