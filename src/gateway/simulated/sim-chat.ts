import type { ChatSendParams } from "../../protocol";
import type { SimClock } from "./sim-clock";
import { SimRuns, type SimRun, type SimRunOutcome, type SimTextPart } from "./sim-runs";

/** One async (Codex) question: a title and, optionally, up to four string choices. */
export interface SimAsyncQuestion {
  title: string;
  options?: string[];
}

/** The `openclawAsyncDelivery` block an assistant message carries. */
export interface SimAsyncDelivery {
  itemId: string;
  questions: SimAsyncQuestion[];
}

/** A transcript message as `chat.history` returns it: user text is a plain string, assistant text a list of parts. */
export interface SimChatMessage {
  role: "user" | "assistant";
  content: string | SimTextPart[];
  timestamp: number;
  /** On user messages: the `chat.send` idempotency key with `:user` appended, as the gateway stores it. */
  idempotencyKey?: string;
  stopReason?: string;
  replyToId?: string;
  openclawAsyncDelivery?: SimAsyncDelivery;
  __openclaw: { id: string; seq: number; runId?: string; idempotencyKey?: string };
}

/** How the simulated agent answers a chat message. */
export interface SimChatOptions {
  /** The assistant's reply to a user message; undefined leaves the run open for `completeRun`/`failRun`. */
  reply?: (message: string) => string | undefined;
  /** Pause between streamed reply chunks, in ms. */
  stepMs: number;
  /** Called once per run as it settles, before its terminal `chat` event. */
  onRunEnded: (run: SimRun, outcome: SimRunOutcome) => void;
}

interface Session {
  sessionId: string;
  messages: SimChatMessage[];
}

/** Most messages `chat.history` returns when no limit is given. @default 200 */
export const DEFAULT_HISTORY_LIMIT = 200;

function chunksOf(text: string): string[] {
  const words = text.split(/(?<=\s)/u);
  const size = Math.max(1, Math.ceil(words.length / 3));
  const chunks: string[] = [];
  for (let i = 0; i < words.length; i += size) chunks.push(words.slice(i, i + size).join(""));
  return chunks;
}

/** Per-session transcripts, idempotent `chat.send`, simulated replies, aborts and async-question messages. */
export class SimChat {
  readonly runs: SimRuns;
  private readonly sessions = new Map<string, Session>();
  /** idempotencyKey → runId; kept across restarts because the transcript that proves delivery survives them. */
  private readonly sent = new Map<string, string>();
  /** Async deliveries waiting for their run's final message. */
  private readonly pendingDelivery = new Map<string, SimAsyncDelivery>();
  private counter = 0;

  constructor(
    private readonly clock: SimClock,
    publish: (event: string, payload: unknown) => void,
    private readonly opts: SimChatOptions,
  ) {
    this.runs = new SimRuns(clock, publish, (run, outcome) => this.settled(run, outcome));
  }

  /** Stores the user message and starts a run; the same idempotency key answers with the same run and adds nothing. */
  send(p: ChatSendParams): { runId: string; status: string } {
    const known = this.sent.get(p.idempotencyKey);
    if (known !== undefined) return { runId: known, status: this.runs.get(known)?.status === "running" ? "in_flight" : "ok" };
    const runId = p.idempotencyKey;
    this.sent.set(p.idempotencyKey, runId);
    const idempotencyKey = `${p.idempotencyKey}:user`;
    this.append(p.sessionKey, {
      role: "user",
      content: p.message,
      idempotencyKey,
      ...(p.replyToId ? { replyToId: p.replyToId } : {}),
      __openclaw: { idempotencyKey },
    });
    // The acknowledgement must reach the sender before the run's first event, as on the gateway.
    queueMicrotask(() => this.startReply(p.sessionKey, runId, p.message));
    return { runId, status: "started" };
  }

  /** The newest `limit` messages of a session, oldest first. */
  history(sessionKey: string, limit = DEFAULT_HISTORY_LIMIT): { sessionKey: string; sessionId: string; messages: SimChatMessage[] } {
    const session = this.session(sessionKey);
    return { sessionKey, sessionId: session.sessionId, messages: session.messages.slice(-limit) };
  }

  /** Aborts the session's running runs, or just `runId`. */
  abort(sessionKey: string, runId?: string): { ok: true; aborted: boolean; runIds: string[] } {
    const runs = this.runs.active(sessionKey).filter((r) => runId === undefined || r.runId === runId);
    for (const run of runs) this.runs.abort(run);
    return { ok: true, aborted: runs.length > 0, runIds: runs.map((r) => r.runId) };
  }

  /** Starts a run with no user message (a scripted agent turn); it stays open until completed, failed or aborted. */
  startRun(sessionKey: string, runId = this.nextId("run")): SimRun {
    return this.runs.start(sessionKey, runId);
  }

  /** Attaches async questions to the final message of a running `runId`, or of a short run of their own. */
  deliverAsync(sessionKey: string, delivery: SimAsyncDelivery, text: string, runId?: string): SimRun {
    const running = runId === undefined ? undefined : this.runs.get(runId);
    // A settled run keeps its id, so the questions then get a fresh run of their own.
    const run = running?.status === "running" ? running : this.startRun(sessionKey, running ? undefined : runId);
    this.pendingDelivery.set(run.runId, delivery);
    if (run !== running) this.runs.complete(run, text);
    else if (text && !run.text) run.text = text;
    return run;
  }

  /** Adds a message to a session's transcript, numbering it. */
  append(sessionKey: string, draft: Omit<SimChatMessage, "timestamp" | "__openclaw"> & { __openclaw?: Partial<SimChatMessage["__openclaw"]> }): SimChatMessage {
    const session = this.session(sessionKey);
    const message: SimChatMessage = {
      ...draft,
      timestamp: this.clock.now(),
      __openclaw: { ...draft.__openclaw, id: this.nextId("msg"), seq: session.messages.length + 1 },
    };
    session.messages.push(message);
    return message;
  }

  /** Stops all runs without events, as a restart does; transcripts stay. */
  stopRuns(): void {
    this.runs.clear();
    this.pendingDelivery.clear();
  }

  private startReply(sessionKey: string, runId: string, userText: string): void {
    const run = this.runs.start(sessionKey, runId);
    const reply = this.opts.reply?.(userText);
    if (reply === undefined) return;
    const chunks = chunksOf(reply);
    chunks.forEach((chunk, i) => this.runs.later(run, this.opts.stepMs * (i + 1), () => this.runs.stream(run, chunk)));
    this.runs.later(run, this.opts.stepMs * (chunks.length + 1), () => this.runs.complete(run));
  }

  private settled(run: SimRun, outcome: SimRunOutcome): Record<string, unknown> | undefined {
    const delivery = this.pendingDelivery.get(run.runId);
    this.pendingDelivery.delete(run.runId);
    let message: SimChatMessage | undefined;
    if (outcome !== "error" && (run.text || delivery)) {
      message = this.append(run.sessionKey, {
        role: "assistant",
        content: run.text ? [{ type: "text", text: run.text }] : [],
        stopReason: outcome === "ok" ? "stop" : "aborted",
        ...(delivery ? { openclawAsyncDelivery: delivery } : {}),
        __openclaw: { runId: run.runId },
      });
    }
    this.opts.onRunEnded(run, outcome);
    if (!message) return undefined;
    // Live events carry the display message without its transcript bookkeeping.
    const { role, content, timestamp, openclawAsyncDelivery } = message;
    return { role, content, timestamp, ...(openclawAsyncDelivery ? { openclawAsyncDelivery } : {}) };
  }

  private session(sessionKey: string): Session {
    let session = this.sessions.get(sessionKey);
    if (!session) {
      session = { sessionId: this.nextId("session"), messages: [] };
      this.sessions.set(sessionKey, session);
    }
    return session;
  }

  private nextId(prefix: string): string {
    this.counter += 1;
    return `${prefix}-${this.counter}`;
  }
}
