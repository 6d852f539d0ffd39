// The kit's gateway client against the REAL OpenClaw gateway: handshake with a device identity,
// the question round trip, and a restart of the gateway the restart project's files share (restart-global-setup.ts),
// shared with the other suites of plain.restart.test.ts.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import {
  createGatewayClient,
  createWebSocketTransport,
  getQuestion,
  listQuestions,
  recoverQuestions,
  resolveQuestion,
  type ConnectedInfo,
  type ConnectionState,
  type GatewayClient,
  type TransportFactory,
} from "../../src/gateway";
import type { RestartableGateway } from "./restartable-gateway";
import { poller } from "./wait";

// A page on another loopback origin, as the kit's dev server is; Node's `ws` sends no Origin by itself.
const ORIGIN = "http://127.0.0.1:5173";

/** The suite, on `gateway()`, the restart project's gateway as a beforeAll hands it over. */
export function clientRestartSuite(gateway: () => RestartableGateway): void {
  let gw: RestartableGateway;
  let client: GatewayClient;
  let states: ConnectionState[] = [];
  interface SentConnect {
    scopes: string[];
    device: { id: string };
    [key: string]: unknown;
  }
  const connects: SentConnect[] = [];
  const connected: ConnectedInfo[] = [];
  const events: Array<{ event: string; payload: { id?: string } | undefined }> = [];

  /** The WebSocket transport, with a note of every `connect` the client sends. */
  function recording(base: TransportFactory): TransportFactory {
    return (url, handlers) => {
      const t = base(url, handlers);
      return {
        send: (text) => {
          const frame = JSON.parse(text) as { method?: string; params?: SentConnect };
          if (frame.method === "connect" && frame.params) connects.push(frame.params);
          t.send(text);
        },
        close: (code, reason) => t.close(code, reason),
      };
    };
  }

  const waitFor = poller({ timeoutMs: 90_000, intervalMs: 25, detail: () => gw.logTail(30) });

  const deployQuestion = {
    questionId: "deploy_target",
    header: "Target",
    question: "Where should this deploy?",
    options: [{ label: "Staging (Recommended)" }, { label: "Production" }],
    isOther: true,
  };

  beforeAll(async () => {
    gw = gateway();
    client = createGatewayClient({
      url: gw.url,
      token: gw.token,
      transport: recording(createWebSocketTransport(WebSocket, { origin: ORIGIN })),
      backoff: { baseMs: 250, maxMs: 2000 },
      // What a browser would send from its navigator; Node has none, so the test states them.
      locale: "en-US",
      userAgent: "Mozilla/5.0 (X11; Linux x86_64) question-dock-test",
    });
    client.subscribeConnection((info) => {
      if (states.at(-1) !== info.state) states.push(info.state);
    });
    client.onConnected((info) => connected.push(info));
    client.onEvent("*", (payload, frame) => events.push({ event: frame.event, payload: payload as { id?: string } | undefined }));
    client.start();
    await waitFor(() => client.getConnection().state === "connected", "the first connection");
  }, 150_000);

  afterAll(async () => {
    client?.stop();
  }, 60_000);

  describe.sequential("The gateway client against OpenClaw", () => {
    it("connects as the Control UI with a signed device and is granted the question scopes", () => {
      const params = connects[0]!;
      expect(params).toMatchObject({
        minProtocol: 4,
        maxProtocol: 4,
        client: { id: "openclaw-control-ui", mode: "webchat", platform: "web" },
        role: "operator",
        caps: ["tool-events"],
        locale: "en-US",
        userAgent: expect.stringContaining("Mozilla/5.0"),
      });
      expect(params.device.id).toMatch(/^[0-9a-f]{64}$/);
      const hello = client.getHello()!;
      expect(hello.protocol).toBe(4);
      expect(hello.methods).toEqual(expect.arrayContaining(["question.request", "question.list", "question.get", "question.resolve", "question.waitAnswer"]));
      expect(hello.events).toEqual(expect.arrayContaining(["question.requested", "question.resolved"]));
      expect([...hello.scopes].sort()).toEqual([...params.scopes].sort());
      expect(hello.scopes).toContain("operator.questions");
      expect(hello.mainSessionKey).toBe("agent:main:main");
      expect(connected[0]).toMatchObject({ first: true, serverChanged: false });
      expect(states).toEqual(["connecting", "connected"]);
    });

    it("sees a requested question arrive, answers it, and sees it resolved", async () => {
      const { id } = (await client.request("question.request", { questions: [deployQuestion], timeoutMs: 120_000 })) as { id: string };
      const requested = await waitFor(() => events.find((e) => e.event === "question.requested" && e.payload?.id === id), "question.requested");
      expect(requested.payload).toMatchObject({ status: "pending", questions: [expect.objectContaining({ questionId: "deploy_target", isOther: true })] });
      expect((await listQuestions(client)).records.map((r) => r.id)).toContain(id);

      const answers = { answers: { deploy_target: ["Staging (Recommended)"] } };
      await expect(resolveQuestion(client, { id, answers })).resolves.toEqual({ status: "answered", answers });
      const resolved = await waitFor(() => events.find((e) => e.event === "question.resolved" && e.payload?.id === id), "question.resolved");
      expect(resolved.payload).toEqual({ id, status: "answered", answers });
      expect(await getQuestion(client, id)).toMatchObject({ id, status: "answered", answers });
    });

    it("reconnects after a restart as the same device, holds a request made meanwhile, and recovers the questions", async () => {
      const before = client.getHello()!.server.bootId;
      const { id: lost } = (await client.request("question.request", { questions: [deployQuestion], timeoutMs: 600_000 })) as { id: string };
      states = [];
      // The restart comes once every suite sharing it has asked: a limit for a hang.
      const restarting = gw.restart();
      await waitFor(() => client.getConnection().state === "reconnecting", "reconnecting", 540_000);
      // Fired while the gateway is down: it waits in the client's queue, with a deadline long enough for the restart.
      const heldList = client.request("question.list", {}, { timeoutMs: 600_000 });
      await restarting;
      await waitFor(() => client.getConnection().state === "connected", "the reconnection", 60_000);

      expect(states[0]).toBe("reconnecting");
      expect(states.at(-1)).toBe("connected");
      const latest = connected.at(-1)!;
      expect(latest.hello.server.bootId).not.toBe(before);
      expect(latest).toMatchObject({ first: false, serverChanged: true });
      expect(connects.at(-1)!.device.id).toBe(connects[0]!.device.id);
      await expect(heldList).resolves.toHaveProperty("questions");

      const { id: fresh } = (await client.request("question.request", { questions: [deployQuestion], timeoutMs: 120_000 })) as { id: string };
      const recovered = await recoverQuestions(client, [lost, fresh]);
      expect(recovered.rejected).toEqual([]);
      expect(recovered.pending.map((r) => r.id)).toContain(fresh);
      // A restart forgets pending questions (they live in the gateway process), so the old one is gone.
      expect(recovered.settled).toEqual([{ id: lost, outcome: "unavailable" }]);
      // A restart took 40 s on a busy 2-core machine: this limit, like the held request's deadline, is for a hang.
    }, 600_000);

    it("shows a readable reason and stays offline when the token is wrong", async () => {
      const wrong = createGatewayClient({ url: gw.url, token: "not-the-token", transport: createWebSocketTransport(WebSocket, { origin: ORIGIN }) });
      wrong.start();
      try {
        await waitFor(() => wrong.getConnection().lastError, "the refusal");
        expect(wrong.getConnection().state).toBe("offline");
        expect(wrong.getConnection().lastError).toMatch(/^The gateway did not accept the credentials \(AUTH_TOKEN_MISMATCH\)/);
      } finally {
        wrong.stop();
      }
    });
  });
}
