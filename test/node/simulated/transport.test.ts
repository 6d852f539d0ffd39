import { afterEach, describe, expect, it, vi } from "vitest";
import { createSimulatedGateway } from "../../../src/simulated";
import { connect, flush, Wire } from "./wire";

const question = { questionId: "go", header: "Go?", question: "Proceed?", options: [{ label: "Yes" }, { label: "No" }] };

afterEach(() => {
  vi.useRealTimers();
});

describe("simulated transport", () => {
  it("delivers nothing synchronously", () => {
    const wire = new Wire(createSimulatedGateway());
    expect(wire.opened).toBe(false);
    expect(wire.frames).toEqual([]);
  });

  it("throws on a send before open, like a connecting WebSocket", () => {
    const wire = new Wire(createSimulatedGateway());
    expect(() => wire.send("connect", {})).toThrow(/connecting/);
  });

  it("holds frames back by the configured latency, on the global timers under fake time", async () => {
    vi.useFakeTimers();
    const wire = new Wire(createSimulatedGateway({ latencyMs: 100 }));
    await vi.advanceTimersByTimeAsync(99);
    expect(wire.opened).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(wire.opened).toBe(true);
    await vi.advanceTimersByTimeAsync(100);
    expect(wire.events("connect.challenge")).toHaveLength(1);
  });

  it("sends ticks at the advertised interval", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "Date"] });
    const sim = createSimulatedGateway({ tickIntervalMs: 1000 });
    const pending = connect(sim);
    const { wire } = await pending;
    await vi.advanceTimersByTimeAsync(3000);
    expect(wire.events("tick")).toHaveLength(3);
    sim.dropConnections();
    await vi.advanceTimersByTimeAsync(3000);
    expect(wire.events("tick")).toHaveLength(3);
  });

  it("shares no objects with the caller: records are copies both ways", async () => {
    const sim = createSimulatedGateway();
    const { wire } = await connect(sim);
    const input = { questions: [{ ...question, options: [...question.options] }] };
    const record = sim.ask(input);
    input.questions[0]!.question = "changed by the caller";
    record.questions[0]!.header = "changed";
    const listed = (await wire.call("question.list", {})).payload.questions[0];
    listed.questions[0].question = "changed by the client";
    expect(sim.records()[0]!.questions[0]).toMatchObject({ header: "Go?", question: "Proceed?" });
  });

  it("closes 1008 on text that is not JSON", async () => {
    const { wire } = await connect(createSimulatedGateway());
    wire.sendRaw("{not json");
    expect(await wire.untilClosed()).toEqual({ code: 1008, reason: "invalid request frame" });
  });

  it("loses frames in flight when the connection drops", async () => {
    const sim = createSimulatedGateway();
    const { wire } = await connect(sim);
    const before = wire.frames.length;
    sim.broadcast("custom", {});
    sim.dropConnections();
    await wire.untilClosed();
    await flush();
    expect(wire.frames.length).toBe(before);
  });

  it("delivers frames already sent before a server-side close", async () => {
    const sim = createSimulatedGateway();
    const { wire } = await connect(sim);
    sim.broadcast("custom", { last: true });
    sim.restart();
    await wire.untilClosed();
    expect(wire.events("custom")).toHaveLength(1);
  });
});
