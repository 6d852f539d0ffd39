// The simulated gateway saves a Codex run's endings exactly as the real gateway with the Codex plugin does
// (docs/gateway-findings.md §12); the kit's readers then tell each ending as the real rows say.
import { describe, expect, it } from "vitest";
import { parseChatMessage } from "../../../src/protocol";
import { runEndingOf } from "../../../src/protocol/run-ending";
import { createSimulatedGateway } from "../../../src/simulated";
import { deriveAsyncQuestions, emptyAsyncLocal } from "../../../src/store/conversation";
import { connect, ManualClock } from "./wire";

const MAIN = "agent:main:main";
const ASK = [{ title: "Which size?", options: ["S", "M"] }];

async function codexRun() {
  const sim = createSimulatedGateway({ clock: new ManualClock(), tickIntervalMs: 0, reply: false });
  const { wire } = await connect(sim);
  await wire.call("chat.send", { sessionKey: MAIN, message: "Measure it", idempotencyKey: "run-a" });
  await wire.until((f) => f.event === "chat" && f.payload.runId === "run-a");
  sim.askAsync({ runId: "run-a", itemId: "ask-1", questions: ASK, text: "One thing:" });
  return { sim, wire };
}

const read = (raw: unknown) => {
  const r = parseChatMessage(raw);
  if (!r.ok) throw new Error("unreadable row");
  return r.value;
};
const turnOf = (row: { __openclaw: { mirrorIdentity?: string } }) => row.__openclaw.mirrorIdentity?.split(":")[0];

describe("a Codex run's saved rows", () => {
  it("saves the async question mid-run without the run id, and the successful final with runTerminal and the run id, on one turn", async () => {
    const { sim, wire } = await codexRun();
    const [, asked] = sim.history();
    expect(asked).toMatchObject({ role: "assistant", stopReason: "stop", openclawAsyncDelivery: { itemId: "ask-1", questions: ASK }, __openclaw: { mirrorOrigin: "codex-app-server" } });
    expect(asked!.__openclaw.runId).toBeUndefined();
    expect(asked!.__openclaw.mirrorIdentity).toMatch(/^[^:]+:async:ask-1$/);
    sim.completeRun("run-a", "Measured.");
    const final = sim.history()[2]!;
    expect(final).toMatchObject({ role: "assistant", stopReason: "stop", __openclaw: { runId: "run-a", runTerminal: true, mirrorOrigin: "codex-app-server", mirrorIdentity: `${turnOf(asked!)}:assistant` } });
    const event = await wire.until((f) => f.event === "chat" && f.payload.state === "final");
    expect(event.payload.message.__openclaw).toEqual({ runId: "run-a", idempotencyKey: final.idempotencyKey });
    expect(runEndingOf(read(final))).toBe("successful");
  });

  it("saves a failure as a custom run-failed-before-reply record with the run id, never as an assistant error, and ends with a chat error", async () => {
    const { sim, wire } = await codexRun();
    sim.failRun("run-a", "the model broke");
    const rows = sim.history();
    expect(rows.map((m) => m.role)).toEqual(["user", "assistant", "custom"]);
    expect(rows[2]).toMatchObject({ role: "custom", customType: "run-failed-before-reply", content: "This turn ended before a reply: the model broke", display: true, __openclaw: { runId: "run-a" } });
    expect(rows.some((m) => m.stopReason === "error")).toBe(false);
    expect((await wire.until((f) => f.event === "chat" && f.payload.runId === "run-a" && f.payload.state === "error")).payload.errorMessage).toBe("the model broke");
    expect(runEndingOf(read(rows[2]))).toBe("settled");
  });

  it("saves an abort after text as two rows, the gateway's partial and the mirrored aborted reply, and ends with chat aborted", async () => {
    const { sim, wire } = await codexRun();
    sim.streamRun("run-a", "Half an answer");
    sim.abortRun("run-a");
    const rows = sim.history();
    const [injected, mirrored] = rows.slice(2);
    expect(rows).toHaveLength(4);
    expect(injected).toMatchObject({ stopReason: "stop", model: "gateway-injected", idempotencyKey: "run-a:assistant", openclawAbort: { aborted: true, origin: "rpc", runId: "run-a" }, __openclaw: { runId: "run-a" } });
    expect(mirrored).toMatchObject({ stopReason: "aborted", __openclaw: { runId: "run-a", runTerminal: true, mirrorOrigin: "codex-app-server", mirrorIdentity: `${turnOf(rows[1]!)}:assistant` } });
    expect((await wire.until((f) => f.event === "chat" && f.payload.runId === "run-a" && f.payload.state === "aborted")).payload).toMatchObject({ stopReason: "rpc", message: { content: [{ type: "text", text: "Half an answer" }] } });
    expect([runEndingOf(read(injected)), runEndingOf(read(mirrored))]).toEqual(["settled", "settled"]);
  });

  it("saves nothing of an abort before any text: only the async row stays", async () => {
    const { sim } = await codexRun();
    sim.abortRun("run-a");
    expect(sim.history().map((m) => m.role)).toEqual(["user", "assistant"]);
  });

  it("keeps the question pending through a later failed or aborted Codex run, and retires it after a later success", async () => {
    const { sim, wire } = await codexRun();
    sim.completeRun("run-a", "Asked.");
    const later = async (key: string, end: (runId: string) => void) => {
      await wire.call("chat.send", { sessionKey: MAIN, message: `next ${key}`, idempotencyKey: key });
      await wire.until((f) => f.event === "chat" && f.payload.runId === key);
      sim.askAsync({ runId: key, itemId: `${key}-ask`, questions: ASK });
      end(key);
    };
    const status = () => deriveAsyncQuestions(sim.history().map(read), emptyAsyncLocal()).find((q) => q.delivery.itemId === "ask-1");
    await later("run-b", (id) => sim.failRun(id, "broke"));
    await later("run-c", (id) => {
      sim.streamRun(id, "Half");
      sim.abortRun(id);
    });
    expect(status()).toMatchObject({ status: "pending", runId: "run-a" });
    await later("run-d", (id) => sim.completeRun(id, "Done."));
    expect(status()).toMatchObject({ status: "retired", runId: "run-a" });
  });
});
