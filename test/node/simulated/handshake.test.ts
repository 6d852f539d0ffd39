import { describe, expect, it } from "vitest";
import { createSimulatedGateway } from "../../../src/simulated";
import { connect, connectParams, flush, Wire } from "./wire";

describe("simulated gateway handshake", () => {
  it("speaks first with a connect.challenge carrying a nonce and an integer ts", async () => {
    const wire = new Wire(createSimulatedGateway());
    const challenge = await wire.until((f) => f.event === "connect.challenge");
    expect(wire.opened).toBe(true);
    expect(challenge.payload.nonce).toEqual(expect.any(String));
    expect(Number.isInteger(challenge.payload.ts)).toBe(true);
    expect(challenge.seq).toBeUndefined();
  });

  it("greets a signed connect with hello-ok", async () => {
    const sim = createSimulatedGateway({ token: "secret" });
    const { res } = await connect(sim, { token: "secret", scopes: ["operator.read", "operator.questions", "not.a.scope"] });
    expect(res.ok).toBe(true);
    expect(res.payload).toMatchObject({
      type: "hello-ok",
      protocol: 4,
      server: { version: expect.any(String), connId: expect.any(String), bootId: sim.bootId },
      features: { methods: expect.arrayContaining(["question.request", "question.resolve", "chat.send"]), events: expect.arrayContaining(["question.requested", "chat"]) },
      snapshot: { sessionDefaults: { mainSessionKey: "agent:main:main" } },
      auth: { role: "operator", scopes: ["operator.read", "operator.questions"], deviceToken: expect.any(String) },
      policy: { maxPayload: expect.any(Number), tickIntervalMs: 30000 },
    });
    expect(sim.connectionCount).toBe(1);
  });

  it("numbers events per connection once connected", async () => {
    const sim = createSimulatedGateway();
    const a = (await connect(sim)).wire;
    sim.broadcast("custom", { n: 1 });
    const b = (await connect(sim)).wire;
    sim.broadcast("custom", { n: 2 });
    await b.until((f) => f.event === "custom" && f.payload.n === 2);
    await a.until((f) => f.event === "custom" && f.payload.n === 2);
    expect(a.events("custom").map((f) => f.seq)).toEqual([1, 2]);
    expect(b.events("custom").map((f) => f.seq)).toEqual([1]);
  });

  it.each([
    { name: "a wrong token", token: "nope", code: "AUTH_TOKEN_MISMATCH", message: /gateway token mismatch/ },
    { name: "no token", token: undefined, code: "AUTH_TOKEN_MISSING", message: /gateway token missing/ },
  ])("refuses $name with INVALID_REQUEST and closes 1008", async ({ token, code, message }) => {
    const sim = createSimulatedGateway({ token: "secret" });
    const { wire, res } = await connect(sim, token === undefined ? {} : { token });
    expect(res.ok).toBe(false);
    expect(res.error).toMatchObject({ code: "INVALID_REQUEST", message: expect.stringMatching(message), details: { code } });
    expect((await wire.untilClosed()).code).toBe(1008);
    expect(sim.connectionCount).toBe(0);
  });

  it.each([
    { name: "a tampered signature", opts: { tamper: true }, code: "DEVICE_AUTH_SIGNATURE_INVALID" },
    { name: "a stale nonce", opts: { nonce: "old-nonce" }, code: "DEVICE_AUTH_NONCE_MISMATCH" },
    { name: "no device", opts: { device: null }, code: "DEVICE_IDENTITY_REQUIRED" },
  ])("refuses $name", async ({ opts, code }) => {
    const sim = createSimulatedGateway();
    const { wire, res } = await connect(sim, { ...opts, clientId: "cli" });
    expect(res.error).toMatchObject({ code: "INVALID_REQUEST", details: { code } });
    expect((await wire.untilClosed()).code).toBe(1008);
  });

  it("accepts a connect without a device when configured so", async () => {
    const { res } = await connect(createSimulatedGateway({ requireDevice: false }), { device: null });
    expect(res.ok).toBe(true);
  });

  it("refuses a device whose id is not the hash of its key", async () => {
    const wire = new Wire(createSimulatedGateway());
    const challenge = await wire.until((f) => f.event === "connect.challenge");
    const params = await connectParams(challenge.payload);
    (params.device as { id: string }).id = "0".repeat(64);
    const res = await wire.call("connect", params);
    expect(res.error.details.code).toBe("DEVICE_AUTH_DEVICE_ID_MISMATCH");
  });

  it("requires connect as the first request", async () => {
    const wire = new Wire(createSimulatedGateway());
    await wire.until((f) => f.event === "connect.challenge");
    const res = await wire.call("question.list", {});
    expect(res.error).toMatchObject({ code: "INVALID_REQUEST", message: "invalid handshake: first request must be connect" });
    expect((await wire.untilClosed()).code).toBe(1008);
  });

  it("closes 1002 on a protocol mismatch", async () => {
    const wire = new Wire(createSimulatedGateway());
    const challenge = await wire.until((f) => f.event === "connect.challenge");
    const res = await wire.call("connect", { ...(await connectParams(challenge.payload)), minProtocol: 5, maxProtocol: 5 });
    expect(res.error).toMatchObject({ message: "protocol mismatch", details: { code: "PROTOCOL_MISMATCH", expectedProtocol: 4 } });
    expect((await wire.untilClosed()).code).toBe(1002);
  });

  it("reports invalid connect params in the gateway's words", async () => {
    const wire = new Wire(createSimulatedGateway());
    const challenge = await wire.until((f) => f.event === "connect.challenge");
    const params = await connectParams(challenge.payload, { clientId: "my-app" });
    const res = await wire.call("connect", { ...params, extra: true });
    expect(res.error.message).toMatch(/^invalid connect params: /);
    expect(res.error.message).toContain("at /client/id: must be equal to one of the allowed values");
    expect(res.error.message).toContain("at root: unexpected property 'extra'");
  });

  it("answers the first connects with a retryable UNAVAILABLE, then accepts", async () => {
    const sim = createSimulatedGateway({ unavailableConnects: 2, retryAfterMs: 250 });
    for (let i = 0; i < 2; i += 1) {
      const { wire, res } = await connect(sim);
      expect(res.error).toEqual({ code: "UNAVAILABLE", message: expect.any(String), retryable: true, retryAfterMs: 250, details: { reason: "startup-sidecars" } });
      expect((await wire.untilClosed()).code).toBe(1013);
    }
    expect((await connect(sim)).res.ok).toBe(true);
  });

  it("refuses new connections while offline, with 1006 and no open", async () => {
    const sim = createSimulatedGateway();
    sim.setOffline(true);
    const wire = new Wire(sim);
    expect((await wire.untilClosed()).code).toBe(1006);
    expect(wire.opened).toBe(false);
    sim.setOffline(false);
    expect((await connect(sim)).res.ok).toBe(true);
  });

  it("answers FORBIDDEN for a method outside the granted scopes", async () => {
    const { wire } = await connect(createSimulatedGateway(), { scopes: ["operator.read"] });
    const res = await wire.call("question.list", {});
    expect(res.error).toMatchObject({ code: "FORBIDDEN", details: { missingScope: "operator.questions" } });
  });

  it("answers an unknown method with INVALID_REQUEST and stays connected", async () => {
    const sim = createSimulatedGateway();
    const { wire } = await connect(sim);
    const res = await wire.call("no.such.method", {});
    expect(res.error).toMatchObject({ code: "INVALID_REQUEST", message: "unknown method: no.such.method" });
    expect((await wire.call("question.list", {})).ok).toBe(true);
  });

  it("drops every connection abnormally with 1006", async () => {
    const sim = createSimulatedGateway();
    const a = (await connect(sim)).wire;
    const b = (await connect(sim)).wire;
    sim.dropConnections();
    expect((await a.untilClosed()).code).toBe(1006);
    expect((await b.untilClosed()).code).toBe(1006);
    expect(sim.connectionCount).toBe(0);
  });

  it("restarts with a new bootId, closing sockets with 1012", async () => {
    const sim = createSimulatedGateway();
    const { wire, res } = await connect(sim);
    const before = res.payload.server.bootId;
    sim.restart();
    expect(await wire.untilClosed()).toEqual({ code: 1012, reason: "service restart" });
    const again = await connect(sim);
    expect(again.res.payload.server.bootId).not.toBe(before);
    expect(again.res.payload.server.bootId).toBe(sim.bootId);
  });

  it("reports the client's own close once, with its code, and delivers nothing after", async () => {
    const sim = createSimulatedGateway();
    const { wire } = await connect(sim);
    const count = wire.frames.length;
    wire.transport.close(1000, "bye");
    sim.broadcast("custom", {});
    expect(await wire.untilClosed()).toEqual({ code: 1000, reason: "bye" });
    await flush();
    expect(wire.frames.length).toBe(count);
    expect(sim.connectionCount).toBe(0);
  });
});
