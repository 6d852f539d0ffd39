import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { canDiscard, canRetry, keysOf } from "../../../src/store/outbox";
import { answer, branchAnswer, entryOf, inDock, pass, startRig, stateOf, trace, until, useFakeTime, type DockStoreApi, type PageOptions, type Rig, type RigOptions } from "./rig";
import { NOT_DURABLY_ADMITTED_ERROR } from "./wire-faults";

let rig: Rig;
let page: DockStoreApi;

/** A rig with one page whose dock shows the question item-1. */
async function start(opts: RigOptions = {}, pageOpts: PageOptions = {}): Promise<void> {
  rig = await startRig(opts);
  page = rig.page(pageOpts);
  rig.ask("item-1");
  await inDock(page, "item-1");
}

beforeEach(() => {
  useFakeTime();
});

afterEach(() => {
  rig.stop();
  vi.useRealTimers();
});

const answerIt = () => answer(page, "item-1");
const retry = (id: string) => page.getState().actions.retryAnswer(id);
const sendKeys = () => rig.sendKeys();

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
    await start();
    rig.faults.failNext("chat.send", { code: "UNAVAILABLE", message: "the agent is restarting its workspace" });
    const states = trace(page, "item-1");
    const entry = await answerIt();
    await until(() => stateOf(page, entry.id) === "failed", "the failure");
    expect(entryOf(page, entry.id)).toMatchObject({ failureCount: 1, failureReason: expect.stringContaining("the agent is restarting its workspace") });
    expect(canRetry(entryOf(page, entry.id)!)).toBe(true);
    expect(rig.userMessages()).toEqual([]);

    retry(entry.id);
    await until(() => stateOf(page, entry.id) === "confirmed", "confirmation");
    expect(states).toEqual(["queued", "sending", "failed", "queued", "sending", "confirmed"]);
    expect(sendKeys()).toEqual([entry.id, entry.id]);
    expect(rig.userMessages()).toEqual([expect.objectContaining({ content: branchAnswer("main"), idempotencyKey: `${entry.id}:user` })]);
    expect(page.getState().outbox.order).toEqual([entry.id]);
  });

  it("offers no Retry for a message the gateway refuses for good, and never sends it again", async () => {
    await start();
    rig.faults.failNext("chat.send", { code: "INVALID_REQUEST", message: "invalid chat.send params: message must not contain null bytes" });
    const entry = await answerIt();
    await until(() => stateOf(page, entry.id) === "failed", "the refusal");
    const failed = entryOf(page, entry.id)!;
    expect(failed).toMatchObject({ refusedForGood: true, failureReason: expect.stringContaining("null bytes") });
    expect(canRetry(failed)).toBe(false);
    expect(canDiscard(failed)).toBe(true);
    retry(entry.id);
    expect(entryOf(page, entry.id)).toBe(failed);
    await reconnectAfterDrop();
    await pass(5_000);
    expect(sendKeys()).toEqual([entry.id]);
    expect(rig.userMessages()).toEqual([]);
  });

  it("keeps Retry for a refusal that may pass next time", async () => {
    await start();
    rig.faults.failNext("chat.send", { code: "UNAVAILABLE", message: "the agent is restarting its workspace" });
    const entry = await answerIt();
    await until(() => stateOf(page, entry.id) === "failed", "the failure");
    expect(entryOf(page, entry.id)?.refusedForGood).toBeUndefined();
    expect(canRetry(entryOf(page, entry.id)!)).toBe(true);
  });

  it("refuses Retry while queued, sending or confirmed", async () => {
    await start({}, { sendTimeoutMs: 2_000 });
    const runId = await rig.busyRun();
    const entry = await answerIt();
    const queued = entryOf(page, entry.id)!;
    retry(entry.id);
    expect(entryOf(page, entry.id)).toBe(queued);
    // The first send never reaches the gateway, so it stays sending until its deadline.
    rig.faults.loseNextRequest("chat.send");
    rig.sim.completeRun(runId);
    await until(() => sendKeys().length === 1, "the send");
    const sending = entryOf(page, entry.id)!;
    expect(sending.state).toBe("sending");
    retry(entry.id);
    expect(entryOf(page, entry.id)).toBe(sending);
    await until(() => stateOf(page, entry.id) === "unconfirmed", "the deadline", 100);
    expect(sendKeys()).toEqual([entry.id]);
    retry(entry.id);
    await until(() => stateOf(page, entry.id) === "confirmed", "confirmation");
    const confirmed = entryOf(page, entry.id)!;
    retry(entry.id);
    await pass(1_000);
    expect(entryOf(page, entry.id)).toBe(confirmed);
    expect(sendKeys()).toEqual([entry.id, entry.id]);
    expect(rig.userMessages()).toHaveLength(1);
  });
});

describe("A send cut off by a dropped connection", () => {
  it("becomes unconfirmed, stays so after reconnect when the history lacks it, and Retry delivers exactly one message", async () => {
    await start();
    rig.faults.loseNextRequest("chat.send");
    const entry = await answerIt();
    await until(() => sendKeys().length === 1, "the send");
    expect(stateOf(page, entry.id)).toBe("sending");
    page.getState().actions.discardAnswer(entry.id);
    expect(stateOf(page, entry.id)).toBe("sending");
    await goOffline();
    await until(() => stateOf(page, entry.id) === "unconfirmed", "unconfirmed");
    expect(entryOf(page, entry.id)?.failureCode).toBe("disconnected");

    const readsBefore = rig.historyReads();
    await reconnect();
    await until(() => rig.historyReads() > readsBefore, "the history check after reconnect");
    await pass(5_000);
    expect(stateOf(page, entry.id)).toBe("unconfirmed");
    expect(sendKeys()).toEqual([entry.id]);

    retry(entry.id);
    await until(() => stateOf(page, entry.id) === "confirmed", "confirmation");
    expect(sendKeys()).toEqual([entry.id, entry.id]);
    expect(rig.userMessages()).toEqual([expect.objectContaining({ idempotencyKey: `${entry.id}:user` })]);
  });

  it("is confirmed after reconnect without a second send when the message did arrive", async () => {
    // Neither the saved-row feed nor the agent's reply tells the page before the drop.
    await start({ feed: false, sim: { reply: false } });
    rig.faults.loseNextResponse("chat.send");
    const entry = await answerIt();
    await until(() => rig.userMessages().length === 1, "the message to arrive");
    await goOffline();
    await until(() => stateOf(page, entry.id) === "unconfirmed", "unconfirmed");
    await reconnect();
    await until(() => stateOf(page, entry.id) === "confirmed", "confirmation");
    expect(sendKeys()).toEqual([entry.id]);
    expect(rig.userMessages()).toHaveLength(1);
  });

  it("on Retry while still offline, waits paused and then confirms from the history instead of sending again", async () => {
    await start({ feed: false, sim: { reply: false } });
    rig.faults.loseNextResponse("chat.send");
    const entry = await answerIt();
    await until(() => rig.userMessages().length === 1, "the message to arrive");
    await goOffline();
    await until(() => stateOf(page, entry.id) === "unconfirmed", "unconfirmed");
    retry(entry.id);
    expect(entryOf(page, entry.id)).toMatchObject({ state: "queued", isPaused: true });
    await reconnect();
    await until(() => stateOf(page, entry.id) === "confirmed", "confirmation");
    expect(sendKeys()).toEqual([entry.id]);
  });

  it("becomes unconfirmed when the gateway does not answer in time, and confirmed once the history shows it", async () => {
    // The agent does not reply on its own and no saved row is followed, so nothing re-reads the history before the deadline.
    await start({ feed: false, sim: { reply: false } }, { sendTimeoutMs: 2_000 });
    rig.faults.loseNextResponse("chat.send");
    const entry = await answerIt();
    await until(() => stateOf(page, entry.id) === "unconfirmed", "unconfirmed", 200);
    expect(entryOf(page, entry.id)?.failureCode).toBe("timeout");
    // The send did arrive: the next history read (here, after the run ends) confirms it.
    rig.sim.completeRun(entry.id, "Thanks.");
    await until(() => stateOf(page, entry.id) === "confirmed", "confirmation");
    expect(sendKeys()).toEqual([entry.id]);
  });
});

describe("Retry", () => {
  it("first re-reads the history: an answer that did arrive is confirmed without sending again", async () => {
    await start({ feed: false, sim: { reply: false } }, { sendTimeoutMs: 1_000 });
    rig.faults.loseNextResponse("chat.send");
    const entry = await answerIt();
    await until(() => stateOf(page, entry.id) === "unconfirmed", "unconfirmed", 100);
    // The run ends while the history cannot be read: the page sees the run idle but not the message.
    const allow = rig.faults.refuse("chat.history", { code: "UNAVAILABLE", message: "history is loading" });
    const failedReads = rig.historyReads();
    rig.sim.completeRun(entry.id, "Thanks.");
    await until(() => !page.getState().chat.runActive && rig.historyReads() > failedReads, "the run's end, unread");
    await pass(1_000);
    expect(stateOf(page, entry.id)).toBe("unconfirmed");
    allow();
    const reads = rig.historyReads();
    retry(entry.id);
    await until(() => stateOf(page, entry.id) === "confirmed", "confirmation");
    expect(rig.historyReads()).toBeGreaterThan(reads);
    expect(sendKeys()).toEqual([entry.id]);
  });
});

describe("The restart rule (the gateway answers 'not durably admitted')", () => {
  it("confirms, without a new key, when the history holds the message", async () => {
    await start();
    rig.faults.failNext("chat.send", NOT_DURABLY_ADMITTED_ERROR, { forward: true, payload: { status: "error", summary: "Error: chat turn was not durably admitted" } });
    const entry = await answerIt();
    await until(() => stateOf(page, entry.id) === "confirmed", "confirmation");
    expect(sendKeys()).toEqual([entry.id]);
    expect(entryOf(page, entry.id)?.retiredKeys).toBeUndefined();
    expect(rig.userMessages()).toHaveLength(1);
  });

  it("sends once under a successor key when the history lacks it, and still counts the old key as delivery", async () => {
    await start();
    rig.faults.failNext("chat.send", NOT_DURABLY_ADMITTED_ERROR);
    const entry = await answerIt();
    await until(() => stateOf(page, entry.id) === "confirmed", "confirmation");
    const confirmed = entryOf(page, entry.id)!;
    expect(confirmed.idempotencyKey).toBeDefined();
    expect(confirmed.idempotencyKey).not.toBe(entry.id);
    expect(confirmed.retiredKeys).toEqual([entry.id]);
    expect(sendKeys()).toEqual([entry.id, confirmed.idempotencyKey]);
    expect(rig.userMessages()).toEqual([expect.objectContaining({ content: branchAnswer("main"), idempotencyKey: `${confirmed.idempotencyKey}:user` })]);
    expect(keysOf(confirmed)).toEqual([confirmed.idempotencyKey, entry.id]);
  });

  it("stays unconfirmed rather than minting a key when the history cannot be read", async () => {
    await start();
    rig.faults.failNext("chat.send", NOT_DURABLY_ADMITTED_ERROR);
    rig.faults.failNext("chat.history", { code: "UNAVAILABLE", message: "history is loading" });
    const entry = await answerIt();
    await until(() => stateOf(page, entry.id) === "unconfirmed", "unconfirmed");
    expect(entryOf(page, entry.id)?.idempotencyKey).toBeUndefined();
    expect(sendKeys()).toEqual([entry.id]);
    expect(canDiscard(entryOf(page, entry.id)!)).toBe(true);
  });

  it("gives up as failed when every fresh key is refused too", async () => {
    await start();
    for (let i = 0; i < 3; i++) rig.faults.failNext("chat.send", NOT_DURABLY_ADMITTED_ERROR);
    const entry = await answerIt();
    await until(() => stateOf(page, entry.id) === "failed", "the failure");
    expect(sendKeys()).toHaveLength(3);
    expect(new Set(sendKeys()).size).toBe(3);
    expect(rig.userMessages()).toEqual([]);
  });
});
