import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createGatewayClient, type GatewayClient, type ProtocolErrorInfo } from "../../../src/gateway";
import { GatewayRequestError } from "../../../src/gateway/connection";
import { CHALLENGE_TS, createScriptedGateway, helloPayload, type ScriptedSocket } from "./scripted-gateway";
import { until } from "./until";

let gw: ReturnType<typeof createScriptedGateway>;
let client: GatewayClient;

async function connectLatest(bootId = "boot-1"): Promise<ScriptedSocket> {
  await vi.advanceTimersByTimeAsync(0);
  const socket = gw.latest();
  socket.push({ type: "event", event: "connect.challenge", payload: { nonce: "n", ts: CHALLENGE_TS } });
  const req = await until(() => socket.request("connect"), "the connect request");
  socket.push({ type: "res", id: req.id, ok: true, payload: helloPayload(bootId) });
  return socket;
}

function rejection(promise: Promise<unknown>): Promise<GatewayRequestError> {
  return promise.then(
    () => {
      throw new Error("expected a rejection");
    },
    (error: unknown) => error as GatewayRequestError,
  );
}

beforeEach(() => {
  vi.useFakeTimers();
  gw = createScriptedGateway();
  client = createGatewayClient({ url: "ws://gateway.test", transport: gw.transport, random: () => 0 });
});

afterEach(() => {
  client.stop();
  vi.useRealTimers();
});

describe("Requests", () => {
  it("holds requests made before the connection and sends them, in order, after the onConnected listeners", async () => {
    const first = client.request("question.list", {});
    const second = client.request("question.get", { id: "q1" });
    const seenByListener: string[] = [];
    client.onConnected(() => {
      seenByListener.push(...gw.latest().sent.map((f) => f.method));
    });
    client.start();
    const socket = await connectLatest();
    expect(seenByListener).toEqual(["connect"]);
    expect(socket.sent.map((f) => f.method)).toEqual(["connect", "question.list", "question.get"]);

    socket.push({ type: "res", id: socket.request("question.get")!.id, ok: true, payload: { question: "b" } });
    socket.push({ type: "res", id: socket.request("question.list")!.id, ok: true, payload: { questions: [] } });
    await expect(first).resolves.toEqual({ questions: [] });
    await expect(second).resolves.toEqual({ question: "b" });
  });

  it("rejects with TIMEOUT when the gateway stays silent, and ignores the late answer", async () => {
    client.start();
    const socket = await connectLatest();
    const pending = rejection(client.request("question.list", {}, { timeoutMs: 1000 }));
    await vi.advanceTimersByTimeAsync(999);
    await vi.advanceTimersByTimeAsync(1);
    const error = await pending;
    expect(error).toBeInstanceOf(GatewayRequestError);
    expect(error.code).toBe("TIMEOUT");
    expect(error.message).toBe("question.list failed: TIMEOUT: no answer within 1000 ms");

    const problems: ProtocolErrorInfo[] = [];
    client.onProtocolError((p) => problems.push(p));
    socket.push({ type: "res", id: socket.request("question.list")!.id, ok: true, payload: { questions: [] } });
    expect(problems).toEqual([]);
    expect(client.getConnection().state).toBe("connected");
  });

  it("times out a request that waited for a connection that never came", async () => {
    const pending = rejection(client.request("question.list", {}, { timeoutMs: 500 }));
    await vi.advanceTimersByTimeAsync(500);
    expect((await pending).message).toMatch(/TIMEOUT: not connected within 500 ms/);
  });

  it("rejects sent requests with DISCONNECTED when the socket drops; later ones wait for the reconnect", async () => {
    client.start();
    const socket = await connectLatest();
    const lost = rejection(client.request("question.resolve", { id: "q1", cancel: true }));
    socket.close(1006, "");
    expect((await lost).code).toBe("DISCONNECTED");

    const retried = client.request("question.resolve", { id: "q1", cancel: true });
    expect(client.getConnection().state).toBe("reconnecting");
    const next = await connectLatest();
    const req = next.request("question.resolve")!;
    expect(req.params).toEqual({ id: "q1", cancel: true });
    next.push({ type: "res", id: req.id, ok: true, payload: { status: "cancelled" } });
    await expect(retried).resolves.toEqual({ status: "cancelled" });
  });

  it("turns a gateway error into a GatewayRequestError with its code and question reason", async () => {
    client.start();
    const socket = await connectLatest();
    const failing = rejection(client.request("question.get", { id: "gone" }));
    const req = socket.request("question.get")!;
    socket.push({ type: "res", id: req.id, ok: false, error: { code: "INVALID_REQUEST", message: "question 'gone' was not found", details: { reason: "QUESTION_NOT_FOUND" } } });
    const error = await failing;
    expect([error.code, error.reason]).toEqual(["INVALID_REQUEST", "QUESTION_NOT_FOUND"]);
  });

  it("rejects queued and sent requests on stop, and refuses new ones until started again", async () => {
    const queued = rejection(client.request("question.list", {}));
    client.start();
    client.stop();
    expect(await queued).toMatchObject({ code: "DISCONNECTED", message: expect.stringMatching(/stopped/) });

    client.start();
    await connectLatest();
    const sent = rejection(client.request("question.get", { id: "a" }));
    client.stop();
    expect((await sent).code).toBe("DISCONNECTED");
    expect((await rejection(client.request("question.list", {}))).message).toMatch(/client is stopped/);
    expect(client.getConnection().state).toBe("offline");
  });
});

describe("Events", () => {
  it("delivers each event to its named listeners and to '*'", async () => {
    const named: unknown[] = [];
    const all: string[] = [];
    client.onEvent("question.requested", (payload) => named.push(payload));
    client.onEvent("*", (_p, frame) => all.push(frame.event));
    client.start();
    const socket = await connectLatest();
    socket.push({ type: "event", event: "question.requested", payload: { id: "q1" }, seq: 1 });
    socket.push({ type: "event", event: "tick", payload: { ts: 1 }, seq: 2 });
    expect(named).toEqual([{ id: "q1" }]);
    expect(all).toEqual(["question.requested", "tick"]);
  });

  it("reports a gap when seq skips numbers, and counts afresh on every connection", async () => {
    const gaps: Array<{ expected: number; received: number }> = [];
    client.onGap((g) => gaps.push(g));
    client.start();
    const socket = await connectLatest();
    for (const seq of [1, 2, 5, 6, 6]) socket.push({ type: "event", event: "tick", payload: {}, seq });
    expect(gaps).toEqual([{ expected: 3, received: 5 }]);

    socket.close(1012, "service restart");
    const next = await connectLatest();
    for (const seq of [1, 2, 4]) next.push({ type: "event", event: "tick", payload: {}, seq });
    expect(gaps).toEqual([
      { expected: 3, received: 5 },
      { expected: 3, received: 4 },
    ]);
  });
});

describe("Listeners", () => {
  it("keeps delivering to the other listeners, and stays connected, when one listener throws", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const received: unknown[] = [];
    client.onEvent("question.requested", () => {
      throw new Error("a bug in a listener");
    });
    client.onEvent("question.requested", (payload) => received.push(payload));
    client.start();
    const socket = await connectLatest();
    socket.push({ type: "event", event: "question.requested", payload: { id: "q1" }, seq: 1 });
    expect(received).toEqual([{ id: "q1" }]);
    expect(client.getConnection().state).toBe("connected");
    expect(logged).toHaveBeenCalledWith("A gateway client listener threw:", expect.objectContaining({ message: "a bug in a listener" }));
    logged.mockRestore();
  });
});

describe("Malformed frames", () => {
  it("reports each malformed frame with its issues and keeps the connection working", async () => {
    const problems: ProtocolErrorInfo[] = [];
    client.onProtocolError((p) => problems.push(p));
    const events: string[] = [];
    client.onEvent("*", (_p, f) => events.push(f.event));
    client.start();
    const socket = await connectLatest();
    for (const bad of ["{not json", "[]", { type: "event" }, { type: "res", id: 7, ok: true }, { type: "wat" }, { type: "event", event: "x", seq: "1" }, { type: "req", id: "s1", method: "boom" }]) {
      expect(() => socket.push(bad)).not.toThrow();
    }
    expect(problems).toHaveLength(7);
    expect(problems.every((p) => p.context === "frame" && p.issues.length > 0)).toBe(true);
    expect(problems[0]!.issues[0]!.message).toBe("is not valid JSON");
    expect(events).toEqual([]);

    const answer = client.request("question.list", {});
    socket.push({ type: "res", id: socket.request("question.list")!.id, ok: true, payload: { questions: [] } });
    await expect(answer).resolves.toEqual({ questions: [] });
    expect(client.getConnection().state).toBe("connected");
  });
});
