import { afterEach, describe, expect, it, vi } from "vitest";
import { formatAnswerText } from "../../../src/protocol";
import { BRANCH, flush, startConversation, until, type ConversationFixture } from "./conversation-fixture";

const MAIN = "agent:main:main";

let f: ConversationFixture;
afterEach(() => f?.stop());

const entry = (itemId: string) => f.question(itemId);
const status = (itemId: string) => entry(itemId)?.status;
const ask = (itemId: string) => f.ask(itemId);
const startRun = () => f.startRun();

describe("loading", () => {
  it("loads the history on connect, with the questions already in it", async () => {
    f = await startConversation({ connect: false });
    f.sim.askAsync({ itemId: "q", questions: [BRANCH], text: "One question:" });
    expect(f.state().loaded).toBe(false);
    f.client.start();
    await until(() => f.state().loaded, "the first load");
    expect(f.state().messages.map((m) => [m.role, m.text])).toEqual([["assistant", "One question:"]]);
    expect(f.state().questions).toEqual([
      // The saved async row names no run, as the Codex plugin mirrors it.
      { delivery: { itemId: "q", questions: [{ title: "Which branch?", options: ["main", "dev"] }] }, sourceMessageId: expect.any(String), index: 0, deliveredAt: expect.any(Number), status: "pending", turnId: expect.any(String) },
    ]);
    expect(f.state().error).toBeUndefined();
  });

  it("shows a live async delivery without waiting for a history load, with the saved id an answer replies to", async () => {
    f = await startConversation();
    f.holdHistory(true);
    f.sim.askAsync({ itemId: "q", questions: [BRANCH] });
    await until(() => entry("q"), "the live question");
    expect(status("q")).toBe("pending");
    expect(entry("q")!.sourceMessageId).toBe(f.sim.history()[0]!.__openclaw.id);
    f.holdHistory(false);
    await flush();
    expect(f.state().messages.filter((m) => m.asyncDelivery)).toHaveLength(1);
  });

  it("reloads the history after a reconnect, picking up what happened while away", async () => {
    f = await startConversation();
    const loads = f.sent("chat.history");
    f.sim.dropConnections();
    await until(() => f.client.getConnection().state !== "connected", "the drop");
    f.sim.askAsync({ itemId: "while-away", questions: [BRANCH] });
    await until(() => entry("while-away"), "the question after reconnecting", 100);
    expect(f.sent("chat.history")).toBeGreaterThan(loads);
  });

  it("reloads the history after an event gap", async () => {
    let lost = false;
    f = await startConversation({
      lose: (frame) => {
        // Lose the one saved row that carries the question, as a network might.
        if (lost || frame.event !== "session.message") return false;
        return (lost = true);
      },
    });
    // Asked on a running run, so no other event follows until the next one reveals the gap.
    const runId = await startRun();
    f.sim.askAsync({ itemId: "q", runId, questions: [BRANCH] });
    await flush();
    expect(entry("q")).toBeUndefined();
    f.sim.streamRun(runId, "Still working");
    await until(() => entry("q"), "the question after the gap");
  });

  it("reports a malformed delivery and keeps everything else working", async () => {
    f = await startConversation();
    f.sim.askAsync({ itemId: "broken", questions: [] });
    await until(() => f.state().rejected.some((r) => r.source === "session.message"), "the rejected live row");
    expect(f.state().rejected.at(-1)).toMatchObject({ source: "session.message", itemId: "broken", errors: [{ path: "openclawAsyncDelivery.questions", message: "must have 1 to 12 questions, got 0" }] });
    expect(f.state().error).toEqual({ kind: "delivery-refused", count: 1, source: "session.message", itemId: "broken", reason: expect.stringMatching(/must have 1 to 12 questions/) });
    expect(f.state().questions).toEqual([]);
    await ask("q");
    expect(status("q")).toBe("pending");
  });

  it("shows a failed run's error at once and keeps one copy once the history has it", async () => {
    f = await startConversation();
    f.holdHistory(true);
    const runId = await startRun();
    f.sim.failRun(runId, "model unavailable");
    await until(() => f.state().messages.length === 1, "the live error");
    // The saved row comes first, so the chat error event adds no second copy.
    expect(f.state().messages[0]).toMatchObject({ role: "assistant", runId, stopReason: "error", idempotencyKey: `${runId}:terminal-error`, text: "⚠️ model unavailable", id: expect.any(String) });
    f.holdHistory(false);
    await flush();
    expect(f.state().messages).toHaveLength(1);
  });

  it("reports a failed load as its kind, with the gateway's own words", async () => {
    f = await startConversation({ sessionKey: "" });
    expect(f.state().loaded).toBe(false);
    await until(() => f.state().error, "the load error");
    expect(f.state().error).toEqual({ kind: "load-failed", reason: expect.stringMatching(/^chat.history failed: INVALID_REQUEST/), retrying: false });
    // A refusal is not asked again: the same request would be refused the same way.
    const loads = f.sent("chat.history");
    await vi.advanceTimersByTimeAsync(120_000);
    expect(f.sent("chat.history")).toBe(loads);
  });

  it("asks again for a history the gateway did not give in time, and the error goes once it loads", async () => {
    f = await startConversation({ connect: false });
    f.sim.askAsync({ itemId: "q", questions: [BRANCH], text: "One question:" });
    f.holdHistory(true);
    f.client.start();
    await until(() => f.state().error, "the timed-out load", 1000);
    expect(f.state().error).toEqual({ kind: "load-failed", reason: expect.stringMatching(/TIMEOUT/), retrying: true });
    expect(f.state().loaded).toBe(false);
    const loads = f.sent("chat.history");
    f.holdHistory(false);
    await until(() => f.state().loaded, "the load asked again", 1000);
    expect(f.sent("chat.history")).toBe(loads + 1);
    expect(f.state().error).toBeUndefined();
    expect(status("q")).toBe("pending");
  });

  it("says a load cut off by a dropped socket is asked again, and asks on the reconnect", async () => {
    f = await startConversation();
    await f.ask("q");
    f.holdHistory(true);
    // A run's end asks for the history; its answer is held, so the drop cuts the request off.
    f.sim.completeRun(await f.startRun(), "Done.");
    await until(() => !f.state().runActive, "the run's end");
    f.sim.dropConnections();
    await until(() => f.state().error, "the cut-off load");
    expect(f.state().error).toEqual({ kind: "load-failed", reason: expect.stringMatching(/DISCONNECTED/), retrying: true });
    const loads = f.sent("chat.history");
    f.holdHistory(false);
    await until(() => f.state().error === undefined, "the load on the reconnect", 100);
    expect(f.sent("chat.history")).toBe(loads + 1);
  });

  it("asks no more once a load that came in by another way succeeded", async () => {
    f = await startConversation({ unavailableHistory: 1 });
    expect(f.state().error).toMatchObject({ kind: "load-failed", retrying: true });
    f.sim.dropConnections();
    await until(() => f.state().loaded, "the load on the reconnect", 50);
    const loads = f.sent("chat.history");
    await flush(60_000);
    expect(f.sent("chat.history")).toBe(loads);
  });

  it("asks again, waiting longer each time, while the gateway says the history is not ready", async () => {
    f = await startConversation({ unavailableHistory: 2 });
    expect(f.state().error).toEqual({ kind: "load-failed", reason: expect.stringMatching(/UNAVAILABLE: session rows are initializing/), retrying: true });
    for (const [waitMs, sent] of [[999, 1], [1, 2], [1999, 2], [1, 3]] as const) {
      await flush(waitMs);
      expect(f.sent("chat.history")).toBe(sent);
    }
    await until(() => f.state().loaded, "the third load");
    expect(f.state().error).toBeUndefined();
  });
});

describe("answers and runs", () => {
  it("an answer sent elsewhere with replyToId marks it answered, under its key, and settles it in the dock", async () => {
    f = await startConversation();
    await ask("q");
    await until(() => f.dock().records.has("async:q"), "the question in the dock");
    const text = formatAnswerText([{ title: BRANCH.title, values: ["main"] }]);
    const holdsKey = () => f.state().messages.some((m) => m.role === "user" && m.idempotencyKey === "ans-1:user");
    expect(holdsKey()).toBe(false);
    await f.client.request("chat.send", { sessionKey: "main", message: text, idempotencyKey: "ans-1", replyToId: entry("q")!.sourceMessageId });
    f.sim.completeRun("ans-1", "Thanks.");
    await until(() => status("q") === "answered", "the answer");
    expect(entry("q")).toMatchObject({ replyText: text, replyKey: "ans-1" });
    expect(holdsKey()).toBe(true);
    expect(f.dock().records.has("async:q")).toBe(false);
    expect(f.dock().outcomes.get("async:q")).toMatchObject({ kind: "answered", async: { replyText: text } });
  });

  it("tracks run activity from events, ignoring queued-send acks and other sessions", async () => {
    f = await startConversation();
    expect(f.state().runActive).toBe(false);
    const runId = await startRun();
    expect(f.state().runActive).toBe(true);
    f.sim.broadcast("chat", { runId: "Q2", sessionKey: MAIN, seq: 1, state: "final" });
    f.sim.startRun({ sessionKey: "agent:main:other" });
    await flush();
    expect(f.state().activeRunIds).toEqual([runId]);
    expect(f.state().messages).toEqual([]);
    f.sim.completeRun(runId, "Done.");
    await until(() => !f.state().runActive, "the run to end");
    expect(f.state().activeRunIds).toEqual([]);
  });

  it("stays idle when a status event of an aborted run straggles in after the abort", async () => {
    f = await startConversation();
    const runId = await startRun();
    f.sim.abortRun(runId);
    await until(() => !f.state().runActive, "the abort");
    // The model's fallback attempt can report its status after the abort went out; queued answers wait for idle.
    f.sim.broadcast("chat", { runId, sessionKey: MAIN, seq: 99, state: "status", phase: "starting_model" });
    await flush();
    expect(f.state().runActive).toBe(false);
  });

  it("takes run activity from the history after a reconnect", async () => {
    f = await startConversation();
    f.sim.dropConnections();
    await until(() => f.client.getConnection().state !== "connected", "the drop");
    const runId = f.sim.startRun();
    await until(() => f.state().runActive, "the run from sessionInfo", 100);
    expect(f.state().activeRunIds).toEqual([runId]);
  });

  it("keeps the same questions array while nothing about them changes", async () => {
    f = await startConversation();
    await ask("q");
    const before = f.state().questions;
    const runId = await startRun();
    f.sim.streamRun(runId, "Working on it");
    await flush();
    expect(f.state().questions).toBe(before);
  });
});
