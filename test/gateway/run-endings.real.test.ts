// How a run ends, against the REAL OpenClaw gateway: a successful run, a failed one (model HTTP 400), one aborted
// mid-stream and one aborted before any text. The store's conversation loads the saved history, and the saved
// messages, the live `chat` events and the `agent` lifecycle events must all classify each ending the same way.
// An async delivery (which this gateway cannot emit without a Codex harness) is then placed before each run's
// real messages to check that only the successful run would retire it.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import WebSocket from "ws";
import { createGatewayClient, createWebSocketTransport, type GatewayClient } from "../../src/gateway";
import { parseChatEvent, parseChatMessage, type ChatEvent, type ChatMessage } from "../../src/protocol";
import { runEndingOf, runEndingOfEvent, runEndingOfLifecycle, type LifecycleEventData, type RunEnding } from "../../src/protocol/run-ending";
import { deriveAsyncQuestions, emptyAsyncLocal } from "../../src/store/conversation";
import { createMemoryStorage, createPaneBus, openStore, type DockStore } from "../../src/store";
import { asyncQuestionsFeature } from "../../src/features/async-questions";
import type { StoreApi } from "zustand/vanilla";
import { mockModelControl, sessionScope } from "./mock-model";
import { poller } from "./wait";

const url = inject("gatewayUrl");
const token = inject("gatewayToken");
// A page on another loopback origin, as the kit's dev server is.
const ORIGIN = "http://127.0.0.1:5173";
// A session of its own, so other files' runs on the shared gateway do not mix in.
const SESSION = `agent:main:run-endings-${randomUUID().slice(0, 8)}`;
// The model is shared with every test on the gateway: this file scripts and resets its session's requests only.
const mock = mockModelControl(inject("gatewayMockModelUrl"), { scope: sessionScope(SESSION) });
const tag = randomUUID().slice(0, 6);
const RUN = { ok: `ok-${tag}`, fail: `fail-${tag}`, abort: `abort-${tag}`, early: `early-${tag}`, queued: `queued-${tag}` };

let client: GatewayClient;
let store: StoreApi<DockStore>;
const conversation = { getState: () => store.getState().chat };
const chatEvents: ChatEvent[] = [];
const lifecycle: Array<{ runId: string; data: LifecycleEventData }> = [];

const waitFor = poller({ timeoutMs: 45_000, intervalMs: 50 });

const terminalEvent = (runId: string) => chatEvents.find((e) => e.runId === runId && ["final", "error", "aborted"].includes(e.state) && (e.state !== "final" || e.message));
const lastLifecycleEnding = (runId: string): RunEnding | null => {
  const endings = lifecycle.filter((e) => e.runId === runId).map((e) => runEndingOfLifecycle(e.data));
  return endings.filter((x) => x !== null).at(-1) ?? null;
};
const saved = (runId: string): ChatMessage[] => conversation.getState().messages.filter((m) => m.runId === runId || m.idempotencyKey === `${runId}:user`);
const finalAssistant = (runId: string) => saved(runId).filter((m) => m.role === "assistant").at(-1);
// The live terminal event's message can stand in the transcript until the history is read again after the run
// ends; only the saved form carries an id.
const savedFinal = (runId: string) => {
  const message = finalAssistant(runId);
  return message?.id !== undefined ? message : undefined;
};

async function send(message: string, idempotencyKey: string) {
  return (await client.request("chat.send", { sessionKey: SESSION, message, idempotencyKey }, { timeoutMs: 60_000 })) as { runId: string; status: string };
}

async function idle() {
  await waitFor(() => !conversation.getState().runActive, "the conversation to see no run going");
}

describe.skipIf(!url)("run endings on the real gateway", () => {
  beforeAll(async () => {
    client = createGatewayClient({ url, token, transport: createWebSocketTransport(WebSocket, { origin: ORIGIN }), requestTimeoutMs: 60_000 });
    client.onEvent("chat", (payload) => {
      const read = parseChatEvent(payload);
      if (read.ok && read.value.sessionKey === SESSION) chatEvents.push(read.value);
    });
    client.onEvent("agent", (payload) => {
      const p = payload as { runId?: string; sessionKey?: string; stream?: string; data?: LifecycleEventData };
      if (p.sessionKey === SESSION && p.stream === "lifecycle" && p.runId) lifecycle.push({ runId: p.runId, data: p.data ?? {} });
    });
    store = openStore({ client, sessionKey: SESSION, asyncQuestions: asyncQuestionsFeature({ storage: createMemoryStorage(), bus: createPaneBus(`run-endings-${tag}`) }) });
    client.start();
    await waitFor(() => conversation.getState().loaded, "the first history load", 60_000);
    await mock.reset();
  }, 90_000);

  afterAll(async () => {
    store?.getState().actions.dispose();
    client?.stop();
    await mock.reset();
  });

  it("a successful run: saved final 'successful', live final with message 'successful'; a send queued behind it gets a bare final that ends nothing", async () => {
    // Slow pieces leave time to send a second message while this run streams.
    await mock.enqueue({ text: "All done here, in quite a few slow pieces.", chunks: 10, chunkDelayMs: 700 });
    expect(await send("first", RUN.ok)).toMatchObject({ runId: RUN.ok, status: "started" });
    // The first run of a new session waits for the session to be prepared: 20-45 s on a busy 2-core machine.
    await waitFor(() => chatEvents.some((e) => e.runId === RUN.ok && e.state === "delta"), "the first delta", 150_000);
    expect(conversation.getState().runActive).toBe(true);

    // Sent while the run is busy: acknowledged at once with a final that carries no message.
    await send("second, queued", RUN.queued);
    const ack = await waitFor(() => chatEvents.find((e) => e.runId === RUN.queued && e.state === "final"), "the queued send's ack");
    expect(ack.message).toBeUndefined();
    expect(runEndingOfEvent(ack)).toBeNull();
    // The bare final ends nothing: the first run is still active unless its own end already came (a slow machine
    // can take longer to deliver the ack than the run takes to finish).
    if (!terminalEvent(RUN.ok)) expect(conversation.getState().activeRunIds).toContain(RUN.ok);

    await waitFor(() => terminalEvent(RUN.ok), "the successful final");
    expect(runEndingOfEvent(terminalEvent(RUN.ok)!)).toBe("successful");
    expect(lastLifecycleEnding(RUN.ok)).toBe("successful");
    // The queued text is answered after it, in the busy run (steered in) or in a run of its own.
    await waitFor(() => conversation.getState().messages.some((m) => m.role === "user" && m.idempotencyKey === `${RUN.queued}:user`), "the queued message in history");
    await idle();
    // The history is read again when a run ends: wait for its saved form rather than asking for it.
    expect(runEndingOf(await waitFor(() => savedFinal(RUN.ok), "the saved final"))).toBe("successful");
    expect(conversation.getState().messages.some((m) => m.role === "user" && m.idempotencyKey === `${RUN.ok}:user`)).toBe(true);
  }, 240_000);

  it("a failed run (model HTTP 400): saved '<runId>:terminal-error' message and live error are both 'settled'", async () => {
    await mock.enqueue({ error: 400, message: "bad request schema" });
    await send("please fail", RUN.fail);
    await waitFor(() => terminalEvent(RUN.fail), "the error event");
    expect(terminalEvent(RUN.fail)!.state).toBe("error");
    expect(runEndingOfEvent(terminalEvent(RUN.fail)!)).toBe("settled");
    // The gateway repeats the error (seq 1, no agentId); it is settled too, and only the first one counts.
    await waitFor(() => lifecycle.some((e) => e.runId === RUN.fail && e.data.phase === "error"), "the lifecycle error");
    expect(lastLifecycleEnding(RUN.fail)).toBe("settled");
    await idle();
    const message = await waitFor(() => savedFinal(RUN.fail), "the saved error message");
    expect(message).toMatchObject({ stopReason: "error", idempotencyKey: `${RUN.fail}:terminal-error` });
    expect(runEndingOf(message)).toBe("settled");
  }, 60_000);

  it("a run aborted mid-stream: saved as stopReason 'stop' with openclawAbort, still 'settled'; live 'aborted' too", async () => {
    await mock.enqueue({ text: "Streaming a long answer that will be cut off midway through", chunks: 12, chunkDelayMs: 700 });
    await send("stream slowly", RUN.abort);
    await waitFor(() => chatEvents.some((e) => e.runId === RUN.abort && e.state === "delta"), "the first delta");
    await new Promise((r) => setTimeout(r, 800));
    expect(await client.request("chat.abort", { sessionKey: SESSION, runId: RUN.abort })).toMatchObject({ ok: true, aborted: true, runIds: [RUN.abort] });
    await waitFor(() => terminalEvent(RUN.abort), "the aborted event");
    expect(terminalEvent(RUN.abort)).toMatchObject({ state: "aborted", stopReason: "rpc", message: { role: "assistant" } });
    expect(runEndingOfEvent(terminalEvent(RUN.abort)!)).toBe("settled");
    await waitFor(() => lifecycle.some((e) => e.runId === RUN.abort && e.data.phase === "error"), "the lifecycle error after the abort");
    expect(lastLifecycleEnding(RUN.abort)).toBe("settled");
    await idle();
    const message = await waitFor(() => savedFinal(RUN.abort), "the saved partial reply");
    expect(message).toMatchObject({ stopReason: "stop", aborted: true, idempotencyKey: `${RUN.abort}:assistant` });
    expect(runEndingOf(message)).toBe("settled");
  }, 60_000);

  it("a run aborted before any text: no saved assistant message; live 'aborted' is 'settled'", async () => {
    await mock.enqueue({ hang: true });
    await send("hang", RUN.early);
    await waitFor(() => lifecycle.some((e) => e.runId === RUN.early && e.data.phase === "start"), "the run start");
    await waitFor(() => conversation.getState().activeRunIds.includes(RUN.early), "the conversation to see the run");
    await new Promise((r) => setTimeout(r, 1000));
    await client.request("chat.abort", { sessionKey: SESSION, runId: RUN.early });
    await waitFor(() => terminalEvent(RUN.early), "the aborted event");
    expect(terminalEvent(RUN.early)!.message).toBeUndefined();
    expect(runEndingOfEvent(terminalEvent(RUN.early)!)).toBe("settled");
    await idle();
    await waitFor(() => saved(RUN.early).length > 0, "the saved user message");
    expect(finalAssistant(RUN.early)).toBeUndefined();
    expect(saved(RUN.early).map((m) => m.role)).toEqual(["user"]);
  }, 60_000);

  it("only the successful run would retire an async question delivered before it", async () => {
    expect(conversation.getState().rejected).toEqual([]);
    const question = parseChatMessage({
      role: "assistant",
      content: [{ type: "text", text: "A question for you." }],
      stopReason: "stop",
      phase: "final_answer",
      openclawAsyncDelivery: { itemId: "q", questions: [{ title: "Which branch?", options: ["main", "dev"] }] },
      __openclaw: { runId: "earlier-run", id: "msg-q" },
    });
    if (!question.ok) throw new Error("bad delivery");
    const statusBefore = (runId: string) => deriveAsyncQuestions([question.value, ...saved(runId)], emptyAsyncLocal())[0]?.status;
    expect({ ok: statusBefore(RUN.ok), fail: statusBefore(RUN.fail), abort: statusBefore(RUN.abort), early: statusBefore(RUN.early) }).toEqual({
      ok: "retired",
      fail: "pending",
      abort: "pending",
      early: "pending",
    });
    // Every run above ended, so the conversation goes idle and queued answers may go out, even if an event of
    // an aborted run straggled in after its abort (on a loaded machine the order of such events varies).
    await idle();
  }, 60_000);
});
