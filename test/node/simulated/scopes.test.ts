// The simulated gateway's scope rules, matched to what OpenClaw 2026.9.6 did (docs/gateway-findings.md, "Restricted scopes").
import { afterEach, describe, expect, it } from "vitest";
import { createGatewayClient, type GatewayClient } from "../../../src/gateway";
import { createSimulatedGateway, type SimulatedGateway } from "../../../src/simulated";
import { GatewayRequestError } from "../../../src/gateway/connection";
import { createQuestionDockStore } from "../../../src/store";
import { until } from "../gateway/until";

const TARGET = { questionId: "target", header: "Target", question: "Where to?", options: [{ label: "Staging" }, { label: "Production" }] };
const SESSION = "agent:main:guest-alice";

let sim: SimulatedGateway;
const clients: GatewayClient[] = [];

async function connect(token: string, scopes: string[]): Promise<{ client: GatewayClient; heard: string[] }> {
  const client = createGatewayClient({ url: "sim://gateway", token, scopes, transport: sim.transport });
  const heard: string[] = [];
  client.onEvent("question.requested", (p) => heard.push((p as { id: string }).id));
  clients.push(client);
  client.start();
  await until(() => client.getConnection().state === "connected", "connected");
  return { client, heard };
}

async function refusal(p: Promise<unknown>): Promise<GatewayRequestError> {
  const error = await p.then(() => undefined, (e: unknown) => e);
  expect(error).toBeInstanceOf(GatewayRequestError);
  return error as GatewayRequestError;
}

const tick = () => new Promise((r) => setTimeout(r, 5));

afterEach(() => {
  clients.splice(0).forEach((c) => c.stop());
});

describe("Scopes on the simulated gateway", () => {
  it("a read-only connection is granted what it asked for, reads history, and is refused questions and sends with the missing scope", async () => {
    sim = createSimulatedGateway({ token: "owner" });
    const { client, heard } = await connect("owner", ["operator.read"]);
    expect(client.getConnection().hello?.scopes).toEqual(["operator.read"]);
    for (const method of ["question.list", "question.get", "question.resolve"]) {
      const e = await refusal(client.request(method, method === "question.list" ? {} : { id: "x", cancel: true }));
      expect(e).toMatchObject({ code: "FORBIDDEN", details: { code: "MISSING_SCOPE", missingScope: "operator.questions" } });
    }
    await expect(client.request("chat.history", { sessionKey: "main" })).resolves.toMatchObject({ messages: [] });
    expect(await refusal(client.request("chat.send", { sessionKey: "main", message: "hi", idempotencyKey: "k1" }))).toMatchObject({ code: "FORBIDDEN", details: { missingScope: "operator.write" } });
    sim.ask({ questions: [TARGET] });
    await tick();
    expect(heard).toEqual([]);
  });

  it("operator.sessions.write on the shared token (no verified profile) is refused every session method, without a missing scope", async () => {
    sim = createSimulatedGateway({ token: "owner" });
    const { client } = await connect("owner", ["operator.sessions.write"]);
    expect(client.getConnection().hello?.scopes).toEqual(["operator.sessions.write"]);
    for (const [method, params] of [["question.list", {}], ["chat.history", { sessionKey: "main" }], ["chat.send", { sessionKey: "main", message: "hi", idempotencyKey: "k2" }]] as const) {
      const e = await refusal(client.request(method, params));
      expect(e.code).toBe("FORBIDDEN");
      expect(e.message).toContain("Session-scoped access requires a verified user profile.");
      expect(e.details).toBeUndefined();
    }
  });

  it("a guest with operator.sessions.write sees and answers only its own run's ordinary questions in its session", async () => {
    sim = createSimulatedGateway({ token: "owner", guests: { "alice-token": "alice", "bob-token": "bob" } });
    const { client: alice, heard } = await connect("alice-token", ["operator.sessions.write"]);
    const own = sim.ask({ sessionKey: SESSION, runId: "run-a", askedBy: "alice", questions: [TARGET] });
    const bobs = sim.ask({ sessionKey: SESSION, runId: "run-b", askedBy: "bob", questions: [TARGET] });
    const admins = sim.ask({ sessionKey: SESSION, questions: [TARGET] });
    await tick();
    expect(heard).toEqual([own.id]);
    expect(await alice.request("question.list", {})).toEqual({ questions: [expect.objectContaining({ id: own.id })] });
    for (const id of [bobs.id, admins.id, "no-such-id"]) {
      expect(await refusal(alice.request("question.get", { id }))).toMatchObject({ code: "INVALID_REQUEST", reason: "QUESTION_NOT_FOUND" });
      expect(await refusal(alice.request("question.resolve", { id, cancel: true }))).toMatchObject({ reason: "QUESTION_NOT_FOUND" });
    }
    expect(await refusal(alice.request("question.request", { sessionKey: SESSION, questions: [TARGET] }))).toMatchObject({ code: "INVALID_REQUEST" });
    await expect(alice.request("question.resolve", { id: own.id, answers: { answers: { target: ["Staging"] } } })).resolves.toMatchObject({ status: "answered" });
    await expect(alice.request("chat.history", { sessionKey: SESSION })).resolves.toMatchObject({ messages: [] });

    // A connection with operator.questions still sees every question.
    const { client: full } = await connect("owner", ["operator.read", "operator.write", "operator.questions"]);
    expect(((await full.request("question.list", {})) as { questions: Array<{ id: string }> }).questions.map((q) => q.id).sort()).toEqual([bobs.id, admins.id].sort());
  });

  it("the dock of a guest shows its own question and restores it after reconnecting; a read-only dock keeps a notice naming the missing scope", async () => {
    sim = createSimulatedGateway({ token: "owner", guests: { "alice-token": "alice" } });
    const { client: alice } = await connect("alice-token", ["operator.sessions.write"]);
    const store = createQuestionDockStore({ client: alice, sessionKey: SESSION, typingGraceMs: 0 });
    const own = sim.ask({ sessionKey: SESSION, runId: "run-a", askedBy: "alice", questions: [TARGET] });
    sim.ask({ sessionKey: SESSION, questions: [TARGET] });
    await until(() => store.getState().records.get(own.id), "own question");
    sim.dropConnections();
    const fresh = createQuestionDockStore({ client: alice, sessionKey: SESSION, typingGraceMs: 0 });
    await until(() => alice.getConnection().state === "connected" && fresh.getState().records.get(own.id), "restored after reconnect");
    expect([...fresh.getState().order]).toEqual([own.id]);
    expect(store.getState().permission.notices).toEqual([]);

    const { client: reader } = await connect("owner", ["operator.read"]);
    const readOnly = createQuestionDockStore({ client: reader, sessionKey: SESSION, typingGraceMs: 0 });
    const notice = await until(() => readOnly.getState().permission.notices[0], "the notice");
    expect(notice).toMatchObject({ method: "question.list", missingScope: "operator.questions" });
    expect([...readOnly.getState().order]).toEqual([]);
    [store, fresh, readOnly].forEach((s) => s.getState().actions.dispose());
  });
});
