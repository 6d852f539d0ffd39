import { runEndingOf, type ChatMessage, type RunEnding } from "../../protocol";

/** The provenance tool of the user message with which the gateway resumes a turn a restart interrupted. */
export const RESTART_RECOVERY_TOOL = "main_session_restart_recovery";

/** One run as the history shows it: where its turn started and how it ended. */
export interface RunSpan {
  key: string;
  /** Position of its first message: the person's message that started it, or its first own message. */
  start: number;
  /** Its last ending (see `runEndingOf`), if the history holds one. */
  ending?: RunEnding;
}

const USER_SUFFIX = ":user";

/** The `chat.send` idempotency key of a user message (its stored key without the gateway's `:user` suffix). */
export function sentKeyOf(message: ChatMessage): string | undefined {
  const key = message.idempotencyKey;
  return key?.endsWith(USER_SUFFIX) ? key.slice(0, -USER_SUFFIX.length) : undefined;
}

/** True for a message a person wrote (not one the gateway injected, such as a restart-recovery prompt). */
export function isPersonMessage(message: ChatMessage): boolean {
  const kind = message.provenance?.kind;
  return message.role === "user" && (kind === undefined || kind === "external_user");
}

/** True for the user message with which the gateway resumes a turn after a restart. */
export function isRestartRecovery(message: ChatMessage): boolean {
  return message.role === "user" && message.provenance?.kind === "internal_system" && message.provenance.sourceTool === RESTART_RECOVERY_TOOL;
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

/** Groups a history into runs: by runId, by a user message's `<runId>:user` key, else by the turn of the user message before. */
export function mapRuns(messages: readonly ChatMessage[], positions: readonly number[]): Map<string, RunSpan> {
  const runs = new Map<string, RunSpan>();
  let turn: string | undefined;
  messages.forEach((m, i) => {
    const pos = positions[i]!;
    const isUser = m.role === "user";
    const key = m.runId ?? (isUser ? (sentKeyOf(m) ?? `turn@${pos}`) : (turn ?? `orphan@${pos}`));
    if (isUser) turn = key;
    const run = runs.get(key) ?? { key, start: pos };
    run.start = Math.min(run.start, pos);
    const ending = runEndingOf(m);
    if (ending) run.ending = ending;
    runs.set(key, run);
  });
  return runs;
}
