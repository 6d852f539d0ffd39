import type { ConnectionInfo } from "../gateway/types";
import type { QuestionAnswers, QuestionRecord, ValidationIssue } from "../protocol";

/** One question's draft: chosen labels and typed Other text, kept apart so text equal to a label stays text. */
export interface QuestionDraft {
  selected: string[];
  other: string;
}

/** Per-request view state that survives switching requests and collapsing. */
export interface RequestView {
  /** The question shown; equal to the question count on the review step. */
  step: number;
  drafts: Record<string, QuestionDraft>;
  /** When the person last edited this request (epoch ms); 0 when untouched. Drives the priority rule. */
  editedAt: number;
}

/** Where a request's own submit or skip stands. */
export type Submission =
  | { status: "idle" }
  | { status: "submitting"; kind: "answer" | "skip" }
  | { status: "error"; kind: "answer" | "skip"; message: string };

/** How a request left the dock. */
export type OutcomeKind = "answered" | "answered-elsewhere" | "skipped" | "expired" | "unavailable";

/** A terminal request kept for the transcript summary; never evicted by time. */
export interface Outcome {
  kind: OutcomeKind;
  record: QuestionRecord;
  answers?: QuestionAnswers;
  at: number;
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
  records: Record<string, QuestionRecord>;
  /** Pending ids in stable arrival order. */
  order: string[];
  activeId: string | null;
  views: Record<string, RequestView>;
  submissions: Record<string, Submission>;
  /**
   * Terminal requests in the order they ended. The map grows for the life of the dock, so it is updated
   * in place (O(1) per event) and `outcomeVersion` changes with it: select `outcomeVersion` to re-render.
   */
  outcomes: ReadonlyMap<string, Outcome>;
  /** Bumped on every change to `outcomes`. */
  outcomeVersion: number;
  collapsed: boolean;
  rejected: DockRejection[];
  /** A short polite message for the live region, with a counter so a repeat still announces. */
  announcement: { text: string; n: number };
}

/** What a dock can be asked to do; every action takes the request id it acts on. */
export interface DockActions {
  select(requestId: string, questionId: string, label: string): void;
  toggle(requestId: string, questionId: string, label: string): void;
  setOther(requestId: string, questionId: string, text: string): void;
  goToStep(requestId: string, step: number): void;
  next(requestId: string): void;
  back(requestId: string): void;
  submit(requestId: string): Promise<void>;
  skip(requestId: string): Promise<void>;
  collapse(): void;
  expand(): void;
  showRequest(requestId: string): void;
  previousRequest(): void;
  nextRequest(): void;
  /** Detaches from the client; the store keeps its last state. */
  dispose(): void;
}

/** The store's state together with its actions, as zustand holds it. */
export type DockStore = DockState & { actions: DockActions };
