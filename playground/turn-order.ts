// A run that failed or was stopped ends at its own turn. The gateway saves that ending when it happens, which can be
// after a later message and its reply (another run finished first); shown where it was saved, the failure would read
// as the later message's. The live error and the saved record both go through here, so one replaces the other in place.
import type { ChatEntry } from "./chat-entries";

/** Entries in feed order, each failed or stopped ending moved up to right after the last earlier row of its run (and the run-less replies that follow it); pure. */
export function endingsAtTheirTurn(entries: readonly ChatEntry[]): ChatEntry[] {
  const out: ChatEntry[] = [];
  for (const entry of entries) {
    const runId = entry.ending ? entry.runId : undefined;
    let last = -1;
    if (runId !== undefined) {
      for (let i = out.length - 1; i >= 0; i--) {
        if (out[i]!.runId === runId) {
          last = i;
          break;
        }
      }
    }
    // A reply naming no run (a Codex async row whose turn no saved row names yet) goes with the turn before it.
    while (last !== -1 && last + 1 < out.length && out[last + 1]!.runId === undefined && out[last + 1]!.role === "assistant") last += 1;
    // With no earlier row of its run (a run started elsewhere), the ending stays where it was saved.
    if (last === -1) out.push(entry);
    else out.splice(last + 1, 0, entry);
  }
  return out;
}
