import type { ConnectionInfo } from "../gateway/types";
import type { IdTable, QuestionAnswers, QuestionRecord, ValidationIssue } from "../protocol";
import type { IdMap } from "./id-map";
import type { OutboxEntry } from "./outbox/types";
import type { OutcomeLog } from "./outcome-log";
import type { PermissionState } from "./permissions";

/** One question's draft: chosen labels and typed Other text, kept apart so text equal to a label stays text. */
export interface QuestionDraft {
  selected: string[];
  other: string;
  /**
   * Which options the labels in `selected` are, by position, in the same order: an agent may repeat a label, and
   * only the option picked is checked. Set only where a chosen label repeats; absent, each label is its first option.
   */
  positions?: number[];
}

/** Per-request view state that survives switching requests and collapsing. */
export interface RequestView {
  /** The question shown; equal to the question count on the review step. */
  step: number;
  drafts: IdTable<QuestionDraft>;
  /** When the person last edited this request (epoch ms); 0 when untouched. Drives the priority rule. */
  editedAt: number;
}

/**
 * Where a request's own submit or skip stands. "uncertain": it was sent, but the connection dropped (or the
 * gateway went quiet) before the reply; the next recovery tells whether it arrived, and until then the draft
 * is held as it was sent, so nothing the person changes can be silently dropped or mistaken for another's answer.
 */
export type Submission =
  | { status: "idle" }
  | { status: "submitting"; kind: "answer" | "skip" }
  | { status: "uncertain"; kind: "answer" | "skip" }
  | { status: "error"; kind: "answer" | "skip"; code: SubmitErrorCode; detail?: string };

/**
 * Why a submit or skip failed; the views turn it into words. `detail` is raw text from the gateway or the error
 * (for "forbidden", the missing scope), never a sentence of ours.
 */
export type SubmitErrorCode =
  | "unanswered"
  | "disconnected"
  | "timeout"
  | "not-arrived"
  | "invalid-answer"
  | "forbidden"
  | "refused"
  /** A chat reply from a connection whose caller policy is not the run creator's: the gateway does not take it as the answer. */
  | "not-creator"
  /** A chat reply the gateway did not take as the answer (it could not read one); `detail` is its own sentence. */
  | "chat-refused"
  /** A chat reply the gateway neither took nor refused in time, while the question still waits. */
  | "not-taken"
  | "unexpected";

/** How a chat reply to a waiting agent-run question went: taken as its answer, or why not. */
export type ChatReplyResult = { ok: true } | { ok: false; code: SubmitErrorCode; detail?: string };

/** What the live region should say, as data: the views choose the words and the language. */
export type Announcement =
  | { key: "none" }
  /** `header` is the first question's header, or its text when it has none; `queued` marks an async answer only queued so far. */
  | { key: "outcome"; kind: OutcomeKind; header: string; queued?: true }
  | { key: "newQuestion"; question: string }
  | { key: "uncertain"; action: "answer" | "skip" }
  | { key: "submitFailed"; action: "answer" | "skip"; code: SubmitErrorCode; detail?: string };

/**
 * How a request left the dock: answered here (the dock or this page's chat reply) or elsewhere; answered by a chat
 * reply this page did not send; skipped by the person here, or skipped on another surface; cancelled by the agent's side (its run aborted or ended, or a newer message superseded the turn);
 * expired; unavailable (the gateway no longer knows it); retired (an async question moved to history); or ended by
 * a `resolvedBy` the kit has no words for.
 */
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
export interface AsyncLink {
  itemId: string;
  /** The assistant message that carried the question; the reply's replyToId. */
  sourceMessageId?: string;
}

/** A terminal request kept for the transcript summary; never evicted by time. */
export interface Outcome {
  kind: OutcomeKind;
  record: QuestionRecord;
  answers?: QuestionAnswers;
  at: number;
  /** Set for async questions: the outbox entry that carries the answer, or the saved reply text. */
  async?: AsyncLink & { outboxId?: string; replyText?: string };
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

/** A record from the gateway that failed validation, reported instead of shown. */
export interface DockRejection {
  source: string;
  id?: string;
  errors: ValidationIssue[];
  at: number;
}

/** Everything the dock's views read. */
export interface DockState {
  sessionKey: string;
  connection: ConnectionInfo;
  /** Pending records of this session, by id. */
  records: IdMap<QuestionRecord>;
  /** Async (Codex) requests among `records`, by request id: they never take focus or the active slot from a blocking one. */
  asyncLinks: IdMap<AsyncLink>;
  /** Pending ids in stable arrival order. */
  order: string[];
  activeId: string | null;
  views: IdMap<RequestView>;
  submissions: IdMap<Submission>;
  /** Terminal requests in the order they ended: an immutable, append-only log, a new object on every change. */
  outcomes: OutcomeLog;
  collapsed: boolean;
  /** The conversation's outbox entries by id, mirrored for the summaries' delivery states. */
  deliveries: IdTable<OutboxEntry>;
  rejected: DockRejection[];
  /** Calls the gateway refused for lack of permission, and the questions hidden from this connection. */
  permission: PermissionState;
  /** The latest polite announcement for the live region, with a counter so a repeat still announces. */
  announcement: Announcement & { n: number };
}

/** What a dock can be asked to do; every action takes the request id it acts on. */
export interface DockActions {
  /** Picks an option by label; `index` says which when the label repeats (else the first option holding it). */
  select(requestId: string, questionId: string, label: string, index?: number): void;
  toggle(requestId: string, questionId: string, label: string, index?: number): void;
  setOther(requestId: string, questionId: string, text: string): void;
  /** Makes a single-select question's kept Other text the answer again (clears its choice); no-op without typed text. */
  chooseOther(requestId: string, questionId: string): void;
  goToStep(requestId: string, step: number): void;
  next(requestId: string): void;
  back(requestId: string): void;
  submit(requestId: string): Promise<void>;
  skip(requestId: string): Promise<void>;
  /** Answers a blocking request with exactly `answers` (e.g. read from a chat reply), as `submit` sends a draft; the draft is left as it is. */
  answerWith(requestId: string, answers: QuestionAnswers): Promise<void>;
  /**
   * Sends `text` as a chat message that answers an agent run's waiting question, as the gateway takes such a message
   * from the run's creator; resolves once the gateway took it or said why not (the reason is also on the submission).
   */
  replyInChat(requestId: string, text: string): Promise<ChatReplyResult>;
  collapse(): void;
  expand(): void;
  showRequest(requestId: string): void;
  previousRequest(): void;
  nextRequest(): void;
  /** Re-sends an async answer's existing outbox entry; never a second answer. */
  retryAnswer(outboxId: string): void;
  /** Removes a queued async answer and reopens its draft in every open pane. */
  discardAnswer(outboxId: string): void;
  /** Brings a retired or skipped async question back into the dock, draft intact. */
  reopen(itemId: string): void;
  /** Detaches from the client; the store keeps its last state. */
  dispose(): void;
}

/** The store's state together with its actions, as zustand holds it. */
export type DockStore = DockState & { actions: DockActions };
