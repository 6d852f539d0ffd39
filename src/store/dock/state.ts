import type { ConnectionInfo } from "../../gateway/connection";
import type { IdTable } from "../../protocol/id-table";
import type { QuestionAnswers } from "../../protocol/answers";
import type { QuestionRecord } from "../../protocol/question-record";
import type { ValidationIssue } from "../../protocol/result";
import type { OutboxData, SavedDraft, StorageFailure } from "../outbox/entry";
import type { ConversationProblem } from "../conversation/question-entry";
import type { ChatState, ConversationData } from "../conversation/conversation-reducer";
import type { MapLog } from "./map-log";
import type { AsyncOrigin, Outcome, OutcomeKind, QuestionDraft } from "./outcomes";

export type { SavedAnswer, SavedDraft } from "../outbox/entry";
export type { ChatState } from "../conversation/conversation-reducer";
export type { AsyncOrigin, Outcome, OutcomeKind, QuestionDraft } from "./outcomes";

/** Per-request view state that survives switching requests and collapsing. */
export interface RequestView {
  /** The question shown; equal to the question count on the review step. */
  step: number;
  drafts: IdTable<QuestionDraft>;
  /** When the person last edited this request (epoch ms); 0 when untouched. Drives the priority rule. */
  editedAt: number;
}

/** Where a submit or skip stands; "uncertain": sent, reply lost, so the draft is held as sent until recovery tells. */
export type Submission =
  | { status: "idle" }
  | { status: "submitting"; kind: "answer" | "skip" }
  | { status: "uncertain"; kind: "answer" | "skip" }
  | { status: "error"; kind: "answer" | "skip"; code: SubmitErrorCode; detail?: string };

/** Why a submit or skip failed; `detail` is raw gateway text (for "forbidden", the missing scope), never ours. */
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

/** A request arriving live (never one recovered) or leaving the dock; `blocking` is false for async (Codex) questions. */
export type RequestChange = { type: "arrived"; record: QuestionRecord; blocking: boolean } | { type: "ended"; id: string };

/** A record from the gateway that failed validation, reported instead of shown. */
export interface DockRejection {
  source: string;
  id?: string;
  errors: ValidationIssue[];
  at: number;
}

/** What went wrong behind async questions, as kinds the views put into words; absent fields mean no problem. */
export interface AsyncProblems {
  /** The outbox could not save answers, or read back saved ones; they live in this page's memory. */
  storage?: StorageFailure;
  /** The conversation history could not be loaded, or items the gateway sent could not be read. */
  conversation?: ConversationProblem;
}

/** A call the gateway refused for lack of permission (`FORBIDDEN`), kept so the view can say so in words. */
export interface PermissionNotice {
  /** The refused method, e.g. "question.list". */
  method: string;
  /** The scope the gateway named in `details.missingScope`, when it named one. */
  missingScope?: string;
  /** The gateway's own message (untrusted text; render as text). */
  message: string;
  at: number;
}

/** Why a heard-of question is hidden: without operator.questions a connection answers only its own runs' questions. */
export type HiddenReason = "secret" | "sessionless" | "admin";

/** A question kept out of the dock, with its reason, for a details view. */
export interface HiddenQuestion {
  id: string;
  reason: HiddenReason;
  at: number;
}

/** What the connection may not do, as the dock learned it. */
export interface PermissionState {
  notices: PermissionNotice[];
  hidden: HiddenQuestion[];
}

/** Everything the dock's views read. */
export interface DockState {
  sessionKey: string;
  connection: ConnectionInfo;
  /** Pending records of this session, by id. */
  records: ReadonlyMap<string, QuestionRecord>;
  /** Async (Codex) requests among `records`, by request id: they never take focus or the active slot from a blocking one. */
  asyncOrigins: ReadonlyMap<string, AsyncOrigin>;
  /** Pending ids in the gateway's question.list order (creation time, then id). */
  order: readonly string[];
  activeId: string | null;
  /** Absent for a request the person has not touched: a new view (step 0, no drafts). */
  views: ReadonlyMap<string, RequestView>;
  /** Absent for a request with no submit or skip on its way or failed: idle. */
  submissions: ReadonlyMap<string, Submission>;
  /** Terminal requests in the order they ended; a new map on every change. */
  outcomes: ReadonlyMap<string, Outcome>;
  collapsed: boolean;
  rejected: DockRejection[];
  /** Calls the gateway refused for lack of permission, and the questions hidden from this connection. */
  permission: PermissionState;
  /** The latest polite announcement for the live region, with a counter so a repeat still announces. */
  announcement: Announcement & { n: number };
  /** The conversation, read when the store has async questions or `chatHistoryFeature`; empty without them. */
  chat: ChatState;
}

/** The store's whole state: what views read, and the tables only the store's own effects and hooks keep. */
export interface StoreState extends DockState {
  /** Whose conversation this is (keep/scope.ts), from the first identity the store met; nothing is kept before. */
  scope?: string;
  /** Saved drafts of requests not in the dock: read before their request arrives, or kept by a retired or skipped async question for a reopen. */
  savedDrafts: ReadonlyMap<string, SavedDraft>;
  outcomes: MapLog<Outcome>;
  chat: ConversationData;
  /** Answers to async questions on their way to the gateway, by entry id; empty without async questions. */
  outbox: OutboxData;
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
  /** Sends `text` as the chat reply the gateway takes from a run's creator; resolves once taken or refused, and why. */
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
  /** Changes the text of an async answer still queued and never sent, under the same entry and key; false when it may no longer change. */
  editAnswer(outboxId: string, message: string): boolean;
  /** Brings a retired or skipped async question back into the dock, draft intact. */
  reopen(itemId: string): void;
  /** Hears requests arriving and ending, for side effects such as a title count or a notification; returns the unsubscribe. */
  onRequestChange(listener: (change: RequestChange) => void): () => void;
  /** Detaches from the client; the store keeps its last state. */
  dispose(): void;
}

/** The store's state together with its actions, as zustand holds it. */
export type DockStore = StoreState & { actions: DockActions };

/** What a view reads of a dock store: its state and its actions. */
export type DockSnapshot = DockState & { actions: DockActions };

/** One conversation's store, from `createQuestionDockStore`; act through `getState().actions`. */
export interface QuestionDockStore {
  getState(): DockSnapshot;
  getInitialState(): DockSnapshot;
  subscribe(listener: (state: DockSnapshot, previous: DockSnapshot) => void): () => void;
}
