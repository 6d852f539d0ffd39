// Which runs retire an async question, against the simulated gateway: only a later run that succeeds, and never one
// while the question's answer is on its way.
import { afterEach, describe, expect, it } from "vitest";
import { BRANCH, startConversation, until, type ConversationFixture } from "./conversation-fixture";

let f: ConversationFixture;
afterEach(() => f?.stop());

const entry = (itemId: string) => f.question(itemId);
const status = (itemId: string) => entry(itemId)?.status;
const ask = (itemId: string) => f.ask(itemId);
const startRun = () => f.startRun();
const settle = () => f.settle();

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

  it("a question with an answer on its way is never retired by a later run; the saved answer then answers it", async () => {
    f = await startConversation();
    await ask("q");
    const rid = await until(() => (f.dock().records.has("async:q") ? "async:q" : undefined), "the question in the dock");
    const seen: string[] = [];
    f.store.subscribe((s) => {
      const now = s.chat.questions.find((q) => q.delivery.itemId === "q")?.status;
      if (now && seen.at(-1) !== now) seen.push(now);
    });
    // Answered while a later run goes on, the answer waits in the outbox; the run's success would retire the question.
    const runId = await startRun();
    f.dock().actions.select(rid, "q0", "main");
    await f.dock().actions.submit(rid);
    const [id] = f.dock().outbox.order;
    expect(f.dock().outbox.entries[id!]?.state).toBe("queued");
    f.sim.completeRun(runId, "Done.");
    await until(() => status("q") === "answered", "the answer saved");
    expect(seen).not.toContain("retired");
    expect(entry("q")).toMatchObject({ replyKey: id });
    expect(f.dock().outbox.entries[id!]?.state).toBe("confirmed");
  });

  it("reopen brings a retired question back until a run started after the reopen completes", async () => {
    f = await startConversation();
    await ask("q");
    f.sim.completeRun(await startRun(), "Done.");
    await until(() => status("q") === "retired", "retirement");
    expect(f.dock().records.has("async:q")).toBe(false);
    f.dock().actions.reopen("q");
    expect(status("q")).toBe("pending");
    expect(f.dock().records.has("async:q")).toBe(true);
    f.sim.failRun(await startRun(), "boom");
    await settle();
    expect(status("q")).toBe("pending");
    f.sim.completeRun(await startRun(), "Done again.");
    await until(() => status("q") === "retired", "retirement after the reopen");
  });

  it("skip takes it out of the dock without sending anything, and reopen brings it back", async () => {
    f = await startConversation();
    await ask("q");
    await until(() => f.dock().records.has("async:q"), "the question in the dock");
    await f.dock().actions.skip("async:q");
    expect(status("q")).toBe("skipped");
    expect(f.dock().records.has("async:q")).toBe(false);
    expect(f.dock().outcomes.get("async:q")?.kind).toBe("skipped");
    expect(f.sent("chat.send")).toBe(0);
    f.dock().actions.reopen("q");
    expect(status("q")).toBe("pending");
    expect(f.dock().records.has("async:q")).toBe(true);
  });
});
