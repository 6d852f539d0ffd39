import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { canEdit } from "../../../src/store/outbox";
import { answer, branchAnswer, entryOf, inDock, pass, SESSION, startRig, stateOf, trace, until, useFakeTime, type Rig } from "./rig";

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
    const page = rig.page();
    rig.ask("item-1");
    await inDock(page, "item-1");
    const replyToId = page.getState().chat.questions.find((q) => q.delivery.itemId === "item-1")?.sourceMessageId;
    expect(replyToId).toEqual(expect.any(String));
    const states = trace(page, "item-1");
    const entry = await answer(page, "item-1");
    expect(entry).toMatchObject({ state: "sending", isPaused: false, failureCount: 0, itemId: "item-1", sessionKey: SESSION });

    await until(() => stateOf(page, entry.id) === "confirmed", "confirmation");
    expect(states).toEqual(["queued", "sending", "confirmed"]);
    expect(rig.faults.requests("chat.send").map((r) => r.params)).toEqual([{ sessionKey: SESSION, message: branchAnswer("main"), idempotencyKey: entry.id, replyToId }]);
    expect(rig.userMessages()).toEqual([expect.objectContaining({ content: branchAnswer("main"), idempotencyKey: `${entry.id}:user`, replyToId })]);
    expect(entryOf(page, entry.id)).toMatchObject({ attempts: 1, confirmedAt: expect.any(Number) });
    expect(entryOf(page, entry.id)?.failureReason).toBeUndefined();
  });

  it("stays sending until the saved history holds the message, even after the gateway took it", async () => {
    rig.stop();
    // Without the saved-row feed, only a history read can show the message.
    rig = await startRig({ feed: false });
    const page = rig.page({ confirmDelaysMs: [0, 1000, 1000, 1000, 1000] });
    rig.ask("item-1");
    await inDock(page, "item-1");
    const reads = rig.historyReads();
    const allow = rig.faults.refuse("chat.history", { code: "UNAVAILABLE", message: "history is loading" });
    const entry = await answer(page, "item-1");
    await until(() => rig.userMessages().length === 1 && rig.historyReads() >= reads + 2, "the message taken and two failed history reads");
    expect(stateOf(page, entry.id)).toBe("sending");
    allow();
    await until(() => stateOf(page, entry.id) === "confirmed", "confirmation", 100);
    expect(rig.faults.requests("chat.send")).toHaveLength(1);
  });

  it("gives one entry per question: a double submit makes one entry and sends one message", async () => {
    const page = rig.page();
    rig.ask("item-1");
    const rid = await inDock(page, "item-1");
    const { actions } = page.getState();
    actions.select(rid, "q0", "main");
    await Promise.all([actions.submit(rid), actions.submit(rid)]);
    const [id, ...more] = page.getState().outbox.order;
    expect(more).toEqual([]);
    await until(() => stateOf(page, id!) === "confirmed", "confirmation");
    expect(rig.userMessages().map((m) => m.content)).toEqual([branchAnswer("main")]);
  });
});

describe("Waiting in the queue", () => {
  it("waits while the agent's run is busy, then drains when it goes idle", async () => {
    const page = rig.page();
    rig.ask("item-1");
    await inDock(page, "item-1");
    const runId = await rig.busyRun();
    const entry = await answer(page, "item-1");
    await pass(5_000);
    expect(entryOf(page, entry.id)).toMatchObject({ state: "queued", isPaused: false });
    expect(rig.faults.requests("chat.send")).toEqual([]);

    rig.sim.completeRun(runId, "Still working on it.");
    await until(() => stateOf(page, entry.id) === "confirmed", "confirmation");
    expect(rig.userMessages()).toHaveLength(1);
  });

  it("waits paused while offline (Waiting for reconnect), then drains on reconnect", async () => {
    const page = rig.page();
    rig.ask("item-1");
    await inDock(page, "item-1");
    rig.sim.setOffline(true);
    rig.sim.dropConnections();
    await until(() => rig.client.getConnection().state === "reconnecting", "the drop");
    const entry = await answer(page, "item-1");
    expect(entryOf(page, entry.id)).toMatchObject({ state: "queued", isPaused: true });
    await pass(3_000);
    expect(entryOf(page, entry.id)).toMatchObject({ state: "queued", isPaused: true });

    rig.sim.setOffline(false);
    await rig.connected();
    await until(() => stateOf(page, entry.id) === "confirmed", "confirmation");
    expect(entryOf(page, entry.id)?.isPaused).toBe(false);
    expect(rig.userMessages()).toHaveLength(1);
  });

  it("sends one answer at a time, in order, each after the run of the one before", async () => {
    const page = rig.page();
    rig.ask("item-a");
    rig.ask("item-b");
    await inDock(page, "item-b");
    const runId = await rig.busyRun();
    const a = await answer(page, "item-a", { label: "main" });
    const b = await answer(page, "item-b", { label: "dev" });
    rig.sim.completeRun(runId);
    await until(() => stateOf(page, a.id) === "confirmed", "the first confirmation");
    expect(stateOf(page, b.id)).toBe("queued");
    expect(rig.faults.requests("chat.send")).toHaveLength(1);
    await until(() => stateOf(page, b.id) === "confirmed", "the second confirmation");
    expect(rig.userMessages().map((m) => m.content)).toEqual([branchAnswer("main"), branchAnswer("dev")]);
  });

  it("sends the edited text of an answer edited while queued, and refuses edits once it is sent", async () => {
    const page = rig.page();
    rig.ask("item-1");
    await inDock(page, "item-1");
    const runId = await rig.busyRun();
    const entry = await answer(page, "item-1");
    expect(page.getState().actions.editAnswer(entry.id, "dev, because main is frozen")).toBe(true);
    expect(entryOf(page, entry.id)).toMatchObject({ message: "dev, because main is frozen", draft: { answers: [{ questionId: "q0", selected: ["main"] }] } });

    rig.sim.completeRun(runId);
    await until(() => stateOf(page, entry.id) === "confirmed", "confirmation");
    expect(rig.userMessages().map((m) => m.content)).toEqual(["dev, because main is frozen"]);
    expect(page.getState().actions.editAnswer(entry.id, "something else")).toBe(false);
    expect(canEdit(entryOf(page, entry.id)!)).toBe(false);
  });
});
