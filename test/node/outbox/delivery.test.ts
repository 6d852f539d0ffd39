import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { canEdit } from "../../../src/store/outbox";
import { draftFor, pass, startRig, stateOf, trace, until, useFakeTime, type Rig } from "./rig";

let rig: Rig;

beforeEach(async () => {
  useFakeTime();
  rig = await startRig();
});

afterEach(() => {
  rig.stop();
  vi.useRealTimers();
});

describe("Sending an answer", () => {
  it("goes queued → sending → confirmed, once, under its entry id as the idempotency key", async () => {
    const outbox = rig.outbox();
    await until(() => outbox.getState().ready, "the outbox to load");
    const states = trace(outbox, "item-1");
    const entry = outbox.getState().enqueue({ itemId: "item-1", replyToId: "msg-7", message: "> Which branch?\n\nmain", draft: draftFor("item-1") });
    expect(entry).toMatchObject({ state: "sending", isPaused: false, failureCount: 0, itemId: "item-1", sessionKey: "agent:main:main" });

    await until(() => stateOf(outbox, entry.id) === "confirmed", "confirmation");
    expect(states).toEqual(["queued", "sending", "confirmed"]);
    expect(rig.faults.requests("chat.send").map((r) => r.params)).toEqual([
      { sessionKey: "agent:main:main", message: "> Which branch?\n\nmain", idempotencyKey: entry.id, replyToId: "msg-7" },
    ]);
    expect(rig.userMessages()).toEqual([expect.objectContaining({ content: "> Which branch?\n\nmain", idempotencyKey: `${entry.id}:user`, replyToId: "msg-7" })]);
    expect(outbox.getState().entries[entry.id]).toMatchObject({ attempts: 1, confirmedAt: expect.any(Number) });
    expect(outbox.getState().entries[entry.id]?.failureReason).toBeUndefined();
  });

  it("stays sending until the saved history holds the message, even after the gateway took it", async () => {
    rig.faults.failNext("chat.history", { code: "UNAVAILABLE", message: "history is loading" });
    rig.faults.failNext("chat.history", { code: "UNAVAILABLE", message: "history is loading" });
    const outbox = rig.outbox({ confirmDelaysMs: [0, 1000, 1000] });
    await until(() => outbox.getState().ready, "the outbox to load");
    const entry = outbox.getState().enqueue({ itemId: "item-1", message: "main", draft: draftFor("item-1") });
    await until(() => rig.faults.requests("chat.history").length >= 2, "two failed history reads");
    expect(stateOf(outbox, entry.id)).toBe("sending");
    await until(() => stateOf(outbox, entry.id) === "confirmed", "confirmation", 100);
    expect(rig.faults.requests("chat.send")).toHaveLength(1);
  });

  it("gives one entry per question: a second submit returns the first entry and sends nothing more", async () => {
    const outbox = rig.outbox();
    const first = outbox.getState().enqueue({ itemId: "item-1", message: "main", draft: draftFor("item-1") });
    const second = outbox.getState().enqueue({ itemId: "item-1", message: "dev", draft: draftFor("item-1", ["dev"]) });
    expect(second.id).toBe(first.id);
    await until(() => stateOf(outbox, first.id) === "confirmed", "confirmation");
    expect(rig.userMessages().map((m) => m.content)).toEqual(["main"]);
  });
});

describe("Waiting in the queue", () => {
  it("waits while the agent's run is busy, then drains when it goes idle", async () => {
    const runId = rig.sim.startRun({ sessionKey: "agent:main:main" });
    await until(() => !rig.history.isIdle(), "the run to be seen");
    const outbox = rig.outbox();
    const entry = outbox.getState().enqueue({ itemId: "item-1", message: "main", draft: draftFor("item-1") });
    await pass(5_000);
    expect(outbox.getState().entries[entry.id]).toMatchObject({ state: "queued", isPaused: false });
    expect(rig.faults.requests("chat.send")).toEqual([]);

    rig.sim.completeRun(runId, "Still working on it.");
    await until(() => stateOf(outbox, entry.id) === "confirmed", "confirmation");
    expect(rig.userMessages()).toHaveLength(1);
  });

  it("waits paused while offline (Waiting for reconnect), then drains on reconnect", async () => {
    rig.sim.setOffline(true);
    rig.sim.dropConnections();
    await until(() => rig.client.getConnection().state === "reconnecting", "the drop");
    const outbox = rig.outbox();
    await until(() => outbox.getState().ready, "the outbox to load");
    const entry = outbox.getState().enqueue({ itemId: "item-1", message: "main", draft: draftFor("item-1") });
    expect(outbox.getState().entries[entry.id]).toMatchObject({ state: "queued", isPaused: true });
    await pass(3_000);
    expect(outbox.getState().entries[entry.id]).toMatchObject({ state: "queued", isPaused: true });

    rig.sim.setOffline(false);
    await rig.connected();
    await until(() => stateOf(outbox, entry.id) === "confirmed", "confirmation");
    expect(outbox.getState().entries[entry.id]?.isPaused).toBe(false);
    expect(rig.userMessages()).toHaveLength(1);
  });

  it("sends one answer at a time, in order, each after the run of the one before", async () => {
    const runId = rig.sim.startRun({ sessionKey: "agent:main:main" });
    await until(() => !rig.history.isIdle(), "the run to be seen");
    const outbox = rig.outbox();
    const a = outbox.getState().enqueue({ itemId: "item-a", message: "first", draft: draftFor("item-a") });
    const b = outbox.getState().enqueue({ itemId: "item-b", message: "second", draft: draftFor("item-b") });
    rig.sim.completeRun(runId);
    await until(() => stateOf(outbox, a.id) === "confirmed", "the first confirmation");
    expect(stateOf(outbox, b.id)).toBe("queued");
    expect(rig.faults.requests("chat.send")).toHaveLength(1);
    await until(() => stateOf(outbox, b.id) === "confirmed", "the second confirmation");
    expect(rig.userMessages().map((m) => m.content)).toEqual(["first", "second"]);
  });

  it("sends the edited text of an answer edited while queued, and refuses edits once it is sent", async () => {
    const runId = rig.sim.startRun({ sessionKey: "agent:main:main" });
    await until(() => !rig.history.isIdle(), "the run to be seen");
    const outbox = rig.outbox();
    const entry = outbox.getState().enqueue({ itemId: "item-1", message: "main", draft: draftFor("item-1") });
    expect(outbox.getState().edit(entry.id, "dev, because main is frozen", draftFor("item-1", ["dev"]))).toBe(true);
    expect(outbox.getState().entries[entry.id]).toMatchObject({ message: "dev, because main is frozen", draft: { answers: [{ selected: ["dev"] }] } });

    rig.sim.completeRun(runId);
    await until(() => stateOf(outbox, entry.id) === "confirmed", "confirmation");
    expect(rig.userMessages().map((m) => m.content)).toEqual(["dev, because main is frozen"]);
    expect(outbox.getState().edit(entry.id, "something else")).toBe(false);
    expect(canEdit(outbox.getState().entries[entry.id]!)).toBe(false);
  });
});
