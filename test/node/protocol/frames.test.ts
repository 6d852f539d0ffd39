import { describe, expect, it } from "vitest";
import { parseFrame } from "../../../src/protocol/frames";
import { parseHelloOk } from "../../../src/protocol/payloads";

describe("parseFrame", () => {
  it("reads responses, errors and events", () => {
    expect(parseFrame('{"type":"res","id":"1","ok":true,"payload":{"x":1}}')).toEqual({ ok: true, value: { type: "res", id: "1", ok: true, payload: { x: 1 } } });
    const error = parseFrame('{"type":"res","id":"2","ok":false,"error":{"code":"UNAVAILABLE","message":"wait","details":{"reason":"startup-sidecars"},"retryAfterMs":500}}');
    expect(error.ok && error.value).toMatchObject({ ok: false, error: { code: "UNAVAILABLE", retryAfterMs: 500, details: { reason: "startup-sidecars" } } });
    expect(parseFrame('{"type":"event","event":"tick","payload":{},"seq":4}')).toEqual({ ok: true, value: { type: "event", event: "tick", payload: {}, seq: 4 } });
  });

  it("gives an error without a message a readable one", () => {
    const parsed = parseFrame('{"type":"res","id":"3","ok":false,"error":{}}');
    expect(parsed.ok && parsed.value.type === "res" && !parsed.value.ok && parsed.value.error).toMatchObject({ code: "UNKNOWN", message: expect.stringMatching(/error/) });
  });

  it.each(["not json", "[]", "null", '{"type":"party"}', '{"type":"event"}', '{"type":"res","ok":true}', '{"type":"event","event":"x","seq":"1"}'])(
    "rejects %s without throwing",
    (text) => expect(parseFrame(text).ok).toBe(false),
  );
});

describe("parseHelloOk", () => {
  it("reads what the kit uses from a hello-ok", () => {
    const hello = parseHelloOk({
      type: "hello-ok",
      protocol: 4,
      server: { version: "2026.9.6", connId: "c1", bootId: "b1" },
      features: { methods: ["question.list"], events: ["question.requested"] },
      snapshot: { sessionDefaults: { mainSessionKey: "agent:main:main" } },
      auth: { role: "operator", scopes: ["operator.read"], deviceToken: "dt" },
      policy: { maxPayload: 1000, tickIntervalMs: 30000 },
    });
    expect(hello).toEqual({
      ok: true,
      value: {
        protocol: 4,
        server: { version: "2026.9.6", connId: "c1", bootId: "b1" },
        methods: ["question.list"],
        events: ["question.requested"],
        scopes: ["operator.read"],
        mainSessionKey: "agent:main:main",
        deviceToken: "dt",
        role: "operator",
        maxPayload: 1000,
        tickIntervalMs: 30000,
      },
    });
  });

  it("rejects a hello without a server", () => expect(parseHelloOk({ protocol: 4 }).ok).toBe(false));
});
