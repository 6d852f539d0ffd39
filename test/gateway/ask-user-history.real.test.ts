// What `chat.history` keeps of an agent's ask_user call on the REAL gateway, and that a new page (new client,
// new store) rebuilds the question summaries from it: answered (multi-select and Other text), skipped
// (question.resolve cancel) and a run aborted while its question waits. See docs/gateway-findings.md.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import WebSocket from "ws";
import { createGatewayClient, createWebSocketTransport, type GatewayClient } from "../../src/gateway";
import { askUserEntries, parseChatMessage } from "../../src/protocol";
import { createMemoryStorage, createPaneBus, createQuestionDockStore, getAsyncQuestionServices } from "../../src/store";
import { mockModelControl } from "./mock-model";
import { poller } from "./wait";

const url = inject("gatewayUrl");
const token = inject("gatewayToken");
const mock = mockModelControl(inject("gatewayMockModelUrl"));
const ORIGIN = "http://127.0.0.1:5173";
// A session of its own, so other files' runs on the shared gateway do not mix in.
const SESSION = `agent:main:ask-history-${randomUUID().slice(0, 8)}`;
const tag = randomUUID().slice(0, 6);
const RUN = { answered: `ans-${tag}`, skipped: `skip-${tag}`, aborted: `abort-${tag}` };

const STACK = { id: "stack", header: "Stack", question: "Which parts?", options: [{ label: "API" }, { label: "Web" }, { label: "Docs" }], multiSelect: true };
const ENV = { id: "env", header: "Env", question: "Where to?", options: [{ label: "Staging" }, { label: "Production" }] };
const COLOR = { id: "color", header: "Color", question: "Which color?", options: [{ label: "Red" }, { label: "Blue" }] };
const SIZE = { id: "size", header: "Size", question: "How big?", options: [{ label: "S" }, { label: "L" }] };

type Raw = Record<string, unknown> & { role: string; content?: unknown; __openclaw?: { runId?: string; id?: string } };
let client: GatewayClient;
const requested: Array<{ id: string; runId?: string }> = [];
const chatStates: Array<{ runId: string; state: string }> = [];
const ids = { answered: "", skipped: "", aborted: "" };
let history: Raw[] = [];
const waitFor = poller({ timeoutMs: 120_000, intervalMs: 50 });

const newClient = () => createGatewayClient({ url, token, transport: createWebSocketTransport(WebSocket, { origin: ORIGIN }), requestTimeoutMs: 60_000 });

async function ask(runId: string, questions: unknown[]): Promise<string> {
  await mock.enqueue({ toolCall: { name: "tool_call", arguments: { id: "ask_user", args: { questions, timeoutSeconds: 120 } } } });
  await mock.enqueue({ text: "Thanks, going ahead." });
  await client.request("chat.send", { sessionKey: SESSION, message: `ask ${runId}`, idempotencyKey: runId }, { timeoutMs: 60_000 });
  // The first run of a new session waits for the session to be prepared.
  return (await waitFor(() => requested.find((q) => q.runId === runId), `the question of ${runId}`, 150_000)).id;
}
const ended = (runId: string, state: string) => waitFor(() => chatStates.some((e) => e.runId === runId && e.state === state), `${runId} ${state}`);

describe.skipIf(!url)("ask_user in chat.history (real gateway)", () => {
  beforeAll(async () => {
    client = newClient();
    client.onEvent("question.requested", (p) => requested.push(p as { id: string; runId?: string }));
    client.onEvent("chat", (p) => {
      const o = p as { runId: string; state: string; sessionKey?: string };
      if (o.sessionKey === SESSION) chatStates.push({ runId: o.runId, state: o.state });
    });
    client.start();
    await waitFor(() => client.getConnection().state === "connected", "connected");
    await mock.reset();
    ids.answered = await ask(RUN.answered, [STACK, ENV]);
    await client.request("question.resolve", { id: ids.answered, answers: { answers: { stack: ["API", "Web"], env: ["Somewhere else"] } }, resolvedBy: "control-ui:test" });
    await ended(RUN.answered, "final");
    ids.skipped = await ask(RUN.skipped, [COLOR]);
    await client.request("question.resolve", { id: ids.skipped, cancel: true, resolvedBy: "control-ui:test" });
    await ended(RUN.skipped, "final");
    ids.aborted = await ask(RUN.aborted, [SIZE]);
    await client.request("chat.abort", { sessionKey: SESSION, runId: RUN.aborted });
    await ended(RUN.aborted, "aborted");
    history = await waitFor(async () => {
      const r = (await client.request("chat.history", { sessionKey: SESSION, limit: 1000 })) as { messages: Raw[]; sessionInfo?: { hasActiveRun?: boolean } };
      return r.sessionInfo?.hasActiveRun ? undefined : r.messages;
    }, "an idle session");
  }, 240_000);

  afterAll(async () => {
    client?.stop();
    await mock.reset();
  });

  it("keeps the tool_call block, a nested-tool custom message and the tool_call result; an aborted run keeps only the call", () => {
    const of = (runId: string) => history.filter((m) => m.__openclaw?.runId === runId || (m.role === "custom" && JSON.stringify(m.content).includes(`"runId":"${runId}"`)));
    expect(of(RUN.answered).map((m) => m.role)).toEqual(["assistant", "custom", "toolResult", "assistant"]);
    const [call, nested, result] = of(RUN.answered);
    expect(call!.content).toEqual([{ type: "toolCall", id: expect.any(String), name: "tool_call", arguments: { id: "ask_user", args: { questions: [STACK, ENV], timeoutSeconds: 120 } } }]);
    const callId = (call!.content as Array<{ id: string }>)[0]!.id;
    expect(nested).toMatchObject({ customType: "openclaw.nested-tool.v1", content: [{ type: "toolCall", name: "ask_user", parentToolCallId: callId, runId: RUN.answered }, { type: "toolResult", toolName: "ask_user", parentToolCallId: callId }] });
    expect(result).toMatchObject({ role: "toolResult", toolCallId: callId, toolName: "tool_call", isError: false });
    const wrapped = JSON.parse((result!.content as Array<{ text: string }>)[0]!.text) as { tool: { name: string }; result: { details: unknown } };
    expect(wrapped).toMatchObject({ tool: { name: "ask_user" }, result: { details: { status: "answered", answers: { answers: { stack: ["API", "Web"], env: ["Somewhere else"] } } } } });
    const skippedText = JSON.stringify(of(RUN.skipped));
    expect(skippedText).toContain("The question was cancelled; proceed with best judgment.");
    expect(of(RUN.aborted).map((m) => m.role)).toEqual(["assistant"]);
  });

  it("askUserEntries reads them back, with the record ids the gateway gave the questions", () => {
    const entries = askUserEntries(history.map((m) => parseChatMessage(m)).flatMap((r) => (r.ok ? [r.value] : [])));
    expect(entries.map((e) => ({ runId: e.runId, id: e.questionRecordId, outcome: e.outcome }))).toEqual([
      { runId: RUN.answered, id: ids.answered, outcome: { status: "answered", answers: { answers: { stack: ["API", "Web"], env: ["Somewhere else"] } } } },
      { runId: RUN.skipped, id: ids.skipped, outcome: { status: "no-answer", reason: "cancelled" } },
      { runId: RUN.aborted, id: undefined, outcome: { status: "unknown" } },
    ]);
  });

  it("a new client and a new store rebuild the summaries from the history, each bound to its run", async () => {
    const fresh = newClient();
    const asyncQuestions = getAsyncQuestionServices(fresh, SESSION, { storage: createMemoryStorage(), bus: createPaneBus(`ask-history-${tag}`) });
    const store = createQuestionDockStore({ client: fresh, sessionKey: SESSION, asyncQuestions });
    try {
      fresh.start();
      const outcomes = await waitFor(() => (store.getState().outcomes.size >= 3 ? store.getState().outcomes : undefined), "three summaries", 60_000);
      expect([...outcomes.values()].map((o) => ({ kind: o.kind, runId: o.runId, question: o.record.questions[0]?.question, reason: o.noAnswerReason }))).toEqual([
        { kind: "answered", runId: RUN.answered, question: "Which parts?", reason: undefined },
        { kind: "no-answer", runId: RUN.skipped, question: "Which color?", reason: "cancelled" },
        { kind: "no-answer", runId: RUN.aborted, question: "How big?", reason: undefined },
      ]);
      expect(outcomes.get(ids.answered)?.answers).toEqual({ answers: { stack: ["API", "Web"], env: ["Somewhere else"] } });
      expect(outcomes.has(ids.skipped)).toBe(true);
    } finally {
      store.getState().actions.dispose();
      fresh.stop();
    }
  }, 90_000);
});
