// Scripted Codex runs on the simulated gateway: the script runner's edge cases, on a hand-driven clock so that no
// assertion depends on how fast the machine is. The shapes themselves are checked against the real gateway by the
// async conformance scenarios (test/conformance/scenarios/async.ts).
import { describe, expect, it } from "vitest";
import { createSimulatedGateway, type SimChatMessage } from "../../../src/simulated";
import { connect, ManualClock, type Wire } from "./wire";

const S = "agent:main:codex";
/** Far longer than any script here takes: every due step has played once the clock has moved this far. */
const SETTLE_MS = 60_000;

const textOf = (m: SimChatMessage) => (typeof m.content === "string" ? m.content : m.content.map((p) => ("text" in p ? String(p.text) : "")).join(""));
const isTerminal = (m: SimChatMessage) => m.__openclaw.runTerminal === true;

async function gateway() {
  const clock = new ManualClock();
  const sim = createSimulatedGateway({ clock, tickIntervalMs: 0, replyStepMs: 10, reply: () => "Plain reply." });
  const { wire } = await connect(sim);
  const send = async (message: string, key: string, sessionKey = S) => {
    const res = await wire.call("chat.send", { sessionKey, message, idempotencyKey: key });
    expect(res.payload).toMatchObject({ runId: key, status: "started" });
    await clock.advance(SETTLE_MS);
  };
  return { sim, wire, clock, send, settle: () => clock.advance(SETTLE_MS) };
}

const ends = (wire: Wire, runId: string) => wire.events("chat").filter((f) => f.payload.runId === runId && ["final", "error", "aborted"].includes(f.payload.state));

describe("scripted Codex runs", () => {
  it("marks the prompt of a scripted run with its run and turn, and ends with the joined final answers", async () => {
    const { sim, send } = await gateway();
    sim.codex.script("k1", [{ say: "Looking.", phase: "commentary" }, { ask: [{ title: "Which?", options: ["A", "B"] }], itemId: "q1" }, { say: "One." }, { say: "Two." }]);
    await send("go k1", "run-1");
    const [prompt, commentary, asked, final] = sim.history(S);
    const turn = asked!.__openclaw.mirrorIdentity!.split(":")[0];
    expect(prompt!.__openclaw).toMatchObject({ runId: "run-1", mirrorIdentity: `${turn}:prompt`, mirrorOrigin: "codex-app-server", idempotencyKey: "run-1:user" });
    expect(commentary).toMatchObject({ stopReason: "stop", __openclaw: { runId: "run-1", mirrorIdentity: `${turn}:commentary:msg-1` } });
    expect(isTerminal(commentary!)).toBe(false);
    expect(asked).toMatchObject({ openclawAsyncDelivery: { itemId: "q1", questions: [{ title: "Which?", options: ["A", "B"] }] } });
    expect(final!.__openclaw).toMatchObject({ runId: "run-1", runTerminal: true, mirrorIdentity: `${turn}:assistant` });
    expect(textOf(final!)).toBe("One.\n\nTwo.");
  });

  it("goes straight past a waitFor whose key was released before the run reached it, until the key is scripted again", async () => {
    const { sim, send } = await gateway();
    sim.codex.script("k2", [{ waitFor: "go" }, { say: "Done." }]);
    sim.codex.release("go");
    await send("first k2", "run-1");
    expect(sim.activeRuns()).toEqual([]);
    expect(textOf(sim.history(S).at(-1)!)).toBe("Done.");
    // Scripting a key again takes its release back, as a new script file does on the real side.
    sim.codex.script("go", []);
    await send("second k2", "run-2");
    expect(sim.activeRuns().map((r) => r.runId)).toEqual(["run-2"]);
  });

  it("runs a hang until chat.abort, which leaves the gateway's partial and the mirrored aborted reply, and nothing after", async () => {
    const { sim, wire, send, settle } = await gateway();
    sim.codex.script("k3", [{ say: "Half" }, { hang: true }]);
    await send("measure k3", "run-1");
    expect(sim.activeRuns().map((r) => r.runId)).toEqual(["run-1"]);
    await wire.call("chat.abort", { sessionKey: S, runId: "run-1" });
    await settle();
    expect(ends(wire, "run-1").map((f) => f.payload.state)).toEqual(["aborted"]);
    const rows = sim.history(S).slice(1);
    expect(rows.map((m) => [m.stopReason, textOf(m)])).toEqual([
      ["stop", "Half"],
      ["aborted", "Half"],
    ]);
    expect(rows[0]).toMatchObject({ openclawAbort: { aborted: true, runId: "run-1" } });
  });

  it("steers a message sent while a scripted run goes on into it: its script plays there, and the run ends once", async () => {
    const { sim, wire, send, settle } = await gateway();
    sim.codex.script("first", [{ ask: [{ title: "First?" }], itemId: "q1" }, { waitFor: "go" }, { say: "First done." }]);
    sim.codex.script("second", [{ say: "Second seen." }]);
    await send("start first", "run-1");
    await send("also second", "run-2");
    expect(sim.activeRuns().map((r) => r.runId)).toEqual(["run-1"]);
    const steered = sim.history(S).at(-1)!;
    expect(steered).toMatchObject({ role: "user", idempotencyKey: "run-2:user" });
    expect(steered.__openclaw.runId).toBeUndefined();
    expect(steered.__openclaw.mirrorIdentity).toBeUndefined();
    sim.codex.release("go");
    await settle();
    expect(ends(wire, "run-1")).toHaveLength(1);
    expect(ends(wire, "run-2")).toHaveLength(0);
    const terminal = sim.history(S).filter(isTerminal);
    expect(terminal.map((m) => [m.__openclaw.runId, textOf(m)])).toEqual([["run-1", "Second seen.\n\nFirst done."]]);
  });

  it("ends a failed run only once the scripts steered into it have ended, and then as a failure", async () => {
    const { sim, wire, send, settle } = await gateway();
    sim.codex.script("main", [{ waitFor: "go" }, { fail: "the model broke" }]);
    sim.codex.script("side", [{ waitFor: "later" }, { say: "Late words." }]);
    await send("work main", "run-1");
    await send("and side", "run-2");
    sim.codex.release("go");
    await settle();
    expect(sim.activeRuns().map((r) => r.runId)).toEqual(["run-1"]);
    sim.codex.release("later");
    await settle();
    expect(ends(wire, "run-1").map((f) => f.payload)).toMatchObject([{ state: "error", errorMessage: "the model broke" }]);
    expect(sim.history(S).at(-1)).toMatchObject({ role: "custom", customType: "run-failed-before-reply", __openclaw: { runId: "run-1" } });
  });

  it("recovers a run a restart cut off: the gateway's notice, then a new run playing the script from the start", async () => {
    const { sim, send, settle } = await gateway();
    sim.codex.script("k4", [{ ask: [{ title: "Keep going?" }], itemId: "q1" }, { waitFor: "go" }, { say: "Recovered." }]);
    await send("work k4", "run-1");
    const before = sim.history(S);
    sim.restart({ recoverInterrupted: true });
    await settle();
    const rows = sim.history(S);
    expect(rows.slice(0, before.length)).toEqual(before);
    const [notice, askedAgain] = rows.slice(before.length);
    expect(textOf(notice!)).toContain("interrupted by a gateway restart");
    expect(notice!.provenance).toMatchObject({ sourceTool: "main_session_restart_recovery" });
    expect(askedAgain!.openclawAsyncDelivery?.itemId).toBe("q1");
    const [recovered] = sim.activeRuns();
    expect(recovered!.runId).not.toBe("run-1");
    sim.codex.release("go");
    await settle();
    const end = sim.history(S).at(-1)!;
    expect(end.__openclaw).toMatchObject({ runId: recovered!.runId, runTerminal: true });
    expect(textOf(end)).toBe("Recovered.");
  });

  it("plays nothing more of a cut-off run after a restart without recovery, even once its key is released", async () => {
    const { sim, send, settle } = await gateway();
    sim.codex.script("k5", [{ waitFor: "go" }, { say: "Never." }]);
    await send("work k5", "run-1");
    const before = sim.history(S);
    sim.restart();
    sim.codex.release("go");
    await settle();
    expect(sim.history(S)).toEqual(before);
    expect(sim.activeRuns()).toEqual([]);
  });

  it("runs an unscripted message in a Codex session as a Codex run with the simulated reply; elsewhere as before", async () => {
    const { sim, send } = await gateway();
    sim.codex.script("k6", [{ say: "Scripted." }]);
    await send("start k6", "run-1");
    await send("an answer", "run-2");
    const end = sim.history(S).at(-1)!;
    expect(end.__openclaw).toMatchObject({ runId: "run-2", runTerminal: true });
    expect(textOf(end)).toBe("Plain reply.");
    await send("hello", "run-3", "agent:main:plain");
    const [prompt, reply] = sim.history("agent:main:plain");
    expect(prompt!.__openclaw.mirrorIdentity).toBeUndefined();
    expect(reply!.__openclaw.runTerminal).toBeUndefined();
  });
});
