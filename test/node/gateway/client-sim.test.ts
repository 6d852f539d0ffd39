import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createGatewayClient, resolveQuestion, listQuestions, type GatewayClient } from "../../../src/gateway";
import { createSimulatedGateway, type SimulatedGateway } from "../../../src/simulated";
import { GatewayRequestError, type ConnectedInfo, type ConnectionState } from "../../../src/gateway/connection";
import { until } from "./until";

let sim: SimulatedGateway;
let client: GatewayClient;
let states: ConnectionState[];

const question = {
  questionId: "deploy_target",
  header: "Target",
  question: "Where should this deploy?",
  options: [{ label: "Staging (Recommended)" }, { label: "Production" }],
};

function makeClient(token = "secret"): GatewayClient {
  const c = createGatewayClient({ url: "sim://gateway", token, transport: sim.transport, random: () => 0 });
  c.subscribeConnection((info) => {
    if (states.at(-1) !== info.state) states.push(info.state);
  });
  return c;
}

/** Lets retry timers fire and frames (and WebCrypto) finish until the client is in `state`. */
async function reach(state: ConnectionState): Promise<void> {
  await until(async () => {
    await vi.advanceTimersByTimeAsync(0);
    return client.getConnection().state === state;
  }, `state ${state}`);
}

beforeEach(() => {
  vi.useFakeTimers();
  sim = createSimulatedGateway({ token: "secret" });
  states = [];
  client = makeClient();
});

afterEach(() => {
  client.stop();
  vi.useRealTimers();
});

describe("With the simulated gateway", () => {
  it("receives an agent's question and its resolution as events, and answers through the client", async () => {
    const requested: unknown[] = [];
    const resolved: unknown[] = [];
    client.onEvent("question.requested", (p) => requested.push(p));
    client.onEvent("question.resolved", (p) => resolved.push(p));
    client.start();
    await reach("connected");
    expect(client.getHello()?.methods).toEqual(expect.arrayContaining(["question.list", "question.resolve"]));

    const record = sim.ask({ questions: [question] });
    await vi.advanceTimersByTimeAsync(0);
    expect(requested).toEqual([expect.objectContaining({ id: record.id, status: "pending" })]);

    const result = await resolveQuestion(client, { id: record.id, answers: { answers: { deploy_target: ["Production"] } } });
    expect(result).toEqual({ status: "answered", answers: { answers: { deploy_target: ["Production"] } } });
    await vi.advanceTimersByTimeAsync(0);
    expect(resolved).toEqual([{ id: record.id, status: "answered", answers: { answers: { deploy_target: ["Production"] } } }]);
  });

  it("keeps a request fired while reconnecting and sends it once the connection is back", async () => {
    client.start();
    await reach("connected");
    const record = sim.ask({ questions: [question] });
    sim.dropConnections();
    await until(() => client.getConnection().state === "reconnecting", "reconnecting");
    expect(client.getConnection().lastError).toBe("The connection to the gateway was lost (code 1006).");

    const answer = resolveQuestion(client, { id: record.id, cancel: true });
    await reach("connected");
    await expect(answer).resolves.toEqual({ status: "cancelled" });
    expect(states).toEqual(["connecting", "connected", "reconnecting", "connected"]);
  });

  it("reconnects after a restart and reports that the server changed", async () => {
    const connected: ConnectedInfo[] = [];
    client.onConnected((info) => connected.push(info));
    client.start();
    await reach("connected");
    const before = sim.bootId;
    sim.restart({ keepPending: true });
    expect(sim.bootId).not.toBe(before);
    await until(() => client.getConnection().state === "reconnecting", "reconnecting");
    await reach("connected");
    expect(connected.map((c) => [c.first, c.serverChanged, c.hello.server.bootId])).toEqual([
      [true, false, before],
      [false, true, sim.bootId],
    ]);
  });

  it("waits out a gateway that is still starting and connects when it is ready", async () => {
    sim.setUnavailableConnects(2);
    client.start();
    await until(() => client.getConnection().lastError === "The gateway is still starting.", "the starting notice");
    expect(client.getConnection().state).toBe("reconnecting");
    expect(client.getConnection().retryAt! - Date.now()).toBeGreaterThanOrEqual(500);
    await vi.advanceTimersByTimeAsync(500);
    await until(() => client.getConnection().attempt === 2, "the second refusal");
    await vi.advanceTimersByTimeAsync(500);
    await reach("connected");
    expect(client.getConnection().lastError).toBeUndefined();
  });

  it("backs off further with each failed attempt while the gateway is unreachable", async () => {
    const c = createGatewayClient({ url: "sim://gateway", token: "secret", transport: sim.transport, random: () => 0.999 });
    sim.setOffline(true);
    c.start();
    const waits: number[] = [];
    for (let attempt = 1; attempt <= 4; attempt++) {
      const info = await until(() => (c.getConnection().attempt === attempt ? c.getConnection() : undefined), `attempt ${attempt}`);
      waits.push(info.retryAt! - Date.now());
      await vi.advanceTimersByTimeAsync(info.retryAt! - Date.now());
    }
    expect(waits).toEqual([499, 999, 1998, 3996]);
    sim.setOffline(false);
    await vi.advanceTimersByTimeAsync(10_000);
    await until(() => c.getConnection().state === "connected", "connected");
    c.stop();
  });

  it("is refused with a wrong token and shows why", async () => {
    client = makeClient("wrong");
    client.start();
    await until(() => client.getConnection().lastError, "an error");
    expect(client.getConnection().state).toBe("offline");
    expect(client.getConnection().lastError).toMatch(/^The gateway did not accept the credentials \(AUTH_TOKEN_MISMATCH\): unauthorized/);
  });

  it("surfaces the gateway's refusal of a bad answer as a GatewayRequestError", async () => {
    client.start();
    await reach("connected");
    const { id } = (await client.request("question.request", { questions: [{ ...question, isOther: false }] })) as { id: string };
    const error = await resolveQuestion(client, { id, answers: { answers: { deploy_target: ["Somewhere else"] } } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GatewayRequestError);
    expect((error as GatewayRequestError).reason).toBe("QUESTION_INVALID_ANSWER");
    expect((await listQuestions(client)).records.map((r) => r.id)).toEqual([id]);
  });
});
