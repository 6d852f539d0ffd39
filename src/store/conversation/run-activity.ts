import { runEndingOfLifecycle, type LifecycleEventData } from "../../protocol/run-ending";
import type { ChatEvent } from "../../protocol/chat-message";

/** Stands for "a run is active" when the history says so without naming it. */
const UNNAMED_RUN = "";

/** What `chat.history` says about runs: `sessionInfo.hasActiveRun` and `activeRunIds`, when present. */
export type RunSnapshot = { hasActiveRun?: boolean; activeRunIds?: string[] };

/** How many ended run ids are remembered, to tell a straggling event or a lagging snapshot from a live run. */
const ENDED_MEMORY = 200;

/** Which runs of one session are going, from `chat` and `agent` events plus the history's `sessionInfo`. */
// Events during a history request are newer than its snapshot, so they are replayed over it. A run seen to end
// stays ended until a lifecycle `start`: a late `delta` (an abort racing a fallback) or a stale snapshot must not
// leave the conversation busy for good, as queued answers wait for the run to go idle.
export class RunActivity {
  private readonly active = new Set<string>();
  private readonly ended = new Set<string>();
  /** Per open history request: what events said about each run meanwhile (true = running). */
  private readonly pending = new Map<number, Map<string, boolean>>();
  private nextToken = 0;

  /** The runs believed to be going. */
  ids(): string[] {
    return [...this.active].filter((id) => id !== UNNAMED_RUN);
  }

  /** True while any run is believed to be going. */
  isActive(): boolean {
    return this.active.size > 0;
  }

  /** Notes a `chat` event: status and delta mean running; final, error and aborted mean over. */
  onChat(event: ChatEvent): void {
    const { runId, state } = event;
    if ((state === "status" || state === "delta") && !this.ended.has(runId)) this.note(runId, true);
    // A bare final only acknowledges a send queued behind a busy run: that run is still going.
    else if (state === "error" || state === "aborted" || (state === "final" && event.message)) this.note(runId, false);
  }

  /** Notes an `agent` lifecycle event: `start` means running; any ending (success, error, abort) means over. */
  onLifecycle(runId: string, data: LifecycleEventData): void {
    if (data.phase === "start") {
      this.ended.delete(runId);
      this.note(runId, true);
    } else if (runEndingOfLifecycle(data) !== null) this.note(runId, false);
  }

  /** Call when sending a history request; pass the token to `applySnapshot` with its answer. */
  beginSnapshot(): number {
    const token = ++this.nextToken;
    this.pending.set(token, new Map());
    return token;
  }

  /** Forgets a request that failed. */
  dropSnapshot(token: number): void {
    this.pending.delete(token);
  }

  /** Takes the history's word for which runs are going (without `sessionInfo`: drops the runs it shows ended), then replays newer events. */
  applySnapshot(token: number, snapshot: RunSnapshot | undefined, endedInHistory: ReadonlySet<string>): void {
    const newer = this.pending.get(token) ?? new Map<string, boolean>();
    this.pending.delete(token);
    if (snapshot?.hasActiveRun !== undefined || snapshot?.activeRunIds !== undefined) {
      this.active.clear();
      const listed = snapshot.activeRunIds ?? [];
      for (const id of listed) if (!this.ended.has(id)) this.active.add(id);
      if (snapshot.hasActiveRun && listed.length === 0) this.active.add(UNNAMED_RUN);
    } else {
      for (const id of endedInHistory) this.active.delete(id);
    }
    for (const [id, running] of newer) this.set(id, running);
  }

  private note(runId: string, running: boolean): void {
    for (const newer of this.pending.values()) newer.set(runId, running);
    this.set(runId, running);
  }

  private set(runId: string, running: boolean): void {
    if (running) return void this.active.add(runId);
    this.ended.delete(runId);
    this.ended.add(runId);
    if (this.ended.size > ENDED_MEMORY) this.ended.delete(this.ended.values().next().value as string);
    // A run ending that was never seen by name is, as far as anyone can tell, the unnamed one from the snapshot.
    if (!this.active.delete(runId)) this.active.delete(UNNAMED_RUN);
  }
}
