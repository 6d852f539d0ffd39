import { codexTurnOf, sentKeyOf, type ChatMessage } from "../../protocol/chat-message";
import { runEndingOf, type RunEnding } from "../../protocol/run-ending";

/** One run as the history shows it: where its turn started and how it ended. */
export interface RunSpan {
  key: string;
  /** Position of its first message: the person's message that started it, or its first own message. */
  start: number;
  /** Its last ending (see `runEndingOf`), if the history holds one. */
  ending?: RunEnding;
  /** It was aborted or failed: no later row of it makes it a success. */
  stopped?: boolean;
}

/** True for a message a person wrote (not one the gateway injected, such as a restart-recovery prompt). */
export function isPersonMessage(message: ChatMessage): boolean {
  const kind = message.provenance?.kind;
  return message.role === "user" && (kind === undefined || kind === "external_user");
}

/** A monotonic position per message: its transcript `seq` where it has one, else one past the previous position. */
// Positions survive the history window moving on, which array indexes do not; without seqs they are the indexes.
export function messagePositions(messages: readonly ChatMessage[]): number[] {
  const out: number[] = [];
  let previous = -1;
  for (const m of messages) {
    previous = m.seq !== undefined && m.seq > previous ? m.seq : previous + 1;
    out.push(previous);
  }
  return out;
}

/** The position a reopen is measured from: one past the newest message. Runs starting there or later are "after the reopen". */
export function reopenAnchor(messages: readonly ChatMessage[]): number {
  return (messagePositions(messages).at(-1) ?? -1) + 1;
}

/** The run a message belongs to: its key, and whether that key is the gateway's run id or only a stand-in for a turn. */
export interface RunOfMessage {
  key: string;
  /** The key is a run id the history names (on the message, its Codex turn, or the person's `<runId>:user` key). */
  known: boolean;
}

/** The Codex turns whose mirrored rows name their run (the prompt, commentary, the final): turn id → run id. */
// An async question's row names only its turn; a row of the same turn that carries the run id binds it.
export function codexTurnRuns(messages: readonly ChatMessage[]): Map<string, string> {
  const turns = new Map<string, string>();
  for (const m of messages) {
    const turn = codexTurnOf(m);
    if (turn !== undefined && m.runId !== undefined && !turns.has(turn)) turns.set(turn, m.runId);
  }
  return turns;
}

/**
 * The run of every message, in order: its runId; else the run its Codex turn names; for a user message the run its
 * `<runId>:user` key names; else the turn of the user message before it.
 */
export function runsOfMessages(messages: readonly ChatMessage[], positions: readonly number[]): RunOfMessage[] {
  const turns = codexTurnRuns(messages);
  let turn: RunOfMessage | undefined;
  return messages.map((m, i) => {
    const pos = positions[i]!;
    const bound = m.runId ?? turns.get(codexTurnOf(m) ?? "");
    if (m.role === "user") {
      const sent = bound ?? sentKeyOf(m);
      turn = sent !== undefined ? { key: sent, known: true } : { key: `turn@${pos}`, known: false };
      return turn;
    }
    if (bound !== undefined) return { key: bound, known: true };
    return turn ?? { key: `orphan@${pos}`, known: false };
  });
}

/** Groups a history into runs (see `runsOfMessages`): where each started and how it ended. */
// One run holds every row it saved, so an abort's two rows (the gateway's and the mirrored one) end it once.
export function mapRuns(messages: readonly ChatMessage[], positions: readonly number[], owners = runsOfMessages(messages, positions)): Map<string, RunSpan> {
  const runs = new Map<string, RunSpan>();
  messages.forEach((m, i) => {
    const pos = positions[i]!;
    const { key } = owners[i]!;
    const run = runs.get(key) ?? { key, start: pos };
    run.start = Math.min(run.start, pos);
    const ending = runEndingOf(m);
    // The last ending counts (a commentary can precede the reply), but a stop or a failure is never undone.
    if (ending && !run.stopped) run.ending = ending;
    if (ending === "settled" && m.phase !== "commentary") run.stopped = true;
    runs.set(key, run);
  });
  return runs;
}
