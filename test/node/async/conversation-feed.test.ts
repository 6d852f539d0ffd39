// The conversation follows the session's saved rows (`sessions.messages.subscribe`), so an async question saved
// mid-run shows while its run still runs; without the feed it shows once the run ends, as before.
import { afterEach, describe, expect, it } from "vitest";
import { flush, startConversation, until, type ConversationFixture } from "./conversation-fixture";

const MAIN = "agent:main:main";
const SUBSCRIBE = "sessions.messages.subscribe";
const BRANCH = { title: "Which branch?", options: ["main", "dev"] };

let f: ConversationFixture;
afterEach(() => f?.stop());

const entry = (itemId: string) => f.state().questions.find((q) => q.delivery.itemId === itemId);

async function runningRun(): Promise<string> {
  const runId = f.sim.startRun();
  await until(() => f.state().activeRunIds.includes(runId), `run ${runId} running`);
  return runId;
}

describe("the saved-row feed", () => {
  it("subscribes before its first history request, so no row falls between the two", async () => {
    f = await startConversation();
    const order = f.requests().filter((m) => m === SUBSCRIBE || m === "chat.history");
    expect(order.slice(0, 2)).toEqual([SUBSCRIBE, "chat.history"]);
  });

  it("shows an async question while its run is still running, with the saved id an answer replies to", async () => {
    f = await startConversation();
    const runId = await runningRun();
    const loads = f.sent("chat.history");
    f.sim.askAsync({ itemId: "q", runId, questions: [BRANCH], text: "One question:" });
    const question = await until(() => entry("q"), "the live question");
    expect(question).toMatchObject({ status: "pending", sourceMessageId: f.sim.history()[0]!.__openclaw.id });
    expect(f.state().runActive).toBe(true);
    expect(f.sent("chat.history")).toBe(loads);
  });

  it("subscribes again after every reconnect and goes on showing rows live", async () => {
    f = await startConversation();
    for (const round of [2, 3]) {
      f.sim.dropConnections();
      await until(() => f.client.getConnection().state !== "connected", "the drop");
      await until(() => f.client.getConnection().state === "connected" && f.sent(SUBSCRIBE) === round, "the subscription again", 100);
    }
    await flush();
    const runId = await runningRun();
    f.sim.askAsync({ itemId: "after", runId, questions: [BRANCH] });
    await until(() => entry("after"), "the question after reconnecting");
    expect(f.state().runActive).toBe(true);
  });

  it("merges each row once: a user message, the question, the reply", async () => {
    f = await startConversation();
    await f.client.request("chat.send", { sessionKey: "main", message: "Build it", idempotencyKey: "k1" });
    f.sim.askAsync({ itemId: "q", runId: "k1", questions: [BRANCH] });
    f.sim.completeRun("k1", "Built.");
    await until(() => !f.state().runActive, "the run to end");
    await flush();
    expect(f.state().messages.map((m) => [m.role, m.seq])).toEqual([
      ["user", 1],
      ["assistant", 2],
      ["assistant", 3],
    ]);
  });

  it("ignores rows of another session", async () => {
    f = await startConversation();
    f.sim.askAsync({ sessionKey: "agent:main:other", itemId: "elsewhere", questions: [BRANCH] });
    f.sim.broadcast("session.message", { sessionKey: "agent:main:other", message: { role: "assistant", content: "x", __openclaw: { id: "o1", seq: 1 } } });
    await flush();
    expect(f.state().messages).toEqual([]);
    expect(f.state().rejected).toEqual([]);
  });

  it("reports a malformed row of its session as a refused delivery and reads the history instead", async () => {
    f = await startConversation();
    const loads = f.sent("chat.history");
    f.holdHistory(true);
    f.sim.broadcast("session.message", { sessionKey: MAIN, message: { role: "assistant", content: "no id" } });
    await until(() => f.state().rejected.length, "the rejected row");
    expect(f.state().rejected[0]).toMatchObject({ source: "session.message", errors: [{ path: "messageId" }, { path: "messageSeq" }] });
    expect(f.state().error).toMatchObject({ kind: "delivery-refused", count: 1, source: "session.message", reason: expect.stringMatching(/^messageId: missing/) });
    expect(f.sent("chat.history")).toBe(loads + 1);
    // The history is the gateway's own word: once read, it is what the conversation reports.
    f.holdHistory(false);
    await until(() => f.state().error === undefined, "the reloaded history");
    expect(f.state().messages).toEqual([]);
  });

  it("reads the history instead when a position was skipped", async () => {
    f = await startConversation();
    const loads = f.sent("chat.history");
    f.sim.broadcast("session.message", { sessionKey: MAIN, message: { role: "assistant", content: "far ahead", __openclaw: { id: "x9", seq: 9 } } });
    await until(() => f.sent("chat.history") > loads, "the reload");
    await flush();
    // The gateway's history does not hold it, so it is not shown.
    expect(f.state().messages).toEqual([]);
  });

  it("unsubscribes on dispose, unless another store of the session on the same client still follows it", async () => {
    f = await startConversation();
    const second = f.open();
    await until(() => second.getState().chat.loaded, "the second store's load");
    f.store.getState().actions.dispose();
    await flush();
    expect(f.sent("sessions.messages.unsubscribe")).toBe(0);
    const runId = await until(() => f.sim.startRun(), "a run");
    f.sim.askAsync({ itemId: "q", runId, questions: [BRANCH] });
    await until(() => second.getState().chat.questions.length, "the question in the second store");
    second.getState().actions.dispose();
    await until(() => f.sent("sessions.messages.unsubscribe") === 1, "the unsubscribe");
  });
});

describe("without the feed", () => {
  it("a refused subscribe changes nothing visible: the question shows once its run ends", async () => {
    f = await startConversation({ refuse: [SUBSCRIBE] });
    expect(f.state().error).toBeUndefined();
    const runId = await runningRun();
    f.sim.askAsync({ itemId: "q", runId, questions: [BRANCH] });
    await flush();
    expect(entry("q")).toBeUndefined();
    // A Codex run's final often carries no message: the run's end alone is the cue to read the history.
    f.sim.completeRun(runId, "");
    const question = await until(() => entry("q"), "the question after the run ended");
    expect(question.status).toBe("pending");
    expect(f.state().error).toBeUndefined();
  });
});
