// Scripted Codex runs, played the way the real gateway's Codex plugin plays a scripted app-server's turn
// (docs/gateway-findings.md §12): a chat message containing a scripted key starts a Codex run; a message sent while
// one goes on in its session is steered into it and its own script plays beside the run's; the run ends once,
// when every script playing in it has ended. The chat store saves what each step leaves, in the plugin's shapes.
import type { SimCodexChat as SimChat } from "./sim-codex-chat";
import { codexAsyncRow, codexCommentaryRow } from "./sim-codex-rows";
import type { SimRun } from "./sim-runs";

/** One step of a scripted Codex turn, as the test app-server's scripts write it. */
export type SimCodexStep =
  /** An assistant message; `final_answer` text joins the run's reply, `commentary` is saved on a row of its own. */
  | { say: string; phase?: "commentary" | "final_answer" }
  /** Async questions on a row of their own, saved at once. */
  | { ask: { title: string; options?: string[] }[]; itemId?: string; text?: string }
  | { waitMs: number }
  /** Waits until `release(key)` (or the run ends). */
  | { waitFor: string }
  /** Goes on until the run is aborted. */
  | { hang: true }
  /** The turn fails; steered scripts still play to their end first. */
  | { fail: string };

/** The scripting API of a simulated gateway's Codex runs. */
export interface SimCodexScripts {
  /** A run whose message contains `key` plays `steps` (the longest matching key wins); scripting a key again un-releases it. */
  script(key: string, steps: readonly SimCodexStep[]): void;
  /** Lets steps waiting on `{ waitFor: key }` go on, now and later. */
  release(key: string): void;
}

/** What one running Codex run plays: how many scripts are still going in it, and the first failure. */
interface Play {
  run: SimRun;
  /** The message that started the run: a recovered run plays its script again. */
  message: string;
  open: number;
  failure?: string;
}

/** Plays scripted Codex runs on a simulated gateway's chat store. */
export class SimCodexRunner implements SimCodexScripts {
  private readonly scripts = new Map<string, readonly SimCodexStep[]>();
  private readonly released = new Set<string>();
  private readonly waiting = new Map<string, Array<() => void>>();
  private readonly plays = new Map<string, Play>();
  private counter = 0;

  constructor(
    private readonly chat: SimChat,
    private readonly stepMs: number,
  ) {}

  script(key: string, steps: readonly SimCodexStep[]): void {
    this.scripts.set(key, steps.map((s) => ({ ...s })));
    this.released.delete(key);
  }

  release(key: string): void {
    this.released.add(key);
    const waiters = this.waiting.get(key) ?? [];
    this.waiting.delete(key);
    for (const go of waiters) go();
  }

  /** Whether a message starts a scripted run. */
  scripted(message: string): boolean {
    return this.stepsFor(message) !== undefined;
  }

  /** The Codex run this script runner plays in a session, if one is going: a new message there is steered into it. */
  running(sessionKey: string): SimRun | undefined {
    return [...this.plays.values()].find((p) => p.run.status === "running" && p.run.sessionKey === sessionKey)?.run;
  }

  /** Plays the script `message` names on a run that just started; false when no script names it. */
  play(run: SimRun, message: string): boolean {
    const steps = this.stepsFor(message);
    if (!steps) return false;
    run.codex = true;
    const play: Play = { run, message, open: 1 };
    this.plays.set(run.runId, play);
    this.playFrom(play, steps, 0);
    return true;
  }

  /** Plays a steered message's script (none: nothing) inside a running run, which now also waits for it to end. */
  steer(run: SimRun, message: string): void {
    const play = this.plays.get(run.runId);
    if (!play) return;
    play.open += 1;
    this.playFrom(play, this.stepsFor(message) ?? [], 0);
  }

  /**
   * Forgets every play, as a stopping gateway does; returns the message of each session's run that was going, so a
   * recovered run can play that script again. Call before the runs are stopped.
   */
  stopAll(): Map<string, string> {
    const cut = new Map<string, string>();
    for (const p of this.plays.values()) if (p.run.status === "running") cut.set(p.run.sessionKey, p.message);
    this.plays.clear();
    this.waiting.clear();
    return cut;
  }

  // The longest key wins, so a key that another contains can still be told apart.
  private stepsFor(message: string): readonly SimCodexStep[] | undefined {
    const key = [...this.scripts.keys()].filter((k) => message.includes(k)).sort((a, b) => b.length - a.length)[0];
    return key === undefined ? undefined : this.scripts.get(key);
  }

  private playFrom(play: Play, steps: readonly SimCodexStep[], at: number): void {
    const { run } = play;
    // An abort or a restart ended the run; its steps stop with it.
    if (run.status !== "running" || this.plays.get(run.runId) !== play) return;
    const step = steps[at];
    if (!step) return this.ended(play);
    const next = (ms = this.stepMs) => this.chat.runs.later(run, ms, () => this.playFrom(play, steps, at + 1));
    if ("say" in step) {
      if (step.phase === "commentary") this.chat.append(run.sessionKey, codexCommentaryRow(run.sessionKey, run.runId, this.nextId("msg"), step.say));
      // The run's reply is every final answer of the turn, steered ones too, in the order they came.
      else this.chat.runs.stream(run, run.text ? `\n\n${step.say}` : step.say);
      return next();
    }
    if ("ask" in step) {
      const delivery = { itemId: step.itemId ?? this.nextId("ask"), questions: step.ask.map((q) => ({ ...q })) };
      this.chat.append(run.sessionKey, codexAsyncRow(run.sessionKey, run.runId, delivery, step.text ?? step.ask.map((q) => q.title).join("\n")));
      return next();
    }
    if ("waitMs" in step) return next(step.waitMs);
    if ("waitFor" in step) {
      if (this.released.has(step.waitFor)) return next();
      const waiters = this.waiting.get(step.waitFor) ?? [];
      this.waiting.set(step.waitFor, [...waiters, () => next()]);
      return;
    }
    if ("fail" in step) {
      play.failure ??= step.fail;
      return this.ended(play);
    }
    // `hang`: nothing more happens until `chat.abort` ends the run.
  }

  // One script of the run ended; the run ends with the last of them, failed if any of them failed.
  private ended(play: Play): void {
    play.open -= 1;
    if (play.open > 0) return;
    this.plays.delete(play.run.runId);
    if (play.failure !== undefined) this.chat.runs.fail(play.run, play.failure);
    else this.chat.runs.complete(play.run);
  }

  private nextId(prefix: string): string {
    this.counter += 1;
    return `${prefix}-${this.counter}`;
  }
}
