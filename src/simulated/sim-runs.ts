import type { SimClock } from "./sim-clock";

/** How a run ended: completed successfully, failed, or was aborted. */
export type SimRunOutcome = "ok" | "error" | "aborted";

/** A text block of a transcript message. */
export interface SimTextPart {
  type: "text";
  text: string;
}

/** One simulated agent run in a session. */
export interface SimRun {
  runId: string;
  sessionKey: string;
  agentId: string;
  status: "running" | SimRunOutcome;
  /** The assistant text streamed so far. */
  text: string;
  /** The run's event counter: each `agent` event takes the next number, the `chat` events it causes share it. */
  seq: number;
  startedAt: number;
  timers: unknown[];
  /** The caller policy of the message that started the run: its creator's. */
  creatorId?: string;
  /** The verified profile (a guest's) whose message started the run: the questions the run asks are that guest's own. */
  profileId?: string;
  /** Another message entered the transcript while the run waited, so the run cannot append its reply. */
  transcriptChanged?: boolean;
  /** A Codex run (it asked async questions): its ending is saved in the Codex plugin's shapes. */
  codex?: boolean;
}

/** What a settling run tells the chat store beyond its outcome. */
export interface SimSettleDetail {
  /** Why a failed run failed. */
  errorMessage?: string;
  /** The final message's `phase` ("commentary" or "final_answer"), as Codex messages carry it. */
  phase?: string;
}

/** What the chat store does when a run settles: record the final assistant message and hand it back for the event. */
export type SettleHook = (run: SimRun, outcome: SimRunOutcome, detail?: SimSettleDetail) => Record<string, unknown> | undefined;

/** Splits reply text into about three streamed chunks, at word boundaries. */
export function streamChunks(text: string): string[] {
  const words = text.split(/(?<=\s)/u);
  const size = Math.max(1, Math.ceil(words.length / 3));
  const chunks: string[] = [];
  for (let i = 0; i < words.length; i += size) chunks.push(words.slice(i, i + size).join(""));
  return chunks;
}

/** The agent a session key names (`agent:<agentId>:<rest>`), or "main". */
export function agentIdOf(sessionKey: string): string {
  return /^agent:([^:]+):/.exec(sessionKey)?.[1] ?? "main";
}

/** Emits a run's `agent` and `chat` events in the shapes and per-run numbering a real gateway run produced. */
export class SimRuns {
  private readonly runs = new Map<string, SimRun>();

  constructor(
    private readonly clock: SimClock,
    private readonly publish: (event: string, payload: unknown) => void,
    private readonly settle: SettleHook,
  ) {}

  /** Starts a run: lifecycle `start`, then the `starting_model` status. */
  start(sessionKey: string, runId: string): SimRun {
    const now = this.clock.now();
    const run: SimRun = { runId, sessionKey, agentId: agentIdOf(sessionKey), status: "running", text: "", seq: 0, startedAt: now, timers: [] };
    this.runs.set(runId, run);
    this.agent(run, "lifecycle", { phase: "start", startedAt: now });
    this.bump(run);
    this.chat(run, { state: "status", phase: "starting_model" });
    this.agent(run, "run_status", { phase: "starting_model" }, false);
    return run;
  }

  /** Brings back a run that was going when the gateway's state was saved, without any events. */
  restore(saved: Pick<SimRun, "runId" | "sessionKey" | "text" | "startedAt" | "seq" | "profileId">): SimRun {
    const { profileId, ...rest } = saved;
    const run: SimRun = { ...rest, ...(typeof profileId === "string" ? { profileId } : {}), agentId: agentIdOf(saved.sessionKey), status: "running", timers: [] };
    this.runs.set(run.runId, run);
    return run;
  }

  /** The run, running or settled; settled runs are kept so their status can be read. */
  get(runId: string): SimRun | undefined {
    return this.runs.get(runId);
  }

  /** Runs still going, optionally in one session, oldest first. */
  active(sessionKey?: string): SimRun[] {
    return [...this.runs.values()].filter((r) => r.status === "running" && (sessionKey === undefined || r.sessionKey === sessionKey));
  }

  /** Schedules a run's own timer, cancelled when the run settles or the gateway stops. */
  later(run: SimRun, ms: number, step: () => void): void {
    run.timers.push(this.clock.setTimeout(() => run.status === "running" && step(), ms));
  }

  /** Streams assistant text: an `agent` assistant event, then a `chat` delta with the chunk and the whole text so far. */
  stream(run: SimRun, chunk: string): void {
    if (run.status !== "running") return;
    run.text += chunk;
    this.agent(run, "assistant", { text: run.text, delta: chunk });
    this.chat(run, { state: "delta", deltaText: chunk, message: this.assistantMessage(run) });
  }

  /** Completes a run: lifecycle `end`, then `chat` final with the saved assistant message (with `phase` when given). */
  complete(run: SimRun, text?: string, phase?: string): void {
    if (run.status !== "running") return;
    if (text !== undefined) run.text = text;
    this.close(run, "ok");
    this.agent(run, "lifecycle", { phase: "end", stopReason: "stop", aborted: false, startedAt: run.startedAt, endedAt: this.clock.now() });
    const message = this.settle(run, "ok", phase === undefined ? undefined : { phase });
    this.chat(run, { state: "final", stopReason: "stop", ...(message ? { message } : {}) });
  }

  /** Fails a run: lifecycle `error`, then `chat` error. */
  fail(run: SimRun, errorMessage: string): void {
    if (run.status !== "running") return;
    this.close(run, "error");
    this.agent(run, "lifecycle", { phase: "error", error: errorMessage, startedAt: run.startedAt, endedAt: this.clock.now() });
    this.settle(run, "error", { errorMessage });
    this.chat(run, { state: "error", errorMessage, errorKind: "unknown" });
  }

  /** Aborts a run as `chat.abort` does: `chat` aborted, lifecycle `end` (cancelled), then the runner's own aborted `error`. */
  abort(run: SimRun): void {
    if (run.status !== "running") return;
    this.close(run, "aborted");
    const message = this.settle(run, "aborted");
    this.bump(run);
    this.chat(run, { state: "aborted", stopReason: "rpc", ...(message ? { message } : {}) });
    const endedAt = this.clock.now();
    this.agent(run, "lifecycle", { phase: "end", status: "cancelled", aborted: true, stopReason: "rpc", endedAt }, false);
    this.agent(run, "lifecycle", { phase: "error", error: "This operation was aborted", aborted: true, stopReason: "aborted", startedAt: run.startedAt, endedAt });
  }

  /** Forgets every run without events, as a stopping gateway process does. */
  clear(): void {
    for (const run of this.runs.values()) this.close(run, run.status === "running" ? "aborted" : run.status);
    this.runs.clear();
  }

  private assistantMessage(run: SimRun): Record<string, unknown> {
    return { role: "assistant", content: [{ type: "text", text: run.text }], timestamp: this.clock.now() };
  }

  private close(run: SimRun, outcome: SimRunOutcome): void {
    run.status = outcome;
    for (const t of run.timers) this.clock.clearTimeout(t);
    run.timers = [];
  }

  private bump(run: SimRun): void {
    run.seq += 1;
  }

  private agent(run: SimRun, stream: string, data: Record<string, unknown>, next = true): void {
    if (next) this.bump(run);
    const { runId, sessionKey, agentId, seq } = run;
    this.publish("agent", { runId, sessionKey, agentId, stream, data, seq, ts: this.clock.now(), isHeartbeat: false });
  }

  private chat(run: SimRun, body: Record<string, unknown>): void {
    const { runId, sessionKey, agentId, seq } = run;
    this.publish("chat", { runId, sessionKey, agentId, seq, ...body });
  }
}
