// What `chat.history` keeps of an agent's ask_user call on the REAL gateway, and that a new page (new client,
// new store) rebuilds the question summaries from it: answered (one question or several, multi-select, Other text),
// skipped (question.resolve cancel), expired (the tool's 30 s minimum, in a session of its own that runs alongside)
// and a run aborted while its question waits. See docs/gateway-findings.md.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import WebSocket from "ws";
import { createGatewayClient, createWebSocketTransport, type GatewayClient } from "../../src/gateway";
import { askUserEntries } from "../../src/protocol/ask-user-history";
import { parseChatMessage } from "../../src/protocol";
import { createMemoryStorage, createPaneBus, createQuestionDockStore } from "../../src/store";
import { mockModelControl, sessionScope } from "./mock-model";
import { poller } from "./wait";
import { asyncQuestionsFeature } from "../../src/features/async-questions";

const url = inject("gatewayUrl");
const token = inject("gatewayToken");
const ORIGIN = "http://127.0.0.1:5173";
// A session of its own, so other files' runs on the shared gateway do not mix in.
const SESSION = `agent:main:ask-history-${randomUUID().slice(0, 8)}`;
// The expiring question waits out the tool's minimum of 30 s in a session of its own while the others run.
const EXPIRE_SESSION = `agent:main:ask-expire-${randomUUID().slice(0, 8)}`;
// The model is shared with every test on the gateway: this file scripts and resets its two sessions' requests only.
const mock = mockModelControl(inject("gatewayMockModelUrl"), { scope: sessionScope(SESSION) });
const expireMock = mockModelControl(inject("gatewayMockModelUrl"), { scope: sessionScope(EXPIRE_SESSION) });
const tag = randomUUID().slice(0, 6);
const RUN = { answered: `ans-${tag}`, single: `one-${tag}`, skipped: `skip-${tag}`, aborted: `abort-${tag}`, expired: `exp-${tag}` };

const STACK = { id: "stack", header: "Stack", question: "Which parts?", options: [{ label: "API" }, { label: "Web" }, { label: "Docs" }], multiSelect: true };
const ENV = { id: "env", header: "Env", question: "Where to?", options: [{ label: "Staging" }, { label: "Production" }] };
const COLOR = { id: "color", header: "Color", question: "Which color?", options: [{ label: "Red" }, { label: "Blue" }] };
const SIZE = { id: "size", header: "Size", question: "How big?", options: [{ label: "S" }, { label: "L" }] };
const REGION = { id: "region", header: "Region of deployment", question: "Which region?", options: [{ label: "EU" }, { label: "US" }] };
const LATER = { id: "later", header: "Later", question: "Ship it tonight?", options: [{ label: "Yes" }, { label: "No" }] };

type Raw = Record<string, unknown> & { role: string; content?: unknown; __openclaw?: { runId?: string; id?: string } };
let client: GatewayClient;
// A page that stays open through all the runs: it sees each question live.
let live: ReturnType<typeof createQuestionDockStore>;
const requested: Array<{ id: string; runId?: string }> = [];
const chatStates: Array<{ runId: string; state: string }> = [];
const ids = { answered: "", single: "", skipped: "", aborted: "", expired: "" };
let history: Raw[] = [];
let expiredHistory: Raw[] = [];
// A timeout says what the open page's summaries were, which is what the binding waits for.
const waitFor = poller({
  timeoutMs: 120_000,
  intervalMs: 50,
  detail: () => JSON.stringify([...(live?.getState().outcomes ?? new Map()).entries()].map(([id, o]) => ({ id, kind: o.kind, runId: o.runId, toolCallId: o.toolCallId }))),
});

const newClient = () => createGatewayClient({ url, token, transport: createWebSocketTransport(WebSocket, { origin: ORIGIN }), requestTimeoutMs: 60_000 });

async function ask(runId: string, questions: unknown[]): Promise<string> {
  await mock.enqueue({ toolCall: { name: "tool_call", arguments: { id: "ask_user", args: { questions, timeoutSeconds: 120 } } } });
  await mock.enqueue({ text: "Thanks, going ahead." });
  await client.request("chat.send", { sessionKey: SESSION, message: `ask ${runId}`, idempotencyKey: runId }, { timeoutMs: 60_000 });
  // The first run of a new session waits for the session to be prepared.
  return (await waitFor(() => requested.find((q) => q.runId === runId), `the question of ${runId}`, 150_000)).id;
}
const idleHistory = (sessionKey: string) =>
  waitFor(async () => {
    const r = (await client.request("chat.history", { sessionKey, limit: 1000 })) as { messages: Raw[]; sessionInfo?: { hasActiveRun?: boolean } };
    return r.sessionInfo?.hasActiveRun ? undefined : r.messages;
  }, `${sessionKey} idle`);
const ended = (runId: string, state: string) => waitFor(() => chatStates.some((e) => e.runId === runId && e.state === state), `${runId} ${state}`);

describe.skipIf(!url)("ask_user in chat.history (real gateway)", () => {
  beforeAll(async () => {
    client = newClient();
    client.onEvent("question.requested", (p) => requested.push(p as { id: string; runId?: string }));
    client.onEvent("chat", (p) => {
      const o = p as { runId: string; state: string; sessionKey?: string };
      if (o.sessionKey === SESSION || o.sessionKey === EXPIRE_SESSION) chatStates.push({ runId: o.runId, state: o.state });
    });
    live = createQuestionDockStore({ client, sessionKey: SESSION, asyncQuestions: asyncQuestionsFeature({ storage: createMemoryStorage(), bus: createPaneBus(`ask-live-${tag}`) }) });
    client.start();
    await waitFor(() => client.getConnection().state === "connected", "connected");
    await mock.reset();
    await expireMock.reset();
    // Scripted for its own session, so its late second model call never takes another run's reply.
    await expireMock.enqueue({ toolCall: { name: "tool_call", arguments: { id: "ask_user", args: { questions: [LATER], timeoutSeconds: 1 } } } });
    await expireMock.enqueue({ text: "No answer, going ahead." });
    await client.request("chat.send", { sessionKey: EXPIRE_SESSION, message: `ask ${RUN.expired}`, idempotencyKey: RUN.expired }, { timeoutMs: 60_000 });
    ids.answered = await ask(RUN.answered, [STACK, ENV]);
    await client.request("question.resolve", { id: ids.answered, answers: { answers: { stack: ["API", "Web"], env: ["Somewhere else"] } }, resolvedBy: "control-ui:test" });
    await ended(RUN.answered, "final");
    ids.single = await ask(RUN.single, [REGION]);
    await client.request("question.resolve", { id: ids.single, answers: { answers: { region: ["  Mars  "] } }, resolvedBy: "control-ui:test" });
    await ended(RUN.single, "final");
    ids.skipped = await ask(RUN.skipped, [COLOR]);
    await client.request("question.resolve", { id: ids.skipped, cancel: true, resolvedBy: "control-ui:test" });
    await ended(RUN.skipped, "final");
    ids.aborted = await ask(RUN.aborted, [SIZE]);
    await client.request("chat.abort", { sessionKey: SESSION, runId: RUN.aborted });
    await ended(RUN.aborted, "aborted");
    history = await idleHistory(SESSION);
    ids.expired = (await waitFor(() => requested.find((q) => q.runId === RUN.expired), "the expiring question")).id;
    await ended(RUN.expired, "final");
    expiredHistory = await idleHistory(EXPIRE_SESSION);
  }, 240_000);

  afterAll(async () => {
    live?.getState().actions.dispose();
    client?.stop();
    await mock.reset();
    await expireMock.reset();
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
    // One question, Other text: the answer is trimmed; the result's line uses the header cut to 12 characters.
    expect(JSON.stringify(of(RUN.single))).toContain("Region of de: Mars");
    // Expired: the tool clamped timeoutSeconds 1 to its minimum of 30; the result says no answer arrived.
    const expired = expiredHistory.filter((m) => m.__openclaw?.runId === RUN.expired || m.role === "custom");
    expect(expired.map((m) => m.role)).toEqual(["assistant", "custom", "toolResult", "assistant"]);
    expect(JSON.stringify(expired[1])).toContain('"timeoutSeconds":1');
    expect(JSON.stringify(expired[2])).toContain("No answer arrived; proceed with best judgment.");
  });

  it("askUserEntries reads them back, with the record ids the gateway gave the questions", () => {
    const entries = askUserEntries(history.map((m) => parseChatMessage(m)).flatMap((r) => (r.ok ? [r.value] : [])));
    expect(entries.map((e) => ({ runId: e.runId, id: e.questionRecordId, outcome: e.outcome }))).toEqual([
      { runId: RUN.answered, id: ids.answered, outcome: { status: "answered", answers: { answers: { stack: ["API", "Web"], env: ["Somewhere else"] } } } },
      { runId: RUN.single, id: ids.single, outcome: { status: "answered", answers: { answers: { region: ["Mars"] } } } },
      { runId: RUN.skipped, id: ids.skipped, outcome: { status: "no-answer", reason: "cancelled" } },
      { runId: RUN.aborted, id: undefined, outcome: { status: "unknown" } },
    ]);
    const expired = askUserEntries(expiredHistory.map((m) => parseChatMessage(m)).flatMap((r) => (r.ok ? [r.value] : [])));
    expect(expired.map((e) => ({ runId: e.runId, id: e.questionRecordId, outcome: e.outcome }))).toEqual([
      { runId: RUN.expired, id: ids.expired, outcome: { status: "no-answer", reason: "timed-out" } },
    ]);
  });

  it("the open page keeps one summary per question, its live one, bound by the history to the call that asked", async () => {
    const bound = await waitFor(() => {
      const all = [...live.getState().outcomes.values()];
      return all.length >= 4 && all.every((o) => o.toolCallId && o.anchor) ? live.getState().outcomes : undefined;
    }, "four bound live summaries", 10_000);
    expect([...bound.keys()]).toEqual([ids.answered, ids.single, ids.skipped, ids.aborted]);
    expect([...bound.values()].map((o) => ({ kind: o.kind, fromHistory: o.fromHistory, runId: o.runId }))).toEqual([
      { kind: "answered-elsewhere", fromHistory: undefined, runId: RUN.answered },
      { kind: "answered-elsewhere", fromHistory: undefined, runId: RUN.single },
      { kind: "skipped-elsewhere", fromHistory: undefined, runId: RUN.skipped },
      { kind: "cancelled", fromHistory: undefined, runId: RUN.aborted },
    ]);
    const entries = askUserEntries(history.map((m) => parseChatMessage(m)).flatMap((r) => (r.ok ? [r.value] : [])));
    expect([...bound.values()].map((o) => [o.toolCallId, o.anchor])).toEqual(entries.map((e) => [e.toolCallId, e.anchor]));
  });

  it("a new client and a new store rebuild the summaries from the history, each bound to its run", async () => {
    const fresh = newClient();
    const store = createQuestionDockStore({ client: fresh, sessionKey: SESSION, asyncQuestions: asyncQuestionsFeature({ storage: createMemoryStorage(), bus: createPaneBus(`ask-history-${tag}`) }) });
    const expiredStore = createQuestionDockStore({ client: fresh, sessionKey: EXPIRE_SESSION, asyncQuestions: asyncQuestionsFeature({ storage: createMemoryStorage(), bus: createPaneBus(`ask-expire-${tag}`) }) });
    try {
      fresh.start();
      const outcomes = await waitFor(() => (store.getState().outcomes.size >= 4 ? store.getState().outcomes : undefined), "four summaries", 60_000);
      expect([...outcomes.values()].map((o) => ({ kind: o.kind, runId: o.runId, question: o.record.questions[0]?.question, reason: o.noAnswerReason }))).toEqual([
        { kind: "answered", runId: RUN.answered, question: "Which parts?", reason: undefined },
        { kind: "answered", runId: RUN.single, question: "Which region?", reason: undefined },
        { kind: "no-answer", runId: RUN.skipped, question: "Which color?", reason: "cancelled" },
        { kind: "no-answer", runId: RUN.aborted, question: "How big?", reason: undefined },
      ]);
      expect(outcomes.get(ids.answered)?.answers).toEqual({ answers: { stack: ["API", "Web"], env: ["Somewhere else"] } });
      expect(outcomes.has(ids.skipped)).toBe(true);
      // Each is bound to the assistant message that made the call.
      const callMessages = new Set(history.filter((m) => m.role === "assistant" && JSON.stringify(m.content).includes('"name":"tool_call"')).map((m) => m.__openclaw?.id));
      expect([...outcomes.values()].every((o) => o.toolCallId && callMessages.has(o.anchor))).toBe(true);
      const expired = await waitFor(() => expiredStore.getState().outcomes.get(ids.expired), "the expired summary", 60_000);
      expect({ kind: expired.kind, runId: expired.runId, question: expired.record.questions[0]?.question }).toEqual({ kind: "expired", runId: RUN.expired, question: "Ship it tonight?" });
    } finally {
      store.getState().actions.dispose();
      expiredStore.getState().actions.dispose();
      fresh.stop();
    }
  }, 90_000);
});
