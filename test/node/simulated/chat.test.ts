import { describe, expect, it } from "vitest";
import { createSimulatedGateway, type SimulatedGatewayOptions } from "../../../src/simulated";
import { connect, ManualClock, type WireFrame } from "./wire";

const MAIN = "agent:main:main";

async function setup(opts: SimulatedGatewayOptions = {}) {
  const clock = new ManualClock();
  const sim = createSimulatedGateway({ clock, tickIntervalMs: 0, replyStepMs: 10, ...opts });
  const { wire } = await connect(sim);
  return { sim, wire, clock };
}

/** The run's events as `event:state-or-phase` labels, in arrival order. */
function timeline(frames: WireFrame[], runId: string): string[] {
  return frames
    .filter((f) => (f.event === "chat" || f.event === "agent") && f.payload.runId === runId)
    .map((f) => (f.event === "chat" ? `chat:${f.payload.state}` : `agent:${f.payload.stream}:${f.payload.data.phase ?? ""}`));
}

const STARTED = ["agent:lifecycle:start", "chat:status", "agent:run_status:starting_model"];

function textOf(content: string | ReadonlyArray<object>): string | undefined {
  return typeof content === "string" ? content : ((content[0] as { text?: string } | undefined)?.text);
}

describe("chat.send", () => {
  it("starts a run named by the idempotency key and streams a reply to final", async () => {
    const { sim, wire, clock } = await setup();
    const res = await wire.call("chat.send", { sessionKey: MAIN, message: "Deploy it", idempotencyKey: "k1" });
    expect(res.payload).toMatchObject({ runId: "k1", status: "started" });
    await clock.advance(1000);
    expect(wire.frames.indexOf(res)).toBeLessThan(wire.frames.findIndex((f) => f.event === "agent"));
    const labels = timeline(wire.frames, "k1");
    const middle = labels.slice(3, -2);
    expect(labels.slice(0, 3)).toEqual(STARTED);
    expect(labels.slice(-2)).toEqual(["agent:lifecycle:end", "chat:final"]);
    expect(middle.length).toBeGreaterThan(0);
    expect(middle).toEqual(middle.map((_, i) => (i % 2 === 0 ? "agent:assistant:" : "chat:delta")));
    const final = wire.frames.find((f) => f.event === "chat" && f.payload.state === "final")!;
    expect(final.payload).toMatchObject({ sessionKey: MAIN, agentId: "main", stopReason: "stop", message: { role: "assistant", content: [{ type: "text", text: "Noted: Deploy it" }] } });
    const deltas = wire.frames.filter((f) => f.payload?.state === "delta");
    expect(deltas.map((f) => f.payload.deltaText).join("")).toBe("Noted: Deploy it");
    expect(deltas.at(-1)!.payload.message.content[0].text).toBe("Noted: Deploy it");
    const agentSeqs = wire.events("agent").map((f) => f.payload.seq);
    expect(agentSeqs).toEqual(agentSeqs.map((_, i) => i + 1));
    for (const f of wire.events("chat")) expect(agentSeqs).toContain(f.payload.seq);
    expect(sim.history().map((m) => [m.role, textOf(m.content)])).toEqual([
      ["user", "Deploy it"],
      ["assistant", "Noted: Deploy it"],
    ]);
  });

  it("treats a repeated idempotency key as the same message", async () => {
    const { sim, wire, clock } = await setup();
    await wire.call("chat.send", { sessionKey: MAIN, message: "Answer", idempotencyKey: "k1" });
    expect((await wire.call("chat.send", { sessionKey: MAIN, message: "Answer", idempotencyKey: "k1" })).payload).toEqual({ runId: "k1", status: "in_flight" });
    await clock.advance(1000);
    expect((await wire.call("chat.send", { sessionKey: MAIN, message: "Answer", idempotencyKey: "k1" })).payload).toEqual({ runId: "k1", status: "ok" });
    expect(sim.history().filter((m) => m.role === "user")).toHaveLength(1);
  });

  it("keeps replyToId on the stored user message", async () => {
    const { sim, wire } = await setup({ reply: false });
    await wire.call("chat.send", { sessionKey: MAIN, message: "> Which?\n\nmain", idempotencyKey: "k1", replyToId: "msg-9" });
    expect(sim.history()[0]).toMatchObject({ role: "user", content: "> Which?\n\nmain", replyToId: "msg-9", idempotencyKey: "k1:user", __openclaw: { idempotencyKey: "k1:user", seq: 1 } });
  });

  it.each([
    { name: "no idempotency key", params: { sessionKey: MAIN, message: "hi" }, message: "must have required property 'idempotencyKey'" },
    { name: "an empty session key", params: { sessionKey: "", message: "hi", idempotencyKey: "k" }, message: "at /sessionKey: must NOT have fewer than 1 characters" },
  ])("refuses $name", async ({ params, message }) => {
    const { wire } = await setup();
    const res = await wire.call("chat.send", params);
    expect(res.error.code).toBe("INVALID_REQUEST");
    expect(res.error.message).toContain(message);
  });
});

describe("chat.history", () => {
  it("returns the newest messages up to the limit, oldest first", async () => {
    const { wire, clock } = await setup();
    for (const k of ["a", "b", "c"]) await wire.call("chat.send", { sessionKey: MAIN, message: k, idempotencyKey: k });
    await clock.advance(1000);
    const res = await wire.call("chat.history", { sessionKey: MAIN, limit: 2 });
    expect(res.payload.sessionKey).toBe(MAIN);
    expect(res.payload.messages.map((m: { __openclaw: { seq: number } }) => m.__openclaw.seq)).toEqual([5, 6]);
  });

  it("keeps sessions apart", async () => {
    const { wire } = await setup({ reply: false });
    await wire.call("chat.send", { sessionKey: "agent:main:other", message: "elsewhere", idempotencyKey: "k" });
    expect((await wire.call("chat.history", { sessionKey: MAIN })).payload.messages).toEqual([]);
  });
});

describe("run outcomes", () => {
  it("aborts a run with chat.abort: chat aborted, lifecycle end (cancelled), then the aborted error", async () => {
    const { sim, wire } = await setup({ reply: false });
    await wire.call("chat.send", { sessionKey: MAIN, message: "long job", idempotencyKey: "k1" });
    await wire.until((f) => f.event === "agent" && f.payload.runId === "k1");
    sim.streamRun("k1", "Working");
    const res = await wire.call("chat.abort", { sessionKey: MAIN, runId: "k1" });
    expect(res.payload).toEqual({ ok: true, aborted: true, runIds: ["k1"] });
    expect(timeline(wire.frames, "k1").slice(-3)).toEqual(["chat:aborted", "agent:lifecycle:end", "agent:lifecycle:error"]);
    expect(wire.events("agent").at(-2)!.payload.data).toMatchObject({ phase: "end", status: "cancelled", aborted: true });
    expect(wire.events("agent").at(-1)!.payload.data).toMatchObject({ phase: "error", aborted: true });
    expect(sim.activeRuns()).toEqual([]);
  });

  it("fails a run: lifecycle error, then chat error with the message", async () => {
    const { sim, wire } = await setup();
    const runId = sim.startRun();
    sim.failRun(runId, "model unavailable");
    const error = await wire.until((f) => f.event === "chat" && f.payload.state === "error");
    expect(error.payload).toMatchObject({ runId, errorMessage: "model unavailable" });
    expect(timeline(wire.frames, runId)).toEqual([...STARTED, "agent:lifecycle:error", "chat:error"]);
  });

  it("lets a script complete the newest run when replies are off", async () => {
    const { sim, wire } = await setup({ reply: false });
    await wire.call("chat.send", { sessionKey: MAIN, message: "hi", idempotencyKey: "k1" });
    await wire.until((f) => f.event === "agent" && f.payload.runId === "k1");
    expect(sim.activeRuns()).toEqual([{ runId: "k1", sessionKey: MAIN }]);
    sim.completeRun(undefined, "Done.");
    expect((await wire.until((f) => f.payload?.state === "final")).payload.message.content).toEqual([{ type: "text", text: "Done." }]);
    expect(() => sim.completeRun()).toThrow(/no run is running/);
  });

  it("cancels a run's pending question when the run is aborted", async () => {
    const { sim, wire } = await setup();
    const runId = sim.startRun();
    sim.ask({ id: "q1", runId, questions: [{ questionId: "go", header: "Go?", question: "Proceed?", options: [{ label: "Yes" }, { label: "No" }] }] });
    sim.abortRun(runId);
    expect((await wire.until((f) => f.event === "question.resolved")).payload).toEqual({ id: "q1", status: "cancelled" });
    expect(sim.records()[0]).toMatchObject({ status: "cancelled", resolvedBy: "requester-inactive" });
  });
});

describe("async questions", () => {
  it("saves them at once on an assistant row of their own, on no chat event, then ends their short run with no reply", async () => {
    const { sim, wire } = await setup();
    const { runId, itemId } = sim.askAsync({ itemId: "item-1", questions: [{ title: "Which branch?", options: ["main", "dev"] }], text: "Two things:" });
    const final = await wire.until((f) => f.event === "chat" && f.payload.state === "final");
    expect(final.payload.message).toBeUndefined();
    expect(wire.events("chat").some((f) => JSON.stringify(f.payload).includes("openclawAsyncDelivery"))).toBe(false);
    expect(timeline(wire.frames, runId)).toEqual([...STARTED, "agent:lifecycle:end", "chat:final"]);
    const history = (await wire.call("chat.history", { sessionKey: MAIN })).payload.messages;
    expect(history).toHaveLength(1);
    // The Codex plugin's async row names no run: it is mirrored without one.
    expect(history[0]).toMatchObject({ role: "assistant", content: [{ type: "text", text: "Two things:" }], stopReason: "stop", openclawAsyncDelivery: { itemId, questions: [{ title: "Which branch?", options: ["main", "dev"] }] }, __openclaw: { mirrorOrigin: "codex-app-server", seq: 1 } });
    expect(history[0].__openclaw.runId).toBeUndefined();
  });

  it("saves them mid-run on a running run, whose final message then carries only its reply", async () => {
    const { sim, wire } = await setup();
    const runId = sim.startRun();
    sim.askAsync({ runId, questions: [{ title: "Ship it?" }] });
    expect(sim.history().map((m) => m.openclawAsyncDelivery?.questions)).toEqual([[{ title: "Ship it?" }]]);
    expect(sim.activeRuns()).toEqual([{ runId, sessionKey: MAIN }]);
    sim.completeRun(runId, "Finished the build.");
    const final = await wire.until((f) => f.event === "chat" && f.payload.state === "final");
    // A Codex run's live final names its run and the saved row's key, as the gateway's does.
    expect(final.payload.message).toEqual({ role: "assistant", content: [{ type: "text", text: "Finished the build." }], timestamp: expect.any(Number), __openclaw: { runId, idempotencyKey: expect.stringMatching(/:assistant$/) } });
    expect(sim.history().map((m) => [textOf(m.content), m.__openclaw.runId])).toEqual([
      [undefined, undefined],
      ["Finished the build.", runId],
    ]);
  });
});

describe("restart", () => {
  it("can stay down for a while before accepting connections again", async () => {
    const { sim, clock } = await setup();
    sim.restart({ offlineMs: 5000 });
    const refused = await connect(sim).catch((error: Error) => error);
    expect(refused).toBeInstanceOf(Error);
    await clock.advance(5000);
    expect((await connect(sim)).res.ok).toBe(true);
  });

  const ask = { questions: [{ questionId: "go", header: "Go?", question: "Proceed?", options: [{ label: "Yes" }, { label: "No" }] }] };

  it("loses pending questions, as the gateway keeps them in memory", async () => {
    const { sim } = await setup();
    sim.ask(ask);
    sim.restart();
    const { wire } = await connect(sim);
    expect((await wire.call("question.list", {})).payload.questions).toEqual([]);
  });

  it("keeps pending questions when asked to, and the transcript always", async () => {
    const { sim, wire: first } = await setup();
    await first.call("chat.send", { sessionKey: MAIN, message: "hello", idempotencyKey: "k1" });
    const record = sim.ask(ask);
    sim.restart({ keepPending: true });
    const { wire } = await connect(sim);
    expect((await wire.call("question.list", {})).payload.questions.map((q: { id: string }) => q.id)).toEqual([record.id]);
    expect((await wire.call("chat.history", { sessionKey: MAIN })).payload.messages[0].content).toBe("hello");
  });
});
