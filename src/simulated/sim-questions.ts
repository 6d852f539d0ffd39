import { QuestionErrorReason } from "../protocol/errors";
import type { QuestionAnswers } from "../protocol/answers";
import type { QuestionRecord } from "../protocol/question-record";
import type { QuestionResolvedEvent } from "../protocol/methods";
import type { SimClock } from "./sim-clock";
import { questionError } from "./sim-errors";
import { canonicalAnswers, recordedAnswers, type SimQuestionInput } from "./sim-question-rules";
import { agentIdOf } from "./sim-runs";

/** How long a question waits when the request names no timeout, in ms. @default 900000 */
export const DEFAULT_QUESTION_TIMEOUT_MS = 900_000;
/** How long a resolved question can still be read before it is forgotten, in ms (the gateway's grace). @default 15000 */
export const RESOLVED_GRACE_MS = 15_000;

/** A validated question request. */
export interface SimQuestionRequest {
  id?: string;
  questions: SimQuestionInput[];
  agentId?: string;
  sessionKey?: string;
  runId?: string;
  timeoutMs?: number;
}

/** What `question.waitAnswer` answers. */
export type SimWaitResult = { status: "pending" } | { status: "answered"; answers: QuestionAnswers } | { status: "cancelled" } | { status: "expired" };

interface Entry {
  record: QuestionRecord;
  expiry?: unknown;
  cleanup?: unknown;
  waiters: Set<() => void>;
  /** The simulated run whose end cancels this question, like an agent run that is no longer active. */
  ownerRunId?: string;
  /** The verified profile whose own run asked it; only that guest sees it without operator.questions. */
  askedBy?: string;
}

type Terminal = { status: "answered"; answers: QuestionAnswers } | { status: "cancelled" } | { status: "expired" };

// The gateway files a question under the agent its session key names, else the requested one.
function questionAgentId(input: SimQuestionRequest): string | undefined {
  if (input.sessionKey?.startsWith("agent:")) return agentIdOf(input.sessionKey);
  return input.agentId ?? (input.sessionKey ? "main" : undefined);
}

function waitResult(record: QuestionRecord): SimWaitResult {
  if (record.status === "answered") return { status: "answered", answers: record.answers ?? { answers: {} } };
  return { status: record.status };
}

/** The gateway's in-memory question lifecycle: create, list, resolve, cancel, expire, and forget after a grace period. */
export class SimQuestionStore {
  private readonly entries = new Map<string, Entry>();

  constructor(
    private readonly clock: SimClock,
    private readonly publish: (event: string, payload: unknown) => void,
    private readonly newId: () => string,
  ) {}

  /** Creates a pending question, broadcasts `question.requested`, and arms its expiry. */
  request(input: SimQuestionRequest, ownerRunId?: string, askedBy?: string): QuestionRecord {
    const id = input.id ?? this.newId();
    if (this.entries.has(id)) throw questionError(QuestionErrorReason.IdInUse, `question '${id}' already exists`);
    const timeoutMs = input.timeoutMs ?? DEFAULT_QUESTION_TIMEOUT_MS;
    const createdAtMs = this.clock.now();
    const agentId = questionAgentId(input);
    const record: QuestionRecord = {
      id,
      questions: JSON.parse(JSON.stringify(input.questions)) as SimQuestionInput[],
      ...(agentId ? { agentId } : {}),
      ...(input.sessionKey ? { sessionKey: input.sessionKey } : {}),
      ...(input.runId ? { runId: input.runId } : {}),
      createdAtMs,
      expiresAtMs: createdAtMs + timeoutMs,
      status: "pending",
    };
    const entry: Entry = { record, waiters: new Set(), ...(ownerRunId ? { ownerRunId } : {}), ...(askedBy ? { askedBy } : {}) };
    entry.expiry = this.clock.setTimeout(() => this.finish(entry, { status: "expired" }), timeoutMs);
    this.entries.set(id, entry);
    this.publish("question.requested", record);
    return record;
  }

  /** The record, pending or recently resolved; undefined once forgotten. */
  get(id: string): QuestionRecord | undefined {
    const entry = this.entries.get(id);
    if (entry && entry.record.status === "pending" && entry.record.expiresAtMs <= this.clock.now()) this.finish(entry, { status: "expired" });
    return entry?.record;
  }

  /** The verified profile whose run asked a question, if a guest's run did. */
  askedBy(id: string): string | undefined {
    return this.entries.get(id)?.askedBy;
  }

  /** Pending questions, oldest first, ties by id. */
  list(): QuestionRecord[] {
    return [...this.entries.keys()]
      .map((id) => this.get(id))
      .filter((r): r is QuestionRecord => r?.status === "pending")
      .sort((a, b) => a.createdAtMs - b.createdAtMs || a.id.localeCompare(b.id));
  }

  /** Every record still known, pending or within its grace period. */
  all(): QuestionRecord[] {
    return [...this.entries.values()].map((e) => e.record).sort((a, b) => a.createdAtMs - b.createdAtMs || a.id.localeCompare(b.id));
  }

  /** Answers a pending question after validating the answers against it. */
  resolve(id: string, answers: QuestionAnswers, resolvedBy?: string): { status: "answered"; answers: QuestionAnswers } {
    const entry = this.requirePending(id);
    const canonical = canonicalAnswers(entry.record, recordedAnswers(entry.record, answers));
    this.finish(entry, { status: "answered", answers: canonical }, resolvedBy);
    return { status: "answered", answers: canonical };
  }

  /** Declines a pending question as a whole (Skip). */
  cancel(id: string, resolvedBy?: string): { status: "cancelled" } {
    this.finish(this.requirePending(id), { status: "cancelled" }, resolvedBy);
    return { status: "cancelled" };
  }

  /** Waits until the question leaves pending, or until `timeoutMs` passes (then answers `pending`). */
  waitAnswer(id: string, timeoutMs?: number): Promise<SimWaitResult> {
    const entry = this.requireEntry(id);
    if (entry.record.status !== "pending") return Promise.resolve(waitResult(entry.record));
    return new Promise((resolve) => {
      let timer: unknown;
      const wake = () => {
        entry.waiters.delete(wake);
        this.clock.clearTimeout(timer);
        resolve(waitResult(entry.record));
      };
      entry.waiters.add(wake);
      if (timeoutMs !== undefined) timer = this.clock.setTimeout(wake, timeoutMs);
    });
  }

  /** Cancels the pending questions a finished run owned, as the gateway does when their requester is gone. */
  cancelOwnedBy(runId: string): void {
    for (const entry of [...this.entries.values()]) {
      if (entry.ownerRunId === runId && entry.record.status === "pending") this.finish(entry, { status: "cancelled" }, "requester-inactive");
    }
  }

  /** Pending questions with the run that owns each, for a dump that a reloaded page reads back. */
  pending(): Array<{ record: QuestionRecord; ownerRunId?: string; askedBy?: string }> {
    return this.list().map((record) => {
      const entry = this.entries.get(record.id);
      return { record, ...(entry?.ownerRunId ? { ownerRunId: entry.ownerRunId } : {}), ...(entry?.askedBy ? { askedBy: entry.askedBy } : {}) };
    });
  }

  /** Takes back a pending question from a dump, silently (it was announced before), with its time left; an overdue one is dropped. */
  restore(record: QuestionRecord, ownerRunId?: string, askedBy?: string): void {
    const left = record.expiresAtMs - this.clock.now();
    if (record.status !== "pending" || left <= 0 || this.entries.has(record.id)) return;
    const entry: Entry = { record, waiters: new Set(), ...(ownerRunId ? { ownerRunId } : {}), ...(askedBy ? { askedBy } : {}) };
    entry.expiry = this.clock.setTimeout(() => this.finish(entry, { status: "expired" }), left);
    this.entries.set(record.id, entry);
  }

  /** Forgets everything, as a gateway process does when it stops. */
  clear(): void {
    for (const entry of this.entries.values()) {
      this.clock.clearTimeout(entry.expiry);
      this.clock.clearTimeout(entry.cleanup);
      for (const wake of [...entry.waiters]) wake();
    }
    this.entries.clear();
  }

  private requireEntry(id: string): Entry {
    const record = this.get(id);
    const entry = this.entries.get(id);
    if (!record || !entry) throw questionError(QuestionErrorReason.NotFound, `question '${id}' was not found`);
    return entry;
  }

  private requirePending(id: string): Entry {
    const entry = this.requireEntry(id);
    if (entry.record.status !== "pending") {
      throw questionError(QuestionErrorReason.AlreadyTerminal, `question '${id}' is already ${entry.record.status}`);
    }
    return entry;
  }

  private finish(entry: Entry, outcome: Terminal, resolvedBy?: string): void {
    if (entry.record.status !== "pending") return;
    this.clock.clearTimeout(entry.expiry);
    entry.record = { ...entry.record, ...outcome, ...(resolvedBy ? { resolvedBy } : {}) };
    for (const wake of [...entry.waiters]) wake();
    const event: QuestionResolvedEvent = { id: entry.record.id, ...outcome };
    // The gateway answers the resolving request before it broadcasts, so the event goes out a tick later.
    queueMicrotask(() => {
      if (this.entries.get(entry.record.id) === entry) this.publish("question.resolved", event);
    });
    entry.cleanup = this.clock.setTimeout(() => {
      if (this.entries.get(entry.record.id) === entry) this.entries.delete(entry.record.id);
    }, RESOLVED_GRACE_MS);
  }
}
