import type { ChatSendParams } from "../protocol/methods";
import type { SimClock } from "./sim-clock";
import { dumpChat, loadChat, oncePerMicrotask, type SimChatDump } from "./sim-persist";
import { hasImage } from "./sim-wiring";
import { SimRuns, streamChunks, type SimRun, type SimRunOutcome, type SimSettleDetail } from "./sim-runs";
import { codexAsyncRow, codexPromptMarks, type SimRowDraft } from "./sim-codex-rows";
import { SimCodexRunner } from "./sim-codex-runner";
import { endingEventMessage, saveRunEnding } from "./sim-run-endings";
import { SimTranscripts } from "./sim-transcripts";
import {
  DEFAULT_HISTORY_LIMIT,
  RESTART_RECOVERY_PROMPT,
  type SimAsyncDelivery,
  type SimChatMessage,
  type SimChatOptions,
  type SimClaimVerdict,
  type SimSessionInfo,
} from "./sim-chat-types";

/** Per-session transcripts, idempotent `chat.send`, simulated replies, aborts and async-question messages. */
export class SimChat {
  readonly runs: SimRuns;
  /** Scripted Codex runs (`SimulatedGateway.codex`). */
  readonly codex: SimCodexRunner;
  private readonly transcripts: SimTranscripts;
  /** idempotencyKey → runId; kept across restarts because the transcript that proves delivery survives them. */
  private readonly sent = new Map<string, string>();
  /** Async deliveries waiting for their run's final message. */
  private readonly pendingDelivery = new Map<string, SimAsyncDelivery>();
  /** Chat replies claimed by a waiting question, with the run that asked: a repeat is "in_flight" while that run goes on. */
  private readonly claims = new Map<string, string>();
  private readonly publishChat: (event: string, payload: unknown) => void;
  /** Tells `onChange`, once per burst of changes. */
  private readonly changed: () => void;

  constructor(
    clock: SimClock,
    publish: (event: string, payload: unknown) => void,
    private readonly opts: SimChatOptions,
  ) {
    this.changed = opts.onChange ? oncePerMicrotask(opts.onChange) : () => undefined;
    this.publishChat = publish;
    this.transcripts = new SimTranscripts(clock, opts, this.changed);
    // Every run change publishes an event, so watching publish catches starts, streams and endings alike.
    const publishRun = (event: string, payload: unknown) => {
      publish(event, payload);
      this.changed();
    };
    this.runs = new SimRuns(clock, publishRun, (run, outcome, detail) => this.settled(run, outcome, detail));
    this.codex = new SimCodexRunner(this, opts.stepMs);
  }

  /** The state a reload must keep (see `SimChatDump`). */
  dump(): SimChatDump {
    return dumpChat({ sessions: this.transcripts.sessions, sent: this.sent, pendingDelivery: this.pendingDelivery, runs: this.runs }, this.transcripts.counter);
  }

  /** Replaces the state with a dump, silently: runs that were going are going again, without new events. */
  load(dump: SimChatDump): void {
    const loaded = loadChat({ sessions: this.transcripts.sessions, sent: this.sent, pendingDelivery: this.pendingDelivery, runs: this.runs }, dump);
    this.transcripts.counter = loaded.counter;
    // Replies cut short when the page went away go on, as the gateway's own process would have carried on.
    for (const { run, userText } of loaded.replies) this.respond(run, userText);
  }

  /**
   * Stores the user message and starts a run; the same idempotency key answers with the same run and adds nothing.
   * While an agent run's question waits in the session, the message is that question's answer instead (when its
   * creator sent it): no run starts, and the verdict comes as a `chat` event under the message's key. While a
   * scripted Codex run goes on in the session, the message is steered into that run instead of starting one.
   */
  send(p: ChatSendParams, callerId?: string, profileId?: string): { runId: string; status: string } {
    const known = this.sent.get(p.idempotencyKey);
    if (known !== undefined) return { runId: known, status: this.runs.get(this.claims.get(known) ?? known)?.status === "running" ? "in_flight" : "ok" };
    const runId = p.idempotencyKey;
    const sessionKey = this.transcripts.canonical(p.sessionKey);
    this.sent.set(p.idempotencyKey, runId);
    // The first message makes a session; a guest's makes it that guest's own.
    if (profileId !== undefined && this.transcripts.isNew(sessionKey)) this.transcripts.session(sessionKey).createdBy = profileId;
    const claim = this.opts.claimReply?.(sessionKey, p.message, callerId, hasImage(p));
    const steeredInto = claim ? undefined : this.codex.running(sessionKey);
    // The Codex plugin marks the prompt of a turn it starts; a steered message is no turn's prompt.
    const codex = !claim && !steeredInto && (this.codex.scripted(p.message) || this.transcripts.isCodexSession(sessionKey));
    const idempotencyKey = `${p.idempotencyKey}:user`;
    this.append(sessionKey, {
      role: "user",
      content: p.message,
      idempotencyKey,
      ...(p.replyToId ? { replyToId: p.replyToId } : {}),
      __openclaw: { idempotencyKey, ...(p.replyToId ? { replyToId: p.replyToId } : {}), ...(codex ? codexPromptMarks(runId) : {}) },
    });
    if (claim) {
      this.claims.set(runId, claim.runId);
      // The verdict follows the acknowledgement, as on the gateway: an empty final, or an error with its words.
      queueMicrotask(() => {
        const verdict = claim.verdict();
        if (verdict) this.publishVerdict(sessionKey, runId, verdict);
      });
      return { runId, status: "started" };
    }
    if (steeredInto) {
      this.codex.steer(steeredInto, p.message);
      return { runId, status: "started" };
    }
    // The acknowledgement must reach the sender before the run's first event, as on the gateway.
    queueMicrotask(() => this.startReply(sessionKey, runId, p.message, callerId, profileId, codex));
    return { runId, status: "started" };
  }

  /**
   * Whether a guest (a verified profile admitted by operator.sessions.write alone) may write in a session: one it
   * created, or one nobody has written in yet (its message then creates it). Anyone else's is refused, the owner's too.
   */
  guestMayWrite(sessionKey: string, profileId: string): boolean {
    const key = this.transcripts.canonical(sessionKey);
    return this.transcripts.isNew(key) || this.transcripts.sessions.get(key)?.createdBy === profileId;
  }

  /** The newest `limit` messages of a session, oldest first, with what the gateway says about its runs. */
  history(sessionKey: string, limit = DEFAULT_HISTORY_LIMIT): { sessionKey: string; sessionId: string; messages: SimChatMessage[]; sessionInfo: SimSessionInfo } {
    const key = this.transcripts.canonical(sessionKey);
    const session = this.transcripts.session(key);
    const activeRunIds = this.runs.active(key).map((r) => r.runId);
    const sessionInfo: SimSessionInfo = {
      key,
      status: activeRunIds.length ? "running" : "done",
      hasActiveRun: activeRunIds.length > 0,
      activeRunIds,
      ...(session.lastRunId ? { lastRunId: session.lastRunId } : {}),
    };
    return { sessionKey: key, sessionId: session.sessionId, messages: session.messages.slice(-limit), sessionInfo };
  }

  /** Aborts the session's running runs, or just `runId`. */
  abort(sessionKey: string, runId?: string): { ok: true; aborted: boolean; runIds: string[] } {
    const runs = this.runs.active(this.transcripts.canonical(sessionKey)).filter((r) => runId === undefined || r.runId === runId);
    for (const run of runs) this.runs.abort(run);
    return { ok: true, aborted: runs.length > 0, runIds: runs.map((r) => r.runId) };
  }

  /** Starts a run with no user message (a scripted agent turn); it stays open until completed, failed or aborted. */
  startRun(sessionKey: string, runId = this.transcripts.nextId("run")): SimRun {
    this.transcripts.session(sessionKey).lastRunId = runId;
    return this.runs.start(sessionKey, runId);
  }

  /**
   * Resumes an interrupted turn as the gateway's restart recovery does: a system user message with
   * `provenance {kind: "internal_system", sourceTool: "main_session_restart_recovery"}`, then a run under a new
   * runId that stays open for `completeRun`/`failRun`/`abortRun`. A `codex` one is a Codex turn: its prompt carries
   * the plugin's marks and its endings the Codex shapes.
   */
  recover(sessionKey: string, codex = false): SimRun {
    const runId = this.transcripts.nextId("recovery");
    const idempotencyKey = `${runId}:user`;
    this.append(sessionKey, {
      role: "user",
      content: RESTART_RECOVERY_PROMPT,
      idempotencyKey,
      provenance: { kind: "internal_system", sourceTool: "main_session_restart_recovery", sourceSessionKey: sessionKey },
      __openclaw: { idempotencyKey, ...(codex ? codexPromptMarks(runId) : { runId }) },
    });
    const run = this.startRun(sessionKey, runId);
    if (codex) run.codex = true;
    return run;
  }

  /**
   * Saves async questions as the Codex plugin does: at once, on an assistant row of their own that names no run and
   * that no `chat` event carries (only the `session.message` feed does). Without a running `runId`, a short run of
   * their own saves them and ends with no reply.
   */
  deliverAsync(sessionKey: string, delivery: SimAsyncDelivery, text: string, runId?: string): SimRun {
    const running = runId === undefined ? undefined : this.runs.get(runId);
    // A settled run keeps its id, so the questions then get a fresh run of their own.
    const run = running?.status === "running" ? running : this.startRun(sessionKey, running ? undefined : runId);
    run.codex = true;
    this.append(run.sessionKey, codexAsyncRow(run.sessionKey, run.runId, delivery, text));
    if (run !== running) this.runs.complete(run, "");
    return run;
  }

  /** Adds a message to a session's transcript, numbering it. */
  append(sessionKey: string, draft: SimRowDraft): SimChatMessage {
    return this.transcripts.append(sessionKey, draft);
  }

  /** Stops all runs without events, as a restart does; transcripts stay. Returns the sessions whose runs were cut off. */
  stopRuns(): string[] {
    const interrupted = [...new Set(this.runs.active().map((r) => r.sessionKey))];
    this.runs.clear();
    this.pendingDelivery.clear();
    this.changed();
    return interrupted;
  }

  /** Streams `text` as the run's reply and completes it; a run whose transcript changed under it fails instead. */
  finishWith(run: SimRun, text: string): void {
    if (run.transcriptChanged) {
      this.runs.later(run, this.opts.stepMs, () => this.runs.fail(run, "Agent run failed before producing a reply."));
      return;
    }
    run.text = "";
    const chunks = streamChunks(text);
    chunks.forEach((chunk, i) => this.runs.later(run, this.opts.stepMs * (i + 1), () => this.runs.stream(run, chunk)));
    this.runs.later(run, this.opts.stepMs * (chunks.length + 1), () => this.runs.complete(run));
  }

  private publishVerdict(sessionKey: string, runId: string, verdict: SimClaimVerdict): void {
    const body = verdict.taken ? { state: "final" } : { state: "error", errorMessage: verdict.message };
    this.publishChat("chat", { runId, sessionKey, seq: 1, ...body });
    this.changed();
  }

  private startReply(sessionKey: string, runId: string, userText: string, creatorId?: string, profileId?: string, codex = false): void {
    const run = this.startRun(sessionKey, runId);
    if (creatorId !== undefined) run.creatorId = creatorId;
    if (profileId !== undefined) run.profileId = profileId;
    if (codex) run.codex = true;
    this.respond(run, userText);
  }

  // A scripted message plays its Codex script; any other gets the simulated agent's reply (in a Codex session, in
  // the Codex shapes: the real Codex gateway runs every turn there through the plugin).
  private respond(run: SimRun, userText: string): void {
    if (!this.codex.play(run, userText)) this.reply(run, userText);
  }

  private reply(run: SimRun, userText: string): void {
    const turn = this.opts.reply?.(userText);
    if (turn === undefined) return;
    if (typeof turn === "string") return this.finishWith(run, turn);
    this.opts.askUser?.(run, turn);
  }

  private settled(run: SimRun, outcome: SimRunOutcome, detail: SimSettleDetail = {}): Record<string, unknown> | undefined {
    const delivery = this.pendingDelivery.get(run.runId);
    this.pendingDelivery.delete(run.runId);
    const message = saveRunEnding(this.transcripts, run, outcome, detail, delivery);
    this.opts.onRunEnded(run, outcome);
    return message ? endingEventMessage(run, outcome, message) : undefined;
  }
}
