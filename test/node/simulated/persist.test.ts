import { describe, expect, it } from "vitest";
import { createSimulatedGateway, type SimPersistence, type SimulatedGatewayOptions } from "../../../src/simulated";
import { connect, flush, ManualClock } from "./wire";

const MAIN = "agent:main:main";

/** A storage slot like sessionStorage's: one text that outlives the gateway that wrote it. */
function slot(initial: string | null = null): SimPersistence & { text: string | null } {
  return {
    text: initial,
    load() {
      return this.text;
    },
    save(text) {
      this.text = text;
    },
  };
}

function gateway(opts: SimulatedGatewayOptions = {}) {
  const clock = new ManualClock();
  return { clock, sim: createSimulatedGateway({ clock, tickIntervalMs: 0, replyStepMs: 10, ...opts }) };
}

describe("persist", () => {
  it("brings back transcripts, message numbering and known chat.send keys in a new gateway", async () => {
    const storage = slot();
    const first = gateway({ persist: storage });
    const { wire } = await connect(first.sim);
    await wire.call("chat.send", { sessionKey: MAIN, message: "hello", idempotencyKey: "k1" });
    await first.clock.advance(1000);
    first.sim.askAsync({ itemId: "item-1", questions: [{ title: "Which branch?", options: ["main", "dev"] }] });
    await flush();
    const before = first.sim.history();
    expect(before).toHaveLength(3);

    const second = gateway({ persist: storage });
    expect(second.sim.history()).toEqual(before);
    const { wire: again } = await connect(second.sim);
    // The key was seen before the reload: no second message.
    expect((await again.call("chat.send", { sessionKey: MAIN, message: "hello", idempotencyKey: "k1" })).payload.status).toBe("ok");
    await again.call("chat.send", { sessionKey: MAIN, message: "next", idempotencyKey: "k2" });
    const ids = second.sim.history().map((m) => m.__openclaw.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(second.sim.history().filter((m) => m.role === "user").map((m) => m.content)).toEqual(["hello", "next"]);
  });

  it("keeps a scripted run going across a reload, so it can still be completed", async () => {
    const storage = slot();
    const first = gateway({ persist: storage, reply: false });
    const runId = first.sim.startRun();
    await flush();
    const second = gateway({ persist: storage, reply: false });
    expect(second.sim.activeRuns()).toEqual([{ runId, sessionKey: MAIN }]);
    const { wire } = await connect(second.sim);
    expect((await wire.call("chat.history", { sessionKey: MAIN })).payload.sessionInfo).toMatchObject({ hasActiveRun: true, activeRunIds: [runId] });
    second.sim.completeRun(runId, "Done.");
    expect(second.sim.activeRuns()).toEqual([]);
    expect(second.sim.history().at(-1)).toMatchObject({ role: "assistant", content: [{ type: "text", text: "Done." }] });
  });

  it("finishes a reply that a reload cut short, as the gateway's own process would", async () => {
    const storage = slot();
    const first = gateway({ persist: storage });
    const { wire } = await connect(first.sim);
    await wire.call("chat.send", { sessionKey: MAIN, message: "hello", idempotencyKey: "k1" });
    await flush();
    expect(first.sim.activeRuns()).toHaveLength(1);

    const second = gateway({ persist: storage });
    await second.clock.advance(1000);
    expect(second.sim.activeRuns()).toEqual([]);
    expect(second.sim.history().map((m) => m.role)).toEqual(["user", "assistant"]);
    expect(second.sim.history()[1]?.content).toEqual([{ type: "text", text: "Noted: hello" }]);
  });

  it("starts empty when the saved text is unreadable", () => {
    for (const text of ["{not json", JSON.stringify({ version: 2 }), JSON.stringify({ version: 1, counter: 1, sessions: [{ key: 1 }], sent: [], runs: [], pendingDelivery: [] })]) {
      const { sim } = gateway({ persist: slot(text) });
      expect(sim.history()).toEqual([]);
    }
  });

  it("goes on when saving fails", async () => {
    const { sim } = gateway({ persist: { load: () => null, save: () => { throw new Error("quota"); } } });
    sim.askAsync({ questions: [{ title: "Still here?" }] });
    await flush();
    expect(sim.history()).toHaveLength(1);
  });
});

describe("methodLatencyMs", () => {
  it("handles a slow method after the delay and answers after as long again", async () => {
    const { sim, clock } = gateway({ methodLatencyMs: { "chat.send": 1000 }, reply: false });
    const { wire } = await connect(sim);
    const id = wire.send("chat.send", { sessionKey: MAIN, message: "slow", idempotencyKey: "k1" });
    await clock.advance(999);
    expect(sim.history()).toEqual([]);
    await clock.advance(1);
    expect(sim.history().map((m) => m.content)).toEqual(["slow"]);
    await clock.advance(999);
    expect(wire.frames.some((f) => f.type === "res" && f.id === id)).toBe(false);
    await clock.advance(1);
    expect(wire.frames.find((f) => f.type === "res" && f.id === id)?.ok).toBe(true);
    // Other methods are not slowed down.
    expect((await wire.call("chat.history", { sessionKey: MAIN })).ok).toBe(true);
  });

  it("still handles a request whose socket dropped while it was on its way", async () => {
    const { sim, clock } = gateway({ methodLatencyMs: { "chat.send": 1000 }, reply: false });
    const { wire } = await connect(sim);
    wire.send("chat.send", { sessionKey: MAIN, message: "lost answer", idempotencyKey: "k1" });
    await flush();
    sim.dropConnections();
    await clock.advance(2000);
    expect(sim.history().map((m) => m.content)).toEqual(["lost answer"]);
  });
});
