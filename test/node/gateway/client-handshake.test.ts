import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createGatewayClient } from "../../../src/gateway/client";
import type { GatewayClient } from "../../../src/gateway/connection";
import { CONTROL_UI_SCOPES } from "../../../src/gateway/handshake";
import { buildSignaturePayload, fromBase64Url } from "../../../src/gateway/device-identity";
import type { ConnectedInfo, ConnectionInfo } from "../../../src/gateway/connection";
import { CHALLENGE_TS, createScriptedGateway, helloPayload, type ScriptedSocket } from "./scripted-gateway";
import { until } from "./until";

let gw: ReturnType<typeof createScriptedGateway>;
let client: GatewayClient;
let states: ConnectionInfo[];

function challenge(socket: ScriptedSocket, nonce = "n-1"): void {
  socket.push({ type: "event", event: "connect.challenge", payload: { nonce, ts: CHALLENGE_TS } });
}

async function answerConnect(socket: ScriptedSocket, reply: { ok: true; payload: unknown } | { ok: false; error: unknown }): Promise<void> {
  challenge(socket);
  const req = await until(() => socket.request("connect"), "the connect request");
  socket.push({ type: "res", id: req.id, ...reply });
}

beforeEach(() => {
  vi.useFakeTimers();
  gw = createScriptedGateway();
  client = createGatewayClient({ url: "ws://gateway.test", token: "tok", transport: gw.transport, random: () => 0 });
  states = [];
  client.subscribeConnection((s) => states.push(s));
});

afterEach(() => {
  client.stop();
  vi.useRealTimers();
});

describe("Handshake", () => {
  it("sends nothing until the gateway's challenge, then connects as the Control UI with a signed device", async () => {
    const connected: ConnectedInfo[] = [];
    client.onConnected((info) => connected.push(info));
    client.start();
    const socket = gw.latest();
    await vi.advanceTimersByTimeAsync(0);
    expect(socket.sent).toEqual([]);
    expect(client.getConnection().state).toBe("connecting");

    await answerConnect(socket, { ok: true, payload: helloPayload("boot-1") });
    const params = socket.request("connect")!.params as { device: { id: string; publicKey: string; signature: string } };
    expect(params).toMatchObject({
      minProtocol: 4,
      maxProtocol: 4,
      client: { id: "openclaw-control-ui", mode: "webchat", platform: "web" },
      role: "operator",
      scopes: [...CONTROL_UI_SCOPES],
      caps: ["tool-events"],
      auth: { token: "tok" },
      device: { signedAt: CHALLENGE_TS, nonce: "n-1" },
    });
    const { device } = params;
    const key = await crypto.subtle.importKey("raw", new Uint8Array(fromBase64Url(device.publicKey)), { name: "Ed25519" }, false, ["verify"]);
    const signed = buildSignaturePayload(device.id, {
      clientId: "openclaw-control-ui",
      mode: "webchat",
      role: "operator",
      scopes: CONTROL_UI_SCOPES,
      signedAt: CHALLENGE_TS,
      token: "tok",
      nonce: "n-1",
      platform: "web",
    });
    expect(await crypto.subtle.verify({ name: "Ed25519" }, key, new Uint8Array(fromBase64Url(device.signature)), new TextEncoder().encode(signed))).toBe(true);

    expect(client.getConnection()).toMatchObject({ state: "connected", attempt: 0 });
    expect(client.getHello()?.mainSessionKey).toBe("agent:main:main");
    expect(connected).toEqual([expect.objectContaining({ first: true, serverChanged: false })]);
  });

  it("retries a starting gateway (UNAVAILABLE) no sooner than its retryAfterMs", async () => {
    client.start();
    await answerConnect(gw.latest(), {
      ok: false,
      error: { code: "UNAVAILABLE", message: "gateway starting; retry shortly", retryable: true, retryAfterMs: 500, details: { reason: "startup-sidecars" } },
    });
    expect(client.getConnection()).toMatchObject({ state: "reconnecting", attempt: 1, lastError: "The gateway is still starting." });
    expect(client.getConnection().retryAt).toBe(Date.now() + 500);

    await vi.advanceTimersByTimeAsync(499);
    expect(gw.sockets).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(gw.sockets).toHaveLength(2);

    await answerConnect(gw.latest(), { ok: true, payload: helloPayload() });
    // Who got in: the gateway it asked, the device it signed as, and what the hello granted.
    expect(client.getConnection()).toEqual({
      state: "connected",
      attempt: 0,
      hello: expect.anything(),
      identity: { gateway: "ws://gateway.test", deviceId: expect.stringMatching(/^[0-9a-f]{64}$/), role: "operator", scopes: ["operator.admin"] },
    });
    expect(states.map((s) => s.state)).toEqual(["connecting", "reconnecting", "connected"]);
  });

  it("goes offline with a readable reason when the device is not paired, and retries only slowly", async () => {
    client.start();
    await answerConnect(gw.latest(), { ok: false, error: { code: "NOT_PAIRED", message: "pairing required" } });
    const info = client.getConnection();
    expect(info.state).toBe("offline");
    expect(info.lastError).toMatch(/not paired with the gateway \(pairing required\)/);
    expect(info.retryAt! - Date.now()).toBeGreaterThanOrEqual(15_000);

    await vi.advanceTimersByTimeAsync(14_999);
    expect(gw.sockets).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(gw.sockets).toHaveLength(2);
  });

  it("lets a person skip the wait with reconnectNow", async () => {
    client.start();
    await answerConnect(gw.latest(), { ok: false, error: { code: "FORBIDDEN", message: "origin not allowed" } });
    expect(client.getConnection()).toMatchObject({ state: "offline", lastError: "The gateway refused this client: origin not allowed" });
    client.reconnectNow();
    expect(gw.sockets).toHaveLength(2);
  });

  it("gives up on a handshake the gateway never starts and tries again", async () => {
    client.start();
    await vi.advanceTimersByTimeAsync(15_000);
    expect(gw.sockets[0]!.closedByClient?.code).toBe(4000);
    expect(client.getConnection()).toMatchObject({ state: "reconnecting", lastError: "The gateway did not complete the handshake in time." });
  });

  it("reports a malformed challenge and greeting instead of throwing", async () => {
    const problems: string[] = [];
    client.onProtocolError((p) => problems.push(`${p.context}: ${p.issues.map((i) => i.path).join(",")}`));
    client.start();
    gw.latest().push({ type: "event", event: "connect.challenge", payload: { nonce: "", ts: -1 } });
    expect(problems).toEqual(["connect.challenge: nonce,ts"]);
    expect(client.getConnection().state).toBe("reconnecting");

    await vi.advanceTimersByTimeAsync(0);
    await answerConnect(gw.latest(), { ok: true, payload: { protocol: "four" } });
    expect(problems[1]).toMatch(/^hello-ok: /);
    expect(client.getConnection()).toMatchObject({ state: "offline", lastError: expect.stringContaining("greeting was not understood") });
  });

  it("tells a restarted gateway (new bootId) apart from a reconnect to the same one", async () => {
    const connected: ConnectedInfo[] = [];
    client.onConnected((info) => connected.push(info));
    client.start();
    await answerConnect(gw.latest(), { ok: true, payload: helloPayload("boot-1") });
    gw.latest().close(1012, "service restart");
    expect(client.getConnection()).toMatchObject({ state: "reconnecting", lastError: "The connection to the gateway was lost (code 1012: service restart)." });
    expect(client.getConnection().hello?.server.bootId).toBe("boot-1");

    await vi.advanceTimersByTimeAsync(0);
    await answerConnect(gw.latest(), { ok: true, payload: helloPayload("boot-1") });
    gw.latest().close(1006, "");
    await vi.advanceTimersByTimeAsync(0);
    await answerConnect(gw.latest(), { ok: true, payload: helloPayload("boot-2") });
    expect(connected.map(({ first, serverChanged }) => ({ first, serverChanged }))).toEqual([
      { first: true, serverChanged: false },
      { first: false, serverChanged: false },
      { first: false, serverChanged: true },
    ]);
  });

  it("drops a connection that stays silent for two tick intervals, and keeps one that ticks", async () => {
    client.start();
    await answerConnect(gw.latest(), { ok: true, payload: helloPayload("boot-1", { policy: { maxPayload: 1, tickIntervalMs: 1000 } }) });
    const socket = gw.latest();
    for (let i = 0; i < 5; i++) {
      await vi.advanceTimersByTimeAsync(1000);
      socket.push({ type: "event", event: "tick", payload: { ts: Date.now() } });
    }
    expect(client.getConnection().state).toBe("connected");
    await vi.advanceTimersByTimeAsync(3000);
    expect(socket.closedByClient?.code).toBe(4000);
    expect(client.getConnection()).toMatchObject({ state: "reconnecting", lastError: "The gateway stopped responding." });
  });
});
