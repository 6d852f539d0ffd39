import { describe, expect, it } from "vitest";
import { parseSessionMessageEvent } from "../../../src/protocol/session-message";
import { createSimulatedGateway } from "../../../src/simulated";
import { connect, flush, ManualClock } from "./wire";

const MAIN = "agent:main:main";
const SUBSCRIBE = "sessions.messages.subscribe";

async function setup() {
  const clock = new ManualClock();
  const sim = createSimulatedGateway({ clock, tickIntervalMs: 0, replyStepMs: 10, reply: false });
  const { wire } = await connect(sim);
  return { sim, wire, clock };
}

describe("sessions.messages.subscribe", () => {
  it("answers with the canonical key, for the alias and the full key alike", async () => {
    const { wire } = await setup();
    expect((await wire.call(SUBSCRIBE, { key: "main" })).payload).toEqual({ subscribed: true, key: MAIN });
    expect((await wire.call(SUBSCRIBE, { key: MAIN })).payload).toEqual({ subscribed: true, key: MAIN });
    expect((await wire.call("sessions.messages.unsubscribe", { key: "main" })).payload).toEqual({ subscribed: false, key: MAIN });
  });

  it.each([
    ["an empty key", { key: "" }],
    ["no key", {}],
    ["an unknown field", { key: "main", extra: 1 }],
    ["approvals without operator.approvals", { key: "main", includeApprovals: true }],
  ])("refuses %s", async (_name, params) => {
    const { wire } = await setup();
    expect((await wire.call(SUBSCRIBE, params)).error).toMatchObject({ code: "INVALID_REQUEST" });
  });

  it("needs operator.read", async () => {
    const sim = createSimulatedGateway({ clock: new ManualClock(), tickIntervalMs: 0 });
    const { wire } = await connect(sim, { scopes: ["operator.questions"] });
    expect((await wire.call(SUBSCRIBE, { key: "main" })).error).toMatchObject({ code: "FORBIDDEN", details: { missingScope: "operator.read" } });
  });
});

describe("session.message", () => {
  it("carries every saved row to subscribed connections only, in the gateway's payload shape", async () => {
    const { sim, wire } = await setup();
    const { wire: other } = await connect(sim);
    await wire.call(SUBSCRIBE, { key: "main" });
    await wire.call("chat.send", { sessionKey: "main", message: "Build it", idempotencyKey: "k1" });
    sim.askAsync({ runId: "k1", itemId: "ask-1", text: "Size?", questions: [{ title: "Size?", options: ["S", "M"] }] });
    sim.completeRun("k1", "Built.");
    await wire.until((f) => f.event === "chat" && f.payload.state === "final");
    const rows = wire.events("session.message").map((f) => f.payload);
    expect(rows.map((p) => [p.message.role, p.messageSeq, p.runId])).toEqual([
      ["user", 1, undefined],
      ["assistant", 2, undefined],
      ["assistant", 3, "k1"],
    ]);
    expect(rows[1]).toEqual({
      sessionKey: MAIN,
      agentId: "main",
      messageId: rows[1].message.__openclaw.id,
      messageSeq: 2,
      message: {
        role: "assistant",
        content: [{ type: "text", text: "Size?" }],
        stopReason: "stop",
        timestamp: expect.any(Number),
        openclawAsyncDelivery: { itemId: "ask-1", questions: [{ title: "Size?", options: ["S", "M"] }] },
        idempotencyKey: expect.stringContaining(":async:ask-1"),
        __openclaw: { id: expect.any(String), seq: 2, mirrorIdentity: expect.stringMatching(/^turn-[0-9a-f]+:async:ask-1$/), mirrorOrigin: "codex-app-server", idempotencyKey: expect.stringContaining(":async:ask-1") },
      },
    });
    expect(rows[0].message.__openclaw.idempotencyKey).toBe("k1:user");
    // The kit's own reader takes every row the simulated gateway sends.
    for (const p of rows) expect(parseSessionMessageEvent(p).ok).toBe(true);
    expect(other.events("session.message")).toEqual([]);
  });

  it("stops after unsubscribe, and for rows of other sessions never starts", async () => {
    const { sim, wire } = await setup();
    await wire.call(SUBSCRIBE, { key: "main" });
    sim.askAsync({ sessionKey: "agent:main:other", questions: [{ title: "Elsewhere?" }] });
    await wire.call("sessions.messages.unsubscribe", { key: MAIN });
    sim.askAsync({ questions: [{ title: "Later?" }] });
    await flush();
    expect(wire.events("session.message")).toEqual([]);
  });

  it("ends with the connection: a new connection hears nothing until it subscribes again", async () => {
    const { sim, wire } = await setup();
    await wire.call(SUBSCRIBE, { key: "main" });
    sim.dropConnections();
    await wire.untilClosed();
    const { wire: again } = await connect(sim);
    sim.askAsync({ itemId: "a", questions: [{ title: "First?" }] });
    await flush();
    expect(again.events("session.message")).toEqual([]);
    await again.call(SUBSCRIBE, { key: "main" });
    sim.askAsync({ itemId: "b", questions: [{ title: "Second?" }] });
    await again.until((f) => f.event === "session.message");
    expect(again.events("session.message").map((f) => f.payload.message.openclawAsyncDelivery.itemId)).toEqual(["b"]);
  });
});
