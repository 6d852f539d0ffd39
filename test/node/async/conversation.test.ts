import { afterEach, describe, expect, it } from "vitest";
import { formatAnswerText } from "../../../src/protocol";
import { flush, startConversation, until, type ConversationFixture } from "./conversation-fixture";

const MAIN = "agent:main:main";
const BRANCH = { title: "Which branch?", options: ["main", "dev"] };

let f: ConversationFixture;
afterEach(() => f?.stop());

const entry = (itemId: string) => f.state().questions.find((q) => q.delivery.itemId === itemId);
const status = (itemId: string) => entry(itemId)?.status;

/** Posts an async question on a short run of its own and waits until the conversation shows it. */
async function ask(itemId: string) {
  f.sim.askAsync({ itemId, questions: [BRANCH], text: "One question:" });
  await until(() => entry(itemId)?.sourceMessageId, `question ${itemId} with its saved message id`);
}

/** Starts a scripted agent run (no user message) and waits until the conversation sees it running. */
async function startRun(): Promise<string> {
  const runId = f.sim.startRun();
  await until(() => f.state().activeRunIds.includes(runId), `run ${runId} running`);
  return runId;
}

/** Waits until no run is going and the history has been reloaded after the last run ended. */
async function settle() {
  await until(() => !f.state().runActive, "the run to end");
  await flush();
  await flush();
}

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
    expect(f.state().error).toEqual({ kind: "load-failed", reason: expect.stringMatching(/^chat.history failed: INVALID_REQUEST/) });
  });
});

describe("retirement against the simulated gateway", () => {
  it("a later successful run retires the question; nothing is sent", async () => {
    f = await startConversation();
    await ask("q");
    f.sim.completeRun(await startRun(), "Next task done.");
    await until(() => status("q") === "retired", "retirement");
    expect(entry("q")!.replyText).toBeUndefined();
    expect(f.sent("chat.send")).toBe(0);
  });

  it("the question's own run completing does not retire it", async () => {
    f = await startConversation();
    // A Codex turn always saves its prompt first; the async row, which names no run, belongs to that turn.
    const runId = "build";
    await f.client.request("chat.send", { sessionKey: "main", message: "Build it", idempotencyKey: runId });
    await until(() => f.state().activeRunIds.includes(runId), "the build run");
    f.sim.askAsync({ itemId: "q", runId, questions: [BRANCH] });
    f.sim.completeRun(runId, "Build finished; one question.");
    await settle();
    expect(status("q")).toBe("pending");
  });

  it("a run that started before the question and ends after it does not retire it", async () => {
    f = await startConversation();
    await f.client.request("chat.send", { sessionKey: "main", message: "Long job", idempotencyKey: "long" });
    await until(() => f.state().activeRunIds.includes("long"), "the long run");
    await ask("q");
    f.sim.completeRun("long", "Long job done.");
    await settle();
    expect(status("q")).toBe("pending");
  });

  it.each([
    ["failed", (runId: string) => f.sim.failRun(runId, "model unavailable")],
    [
      "aborted mid-stream",
      (runId: string) => {
        f.sim.streamRun(runId, "Partial");
        f.sim.abortRun(runId);
      },
    ],
    ["aborted before any text", (runId: string) => f.sim.abortRun(runId)],
    ["ending in commentary", (runId: string) => f.sim.completeRun(runId, "Still investigating.", { phase: "commentary" })],
  ])("a later %s run does not retire it", async (_name, end) => {
    f = await startConversation();
    await ask("q");
    end(await startRun());
    await settle();
    expect(status("q")).toBe("pending");
  });

  it("a restart alone does not retire it", async () => {
    f = await startConversation();
    await ask("q");
    await f.client.request("chat.send", { sessionKey: "main", message: "Long job", idempotencyKey: "long" });
    await until(() => f.state().runActive, "the long run");
    f.sim.restart();
    await until(() => f.client.getConnection().state !== "connected", "the restart");
    await until(() => f.client.getConnection().state === "connected" && !f.state().runActive, "reconnect and reload", 100);
    expect(status("q")).toBe("pending");
  });

  it("a successful restart recovery retires it", async () => {
    f = await startConversation();
    await ask("q");
    await f.client.request("chat.send", { sessionKey: "main", message: "Long job", idempotencyKey: "long" });
    await until(() => f.state().runActive, "the long run");
    f.sim.restart({ recoverInterrupted: true });
    await until(() => f.client.getConnection().state !== "connected", "the restart");
    const recovery = await until(() => f.state().messages.find((m) => m.provenance?.sourceTool === "main_session_restart_recovery"), "the recovery prompt", 100);
    // The history's sessionInfo says the recovery run is going.
    expect(f.state().activeRunIds).toEqual([recovery.runId]);
    expect(status("q")).toBe("pending");
    f.sim.completeRun(recovery.runId, "Resumed and finished.");
    await until(() => status("q") === "retired", "retirement by the recovery");
  });

  it("a protected question is not retired until protection ends", async () => {
    f = await startConversation();
    await ask("q");
    f.state().actions.setProtected("q", true);
    f.sim.completeRun(await startRun(), "Done.");
    await settle();
    expect(status("q")).toBe("pending");
    f.state().actions.setProtected("q", false);
    expect(status("q")).toBe("retired");
  });

  it("reopen brings a retired question back until a run started after the reopen completes", async () => {
    f = await startConversation();
    await ask("q");
    f.sim.completeRun(await startRun(), "Done.");
    await until(() => status("q") === "retired", "retirement");
    f.state().actions.reopen("q");
    expect(status("q")).toBe("pending");
    f.sim.failRun(await startRun(), "boom");
    await settle();
    expect(status("q")).toBe("pending");
    f.sim.completeRun(await startRun(), "Done again.");
    await until(() => status("q") === "retired", "retirement after the reopen");
  });

  it("skip takes it out of the dock without sending anything, and reopen brings it back", async () => {
    f = await startConversation();
    await ask("q");
    f.state().actions.skip("q");
    expect(status("q")).toBe("skipped");
    expect(f.sent("chat.send")).toBe(0);
    f.state().actions.reopen("q");
    expect(status("q")).toBe("pending");
  });
});

describe("answers and runs", () => {
  it("an answer sent with replyToId marks it answered and confirms the outbox key", async () => {
    f = await startConversation();
    await ask("q");
    const text = formatAnswerText([{ title: BRANCH.title, values: ["main"] }]);
    expect(f.state().actions.hasUserMessage("ans-1")).toBe(false);
    await f.client.request("chat.send", { sessionKey: "main", message: text, idempotencyKey: "ans-1", replyToId: entry("q")!.sourceMessageId });
    f.sim.completeRun("ans-1", "Thanks.");
    await until(() => status("q") === "answered", "the answer");
    expect(entry("q")).toMatchObject({ replyText: text, replyKey: "ans-1" });
    expect(f.state().actions.hasUserMessage("ans-1")).toBe(true);
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

describe("conversation events", () => {
  it("tells listeners each named event after its state is stored, and nothing for an event that changed nothing", async () => {
    f = await startConversation();
    await until(() => f.state().loaded, "the first load");
    const heard: Array<{ type: string; stored: boolean; changed: boolean }> = [];
    const off = f.state().actions.onEvent((event, state, prev) => heard.push({ type: event.type, stored: f.state() === state, changed: state !== prev }));
    await ask("q");
    f.state().actions.skip("q");
    f.state().actions.skip("q");
    f.state().actions.setProtected("q", false);
    off();
    f.state().actions.reopen("q");
    expect(heard.every((h) => h.stored && h.changed)).toBe(true);
    const types = heard.map((h) => h.type);
    expect(types.filter((t) => t === "questionSkipped")).toHaveLength(1);
    expect(types).not.toContain("protectionChanged");
    expect(types).not.toContain("questionReopened");
    expect(types.some((t) => t === "messageArrived" || t === "historyLoaded")).toBe(true);
  });
});
