import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { canDiscard, canRetry, keysOf, type OutboxStore } from "../../../src/store/outbox";
import { draftFor, pass, startRig, stateOf, trace, until, useFakeTime, type Rig } from "./rig";
import { NOT_DURABLY_ADMITTED_ERROR } from "./wire-faults";

let rig: Rig;
let outbox: OutboxStore;

beforeEach(async () => {
  useFakeTime();
  rig = await startRig();
  outbox = rig.outbox();
  await until(() => outbox.getState().ready, "the outbox to load");
});

afterEach(() => {
  rig.stop();
  vi.useRealTimers();
});

const answer = () => outbox.getState().enqueue({ itemId: "item-1", message: "main", draft: draftFor("item-1") });
const sendKeys = () => rig.faults.requests("chat.send").map((r) => r.params.idempotencyKey as string);

/** Cuts the connection and keeps the gateway unreachable until `reconnect`. */
async function goOffline(): Promise<void> {
  rig.sim.setOffline(true);
  rig.sim.dropConnections();
  await until(() => rig.client.getConnection().state === "reconnecting", "the drop");
}

async function reconnect(): Promise<void> {
  rig.sim.setOffline(false);
  await rig.connected();
}

/** A drop and a reconnect, which resumes whatever the outbox would resume. */
async function reconnectAfterDrop(): Promise<void> {
  await goOffline();
  await reconnect();
}

describe("A failed send", () => {
  it("is failed with a reason and a count, and Retry re-sends the same entry under the same key: one message", async () => {
    rig.faults.failNext("chat.send", { code: "UNAVAILABLE", message: "the agent is restarting its workspace" });
    const states = trace(outbox, "item-1");
    const entry = answer();
    await until(() => stateOf(outbox, entry.id) === "failed", "the failure");
    expect(outbox.getState().entries[entry.id]).toMatchObject({ failureCount: 1, failureReason: expect.stringContaining("the agent is restarting its workspace") });
    expect(canRetry(outbox.getState().entries[entry.id]!)).toBe(true);
    expect(rig.userMessages()).toEqual([]);

    expect(outbox.getState().retry(entry.id)).toBe(true);
    await until(() => stateOf(outbox, entry.id) === "confirmed", "confirmation");
    expect(states).toEqual(["queued", "sending", "failed", "queued", "sending", "confirmed"]);
    expect(sendKeys()).toEqual([entry.id, entry.id]);
    expect(rig.userMessages()).toEqual([expect.objectContaining({ content: "main", idempotencyKey: `${entry.id}:user` })]);
    expect(Object.keys(outbox.getState().entries)).toEqual([entry.id]);
  });

  it("offers no Retry for a message the gateway refuses for good, and never sends it again", async () => {
    const entry = outbox.getState().enqueue({ itemId: "item-1", message: "main\u0000branch", draft: draftFor("item-1") });
    await until(() => stateOf(outbox, entry.id) === "failed", "the refusal");
    const failed = outbox.getState().entries[entry.id]!;
    expect(failed).toMatchObject({ refusedForGood: true, failureReason: expect.stringContaining("null bytes") });
    expect(canRetry(failed)).toBe(false);
    expect(canDiscard(failed)).toBe(true);
    expect(outbox.getState().retry(entry.id)).toBe(false);
    await reconnectAfterDrop();
    await pass(5_000);
    expect(sendKeys()).toEqual([entry.id]);
    expect(rig.userMessages()).toEqual([]);
  });

  it("keeps Retry for a refusal that may pass next time", async () => {
    rig.faults.failNext("chat.send", { code: "UNAVAILABLE", message: "the agent is restarting its workspace" });
    const entry = answer();
    await until(() => stateOf(outbox, entry.id) === "failed", "the failure");
    expect(outbox.getState().entries[entry.id]?.refusedForGood).toBeUndefined();
    expect(canRetry(outbox.getState().entries[entry.id]!)).toBe(true);
  });

  it("refuses Retry while queued, sending or confirmed", async () => {
    const runId = rig.sim.startRun({ sessionKey: "agent:main:main" });
    await until(() => !rig.history.isIdle(), "the run to be seen");
    const entry = answer();
    expect(outbox.getState().retry(entry.id)).toBe(false);
    rig.sim.completeRun(runId);
    await until(() => stateOf(outbox, entry.id) === "confirmed", "confirmation");
    expect(outbox.getState().retry(entry.id)).toBe(false);
    expect(sendKeys()).toHaveLength(1);
  });
});

describe("A send cut off by a dropped connection", () => {
  it("becomes unconfirmed, stays so after reconnect when the history lacks it, and Retry delivers exactly one message", async () => {
    rig.faults.loseNextRequest("chat.send");
    const entry = answer();
    await until(() => sendKeys().length === 1, "the send");
    expect(outbox.getState().entries[entry.id]?.state).toBe("sending");
    expect(outbox.getState().discard(entry.id)).toBeUndefined();
    await goOffline();
    await until(() => stateOf(outbox, entry.id) === "unconfirmed", "unconfirmed");
    expect(outbox.getState().entries[entry.id]?.failureCode).toBe("disconnected");

    const reloadsBefore = rig.history.reloads;
    await reconnect();
    await until(() => rig.history.reloads > reloadsBefore, "the history check after reconnect");
    await pass(5_000);
    expect(stateOf(outbox, entry.id)).toBe("unconfirmed");
    expect(sendKeys()).toEqual([entry.id]);

    expect(outbox.getState().retry(entry.id)).toBe(true);
    await until(() => stateOf(outbox, entry.id) === "confirmed", "confirmation");
    expect(sendKeys()).toEqual([entry.id, entry.id]);
    expect(rig.userMessages()).toEqual([expect.objectContaining({ idempotencyKey: `${entry.id}:user` })]);
  });

  it("is confirmed after reconnect without a second send when the message did arrive", async () => {
    rig.faults.loseNextResponse("chat.send");
    const entry = answer();
    await until(() => rig.userMessages().length === 1, "the message to arrive");
    await goOffline();
    await until(() => stateOf(outbox, entry.id) === "unconfirmed", "unconfirmed");
    await reconnect();
    await until(() => stateOf(outbox, entry.id) === "confirmed", "confirmation");
    expect(sendKeys()).toEqual([entry.id]);
    expect(rig.userMessages()).toHaveLength(1);
  });

  it("on Retry while still offline, waits paused and then confirms from the history instead of sending again", async () => {
    rig.faults.loseNextResponse("chat.send");
    const entry = answer();
    await until(() => rig.userMessages().length === 1, "the message to arrive");
    await goOffline();
    await until(() => stateOf(outbox, entry.id) === "unconfirmed", "unconfirmed");
    expect(outbox.getState().retry(entry.id)).toBe(true);
    expect(outbox.getState().entries[entry.id]).toMatchObject({ state: "queued", isPaused: true });
    await reconnect();
    await until(() => stateOf(outbox, entry.id) === "confirmed", "confirmation");
    expect(sendKeys()).toEqual([entry.id]);
  });

  it("becomes unconfirmed when the gateway does not answer in time, and confirmed once the history shows it", async () => {
    rig.stop();
    // The agent does not reply on its own here, so nothing re-reads the history before the deadline.
    rig = await startRig({ sim: { reply: false } });
    outbox = rig.outbox({ sendTimeoutMs: 2_000 });
    rig.faults.loseNextResponse("chat.send");
    const entry = answer();
    await until(() => stateOf(outbox, entry.id) === "unconfirmed", "unconfirmed", 200);
    expect(outbox.getState().entries[entry.id]?.failureCode).toBe("timeout");
    // The send did arrive: the next history change (here, the run ending) confirms it.
    rig.sim.completeRun(entry.id, "Thanks.");
    await until(() => stateOf(outbox, entry.id) === "confirmed", "confirmation");
    expect(sendKeys()).toEqual([entry.id]);
  });
});

describe("Retry", () => {
  it("first re-reads the history: an answer that did arrive is confirmed without sending again", async () => {
    rig.stop();
    rig = await startRig({ sim: { reply: false } });
    // A conversation view that has not caught up (it neither reloads nor tells the outbox on its own), with the run idle.
    const stale = { ...rig.history, isIdle: () => true, subscribe: () => () => {} };
    outbox = rig.outbox({ history: stale, sendTimeoutMs: 1_000 });
    rig.faults.loseNextResponse("chat.send");
    const entry = answer();
    await until(() => stateOf(outbox, entry.id) === "unconfirmed", "unconfirmed", 100);
    const reloads = rig.history.reloads;
    expect(outbox.getState().retry(entry.id)).toBe(true);
    await until(() => stateOf(outbox, entry.id) === "confirmed", "confirmation");
    expect(rig.history.reloads).toBeGreaterThan(reloads);
    expect(sendKeys()).toEqual([entry.id]);
  });
});

describe("The restart rule (the gateway answers 'not durably admitted')", () => {
  it("confirms, without a new key, when the history holds the message", async () => {
    rig.faults.failNext("chat.send", NOT_DURABLY_ADMITTED_ERROR, { forward: true, payload: { status: "error", summary: "Error: chat turn was not durably admitted" } });
    const entry = answer();
    await until(() => stateOf(outbox, entry.id) === "confirmed", "confirmation");
    expect(sendKeys()).toEqual([entry.id]);
    expect(outbox.getState().entries[entry.id]?.retiredKeys).toBeUndefined();
    expect(rig.userMessages()).toHaveLength(1);
  });

  it("sends once under a successor key when the history lacks it, and still counts the old key as delivery", async () => {
    rig.faults.failNext("chat.send", NOT_DURABLY_ADMITTED_ERROR);
    const entry = answer();
    await until(() => stateOf(outbox, entry.id) === "confirmed", "confirmation");
    const confirmed = outbox.getState().entries[entry.id]!;
    expect(confirmed.idempotencyKey).toBeDefined();
    expect(confirmed.idempotencyKey).not.toBe(entry.id);
    expect(confirmed.retiredKeys).toEqual([entry.id]);
    expect(sendKeys()).toEqual([entry.id, confirmed.idempotencyKey]);
    expect(rig.userMessages()).toEqual([expect.objectContaining({ content: "main", idempotencyKey: `${confirmed.idempotencyKey}:user` })]);
    expect(keysOf(confirmed)).toEqual([confirmed.idempotencyKey, entry.id]);
  });

  it("stays unconfirmed rather than minting a key when the history cannot be read", async () => {
    rig.faults.failNext("chat.send", NOT_DURABLY_ADMITTED_ERROR);
    rig.faults.failNext("chat.history", { code: "UNAVAILABLE", message: "history is loading" });
    const entry = answer();
    await until(() => stateOf(outbox, entry.id) === "unconfirmed", "unconfirmed");
    expect(outbox.getState().entries[entry.id]?.idempotencyKey).toBeUndefined();
    expect(sendKeys()).toEqual([entry.id]);
    expect(canDiscard(outbox.getState().entries[entry.id]!)).toBe(true);
  });

  it("gives up as failed when every fresh key is refused too", async () => {
    for (let i = 0; i < 3; i++) rig.faults.failNext("chat.send", NOT_DURABLY_ADMITTED_ERROR);
    const entry = answer();
    await until(() => stateOf(outbox, entry.id) === "failed", "the failure");
    expect(sendKeys()).toHaveLength(3);
    expect(new Set(sendKeys()).size).toBe(3);
    expect(rig.userMessages()).toEqual([]);
  });
});
