// The dock store against the REAL OpenClaw gateway: questions asked by another operator reach the
// store, the store's answers and skips are what the gateway records, expiry, and a restart.
// It restarts the gateway the restart project's files share (restart-global-setup.ts), once with the other suites of
// plain.restart.test.ts.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { createGatewayClient, createWebSocketTransport, type GatewayClient } from "../../src/gateway";
import type { QuestionRecord } from "../../src/protocol";
import { createQuestionDockStore } from "../../src/store";
import { CHECKS as SHARED_CHECKS } from "../support/questions";
import type { RestartableGateway } from "./restartable-gateway";
import { connectRaw, type RawClient } from "./raw-client";
import { poller } from "./wait";

// A page on another loopback origin, as the kit's dev server is; Node's `ws` sends no Origin by itself.
const ORIGIN = "http://127.0.0.1:5173";

const TARGET = {
  questionId: "deploy_target",
  header: "Target",
  question: "Where should this deploy?",
  options: [{ label: "Staging (Recommended)" }, { label: "Production" }],
  isOther: true,
};
const CHECKS = { ...SHARED_CHECKS, isOther: true };

/** The suite, on `gateway()`, the restart project's gateway as a beforeAll hands it over. */
export function storeRestartSuite(gateway: () => RestartableGateway): void {
  let gw: RestartableGateway;
  /** Another operator: it asks the questions and reads the gateway's records. */
  let admin: RawClient;
  let client: GatewayClient;
  let store: ReturnType<typeof createQuestionDockStore>;
  const requested: string[] = [];
  const resolved: Array<{ id: string; status: string; answers?: unknown }> = [];

  const waitFor = poller({ timeoutMs: 90_000, intervalMs: 25, detail: () => gw.logTail(30) });

  const state = () => store.getState();
  const actions = () => store.getState().actions;
  const outcome = (id: string) => waitFor(() => state().outcomes.get(id), `the outcome of ${id}`);
  const gatewayRecord = async (id: string) => (await admin.request<{ question: QuestionRecord }>("question.get", { id })).question;

  /** Asks as the other operator and waits until the store holds the request. */
  async function ask(params: Record<string, unknown>): Promise<string> {
    // The first request that touches a session loads it, which took over 30 s on a busy 2-core machine.
    const { id } = await admin.request<{ id: string }>("question.request", { sessionKey: "main", timeoutMs: 300_000, ...params }, { timeoutMs: 120_000 });
    await waitFor(() => state().records.get(id), `request ${id} in the store`);
    return id;
  }

  beforeAll(async () => {
    // With a question pending the gateway's own drain never finishes in time: the shared gateway's short stop grace
    // (restart-global-setup.ts) has its restart kill it soon.
    gw = gateway();
    admin = await connectRaw(gw.url, gw.token, { retryForMs: 30_000 });
    client = createGatewayClient({
      url: gw.url,
      token: gw.token,
      transport: createWebSocketTransport(WebSocket, { origin: ORIGIN }),
      backoff: { baseMs: 250, maxMs: 2000 },
    });
    client.onEvent("question.requested", (p) => requested.push((p as { id: string }).id));
    client.onEvent("question.resolved", (p) => resolved.push(p as (typeof resolved)[number]));
    store = createQuestionDockStore({ client, sessionKey: "main", typingGraceMs: 0 });
    client.start();
    await waitFor(() => state().connection.state === "connected", "the first connection");
  }, 180_000);

  afterAll(async () => {
    store?.getState().actions.dispose();
    client?.stop();
    await admin?.close();
  }, 60_000);

  describe.sequential("The dock store against OpenClaw", () => {
    it("shows the questions of its own session only", async () => {
      const other = (await admin.request<{ id: string }>("question.request", { sessionKey: "agent:main:side", questions: [TARGET] }, { timeoutMs: 120_000 })).id;
      const sessionless = (await admin.request<{ id: string }>("question.request", { questions: [TARGET] })).id;
      const mine = await ask({ questions: [TARGET] });

      expect(state().records.get(mine)).toMatchObject({ sessionKey: "agent:main:main", status: "pending", questions: [expect.objectContaining({ questionId: "deploy_target" })] });
      // The client heard all three; the dock shows only the one for its session.
      expect(requested).toEqual(expect.arrayContaining([other, sessionless, mine]));
      expect(state().records.get(other)).toBeUndefined();
      expect(state().records.get(sessionless)).toBeUndefined();
      await actions().skip(mine);
      for (const id of [other, sessionless]) await admin.request("question.resolve", { id, cancel: true });
    });

    it("answers through the store: the gateway records exactly those answers and announces them", async () => {
      const id = await ask({ questions: [TARGET, CHECKS] });
      actions().setOther(id, "deploy_target", "Production");
      actions().toggle(id, "checks", "E2E");
      actions().toggle(id, "checks", "Lint");
      actions().setOther(id, "checks", "Fuzzing");
      await actions().submit(id);

      const answers = { answers: { deploy_target: ["Production"], checks: ["Lint", "E2E", "Fuzzing"] } };
      expect(await outcome(id)).toMatchObject({ kind: "answered", answers });
      expect(await gatewayRecord(id)).toMatchObject({ status: "answered", answers });
      const event = await waitFor(() => resolved.find((e) => e.id === id), "question.resolved");
      expect(event).toEqual({ id, status: "answered", answers });
      expect(state().records.get(id)).toBeUndefined();
    });

    it("skips through the store: the gateway records the question as cancelled", async () => {
      const id = await ask({ questions: [TARGET] });
      await actions().skip(id);
      expect((await outcome(id)).kind).toBe("skipped");
      expect(await gatewayRecord(id)).toMatchObject({ status: "cancelled" });
      expect(await waitFor(() => resolved.find((e) => e.id === id), "question.resolved")).toEqual({ id, status: "cancelled" });
    });

    it("shows another operator's answer as answered elsewhere and its cancel as not the person's skip", async () => {
      const answered = await ask({ questions: [TARGET] });
      const cancelled = await ask({ questions: [TARGET] });
      actions().select(answered, "deploy_target", "Production");
      await admin.request("question.resolve", { id: answered, answers: { answers: { deploy_target: ["Staging (Recommended)"] } } });
      await admin.request("question.resolve", { id: cancelled, cancel: true });
      expect(await outcome(answered)).toMatchObject({ kind: "answered-elsewhere", answers: { answers: { deploy_target: ["Staging (Recommended)"] } } });
      expect((await outcome(cancelled)).kind).toBe("cancelled");
      expect([...state().order]).toEqual([]);

      // With a resolvedBy, the gateway's record tells another page's skip from the agent side's cancel, and a value
      // nobody has words for is said as it is.
      const phone = await ask({ questions: [TARGET] });
      const aborted = await ask({ questions: [TARGET] });
      const unknown = await ask({ questions: [TARGET] });
      await admin.request("question.resolve", { id: phone, cancel: true, resolvedBy: "control-ui:phone" });
      await admin.request("question.resolve", { id: aborted, cancel: true, resolvedBy: "run-abort" });
      await admin.request("question.resolve", { id: unknown, cancel: true, resolvedBy: "telegram:42" });
      expect(await outcome(phone)).toMatchObject({ kind: "skipped-elsewhere", record: { resolvedBy: "control-ui:phone" } });
      expect(await outcome(aborted)).toMatchObject({ kind: "cancelled", record: { resolvedBy: "run-abort" } });
      expect(await outcome(unknown)).toMatchObject({ kind: "ended", record: { resolvedBy: "telegram:42" } });
    });

    it("records this dock's skip under its own resolvedBy, and says Skipped", async () => {
      const id = await ask({ questions: [TARGET] });
      await actions().skip(id);
      expect((await outcome(id)).kind).toBe("skipped");
      expect(await gatewayRecord(id)).toMatchObject({ status: "cancelled", resolvedBy: expect.stringMatching(/^control-ui:/) });
    });

    it("a dock made on the already connected client shows the pending questions at once, per session", async () => {
      const mainId = await ask({ questions: [TARGET] });
      const sideId = (await admin.request<{ id: string }>("question.request", { sessionKey: "agent:main:side", timeoutMs: 300_000, questions: [CHECKS] }, { timeoutMs: 120_000 })).id;
      const lists = () => state().connection.hello?.server.connId;
      const connBefore = lists();
      const remounted = createQuestionDockStore({ client, sessionKey: "main", typingGraceMs: 0 });
      const side = createQuestionDockStore({ client, sessionKey: "agent:main:side", typingGraceMs: 0 });
      try {
        await waitFor(() => remounted.getState().records.get(mainId), "the remounted dock's question");
        await waitFor(() => side.getState().records.get(sideId), "the side session's question");
        expect(remounted.getState().records.get(sideId)).toBeUndefined();
        expect(side.getState().records.get(mainId)).toBeUndefined();
        // Drafts stay with each dock: switching sessions and back finds them.
        side.getState().actions.toggle(sideId, "checks", "Lint");
        remounted.getState().actions.select(mainId, "deploy_target", "Production");
        expect(side.getState().views.get(sideId)?.drafts["checks"]?.selected).toEqual(["Lint"]);
        expect(remounted.getState().views.get(mainId)?.drafts["deploy_target"]?.selected).toEqual(["Production"]);
        // No reconnect was needed for any of it.
        expect(lists()).toBe(connBefore);
      } finally {
        remounted.getState().actions.dispose();
        side.getState().actions.dispose();
      }
      await actions().skip(mainId);
      await admin.request("question.resolve", { id: sideId, cancel: true });
    });

    it("lets a question with a short timeout expire, keeping its wording", async () => {
      const id = await ask({ questions: [TARGET], timeoutMs: 1500 });
      const expiresAt = state().records.get(id)!.expiresAtMs;
      const ended = await waitFor(() => state().outcomes.get(id), "the expiry", 10_000);
      expect(ended).toMatchObject({ kind: "expired", record: { status: "expired", questions: [expect.objectContaining({ question: TARGET.question })] } });
      expect(ended.at).toBeGreaterThanOrEqual(expiresAt - 50);
      expect(await gatewayRecord(id)).toMatchObject({ status: "expired" });
      expect(await waitFor(() => resolved.find((e) => e.id === id), "question.resolved")).toEqual({ id, status: "expired" });
    });

    it("reconnects after a restart: the lost question becomes unavailable and new ones show", async () => {
      // It outlasts this test's own limit: still pending at the restart, however long the other suites take to ask.
      const stale = await ask({ questions: [TARGET], timeoutMs: 600_000 });
      actions().select(stale, "deploy_target", "Production");
      const bootBefore = state().connection.hello?.server.bootId;
      const seen: string[] = [];
      const unsubscribe = store.subscribe((s) => {
        if (seen.at(-1) !== s.connection.state) seen.push(s.connection.state);
      });
      try {
        // The restart comes once every suite sharing it has asked.
        await gw.restart();
        await waitFor(() => state().connection.state === "connected" && state().connection.hello?.server.bootId !== bootBefore, "the reconnection", 60_000);
      } finally {
        unsubscribe();
      }
      expect(seen[0]).toBe("reconnecting");
      expect(seen.at(-1)).toBe("connected");
      expect(await outcome(stale)).toMatchObject({ kind: "unavailable", record: { questions: [expect.objectContaining({ question: TARGET.question })] } });
      expect([...state().order]).toEqual([]);

      await admin.close();
      admin = await connectRaw(gw.url, gw.token, { identity: admin.identity, retryForMs: 30_000 });
      const fresh = await ask({ questions: [TARGET] });
      actions().select(fresh, "deploy_target", "Staging (Recommended)");
      await actions().submit(fresh);
      expect((await outcome(fresh)).kind).toBe("answered");
      expect(await gatewayRecord(fresh)).toMatchObject({ status: "answered", answers: { answers: { deploy_target: ["Staging (Recommended)"] } } });
    }, 600_000);
  });
}
