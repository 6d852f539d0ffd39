// Run activity decides when queued answers may go out, so a run it wrongly believes busy holds answers back
// with no event left to release them. Pure: events and history snapshots in, "is a run going" out.
import { describe, expect, it } from "vitest";
import type { ChatEvent } from "../../../src/protocol";
import { RunActivity } from "../../../src/store/conversation/run-activity";

const chat = (runId: string, state: string, extra: Partial<ChatEvent> = {}): ChatEvent => ({ runId, state, ...extra });
const ENDED_BY_ABORT = { phase: "end", status: "cancelled", aborted: true };

describe("RunActivity", () => {
  it("a status or delta that straggles in after the run's ending does not make it busy again", () => {
    const runs = new RunActivity();
    runs.onLifecycle("r1", { phase: "start" });
    runs.onChat(chat("r1", "status"));
    runs.onChat(chat("r1", "aborted"));
    runs.onLifecycle("r1", ENDED_BY_ABORT);
    runs.onChat(chat("r1", "status"));
    runs.onChat(chat("r1", "delta"));
    expect(runs.isActive()).toBe(false);
  });

  it("a run that starts again after its ending is busy again", () => {
    const runs = new RunActivity();
    runs.onChat(chat("r1", "final", { message: { role: "assistant", content: [] } as never }));
    runs.onLifecycle("r1", { phase: "start" });
    runs.onChat(chat("r1", "delta"));
    expect(runs.ids()).toEqual(["r1"]);
  });

  it("a history snapshot taken before the gateway noted an ending the events already showed does not revive the run", () => {
    const runs = new RunActivity();
    runs.onLifecycle("r1", { phase: "start" });
    runs.onChat(chat("r1", "aborted"));
    const token = runs.beginSnapshot();
    runs.applySnapshot(token, { hasActiveRun: true, activeRunIds: ["r1"] }, new Set());
    expect(runs.isActive()).toBe(false);
  });

  it("takes a snapshot's other runs, and an unnamed busy run, as going until they end", () => {
    const runs = new RunActivity();
    runs.onChat(chat("r1", "error"));
    runs.applySnapshot(runs.beginSnapshot(), { hasActiveRun: true, activeRunIds: ["r1", "r2"] }, new Set());
    expect(runs.ids()).toEqual(["r2"]);

    runs.applySnapshot(runs.beginSnapshot(), { hasActiveRun: true }, new Set());
    expect(runs.isActive()).toBe(true);
    runs.onChat(chat("r3", "error"));
    expect(runs.isActive()).toBe(false);
  });

  it("replays an ending that arrives while the snapshot is out over the snapshot", () => {
    const runs = new RunActivity();
    runs.onLifecycle("r1", { phase: "start" });
    const token = runs.beginSnapshot();
    runs.onLifecycle("r1", { phase: "error" });
    runs.applySnapshot(token, { hasActiveRun: true, activeRunIds: ["r1"] }, new Set());
    expect(runs.isActive()).toBe(false);
  });
});
