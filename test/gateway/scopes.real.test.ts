// Restricted scopes on the REAL gateway: what a read-only connection and an operator.sessions.write-only
// connection (the shared-token owner, so no verified user profile) may see and do, and what the kit's own
// client and dock store show for each. See docs/gateway-findings.md, "Restricted scopes".
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import WebSocket from "ws";
import { createGatewayClient, createWebSocketTransport, type GatewayClient } from "../../src/gateway";
import { createQuestionDockStore } from "../../src/store";
import { connectRaw, type RawClient } from "./raw-client";
import { poller } from "./wait";

const url = inject("gatewayUrl");
const token = inject("gatewayToken");
const ORIGIN = "http://127.0.0.1:5173";
const TARGET = { questionId: "target", header: "Target", question: "Where to?", options: [{ label: "Staging" }, { label: "Production" }] };
const waitFor = poller({ timeoutMs: 20_000, intervalMs: 25 });

let admin: RawClient;
let asked: string;
const stops: Array<() => unknown> = [];

beforeAll(async () => {
  admin = await connectRaw(url, token, { retryForMs: 30_000 });
  asked = (await admin.request<{ id: string }>("question.request", { sessionKey: "main", timeoutMs: 120_000, questions: [TARGET] }, { timeoutMs: 30_000 })).id;
}, 60_000);

afterAll(async () => {
  await admin?.request("question.resolve", { id: asked, cancel: true }).catch(() => {});
  for (const stop of stops.splice(0)) await stop();
  await admin?.close();
});

async function raw(scopes: string[]): Promise<RawClient> {
  const c = await connectRaw(url, token, { scopes });
  stops.push(() => c.close());
  return c;
}

function kit(scopes: string[]): { client: GatewayClient; store: ReturnType<typeof createQuestionDockStore> } {
  const client = createGatewayClient({ url, token, scopes, transport: createWebSocketTransport(WebSocket, { origin: ORIGIN }) });
  const store = createQuestionDockStore({ client, sessionKey: "main", typingGraceMs: 0 });
  stops.push(() => store.getState().actions.dispose(), () => client.stop());
  client.start();
  return { client, store };
}

describe.skipIf(!url)("Restricted scopes on OpenClaw", () => {
  it("grants exactly the requested scopes in hello-ok auth.scopes", async () => {
    for (const scopes of [["operator.read"], ["operator.sessions.write"], ["operator.read", "operator.write"]]) {
      expect((await raw(scopes)).hello.auth?.scopes).toEqual(scopes);
    }
  });

  it("read-only: questions are FORBIDDEN with details.missingScope, history is readable, sends need operator.write, no question events", async () => {
    const c = await raw(["operator.read"]);
    const missing = (scope: string) => ({ ok: false, error: expect.objectContaining({ code: "FORBIDDEN", message: `missing scope: ${scope}`, details: { code: "MISSING_SCOPE", missingScope: scope, requiredScopes: [scope] } }) });
    expect(await c.requestFrame("question.list", {})).toMatchObject(missing("operator.questions"));
    expect(await c.requestFrame("question.get", { id: asked })).toMatchObject(missing("operator.questions"));
    expect(await c.requestFrame("question.resolve", { id: asked, cancel: true })).toMatchObject(missing("operator.questions"));
    expect(await c.requestFrame("chat.history", { sessionKey: "main", limit: 1 }, { timeoutMs: 30_000 })).toMatchObject({ ok: true });
    expect(await c.requestFrame("chat.send", { sessionKey: "main", message: "hi", idempotencyKey: `ro-${Date.now()}` })).toMatchObject(missing("operator.write"));
    const second = (await admin.request<{ id: string }>("question.request", { sessionKey: "main", questions: [TARGET] })).id;
    await admin.request("question.resolve", { id: second, cancel: true });
    await new Promise((r) => setTimeout(r, 300));
    expect(c.events.filter((e) => e.event.startsWith("question."))).toEqual([]);
  });

  it("operator.sessions.write on the shared token: every session method is FORBIDDEN for want of a verified user profile, with no missingScope", async () => {
    const c = await raw(["operator.sessions.write"]);
    const refused = { ok: false, error: { code: "FORBIDDEN", message: "Session-scoped access requires a verified user profile." } };
    for (const [method, params] of [
      ["question.list", {}],
      ["question.get", { id: asked }],
      ["question.get", { id: "no-such-question" }],
      ["question.resolve", { id: asked, answers: { answers: { target: ["Staging"] } } }],
      ["chat.history", { sessionKey: "main", limit: 1 }],
      ["chat.send", { sessionKey: "main", message: "hi", idempotencyKey: `sw-${Date.now()}` }],
    ] as const) {
      expect(await c.requestFrame(method, params), method).toEqual(expect.objectContaining(refused));
    }
    // The question stays pending for those who may answer it.
    expect((await admin.request<{ question: { status: string } }>("question.get", { id: asked })).question.status).toBe("pending");
    expect(c.events.filter((e) => e.event.startsWith("question."))).toEqual([]);
  });

  it("the kit: a read-only dock shows no question and keeps a notice naming operator.questions; the granted scopes are on the connection", async () => {
    const { client, store } = kit(["operator.read"]);
    await waitFor(() => store.getState().connection.state === "connected", "connected");
    expect(client.getConnection().hello?.scopes).toEqual(["operator.read"]);
    const notice = await waitFor(() => store.getState().permission.notices[0], "the notice");
    expect(notice).toMatchObject({ method: "question.list", missingScope: "operator.questions" });
    expect([...store.getState().order]).toEqual([]);
  });

  it("the kit: an operator.sessions.write-only dock shows no question and keeps the gateway's reason", async () => {
    const { client, store } = kit(["operator.sessions.write"]);
    await waitFor(() => store.getState().connection.state === "connected", "connected");
    expect(client.getConnection().hello?.scopes).toEqual(["operator.sessions.write"]);
    const notice = await waitFor(() => store.getState().permission.notices[0], "the notice");
    expect(notice).toEqual(expect.objectContaining({ method: "question.list", message: "Session-scoped access requires a verified user profile." }));
    expect(notice.missingScope).toBeUndefined();
    expect([...store.getState().order]).toEqual([]);
    // The same question is in a full dock.
    const full = kit(["operator.read", "operator.write", "operator.questions"]);
    await waitFor(() => full.store.getState().records.get(asked), "the question in a full dock");
    expect(full.store.getState().permission.notices).toEqual([]);
  });
});
