// A message typed in the composer answers the waiting question on the REAL OpenClaw gateway: the reply is read
// with parseTextReply and sent with the store's answerWith (question.resolve), so the gateway records the answer
// and the conversation gets no stray chat message.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import WebSocket from "ws";
import { createGatewayClient, createWebSocketTransport, type GatewayClient } from "../../src/gateway";
import { parseTextReply, type QuestionRecord } from "../../src/protocol";
import { createQuestionDockStore } from "../../src/store";
import { connectRaw, type RawClient } from "./raw-client";
import { poller } from "./wait";

const url = inject("gatewayUrl");
const token = inject("gatewayToken");
const ORIGIN = "http://127.0.0.1:5173";
// A session of its own, so other files' messages on the shared gateway do not mix in.
const SESSION = `agent:main:composer-answer-${randomUUID().slice(0, 8)}`;
const RESOLVER = "control-ui:composer-test";
const TARGET = { questionId: "target", header: "Deploy", question: "Where should this deploy?", options: [{ label: "Staging (Recommended)" }, { label: "Production" }] };
const REGION = { questionId: "region", header: "Region", question: "Which region?", options: [{ label: "EU" }, { label: "US" }], isOther: true };
const waitFor = poller({ timeoutMs: 30_000, intervalMs: 25 });

let admin: RawClient;
let client: GatewayClient;
let store: ReturnType<typeof createQuestionDockStore>;
const actions = () => store.getState().actions;

/** Asks as another operator and waits until the store holds the request. */
async function ask(questions: unknown[]): Promise<QuestionRecord> {
  const { id } = await admin.request<{ id: string }>("question.request", { sessionKey: SESSION, timeoutMs: 120_000, questions }, { timeoutMs: 30_000 });
  return waitFor(() => store.getState().records.get(id), `request ${id} in the store`);
}

const gatewayRecord = async (id: string) => (await admin.request<{ question: QuestionRecord }>("question.get", { id })).question;

async function userMessages(): Promise<unknown[]> {
  const result = await admin.request<{ messages?: Array<{ role?: string }> }>("chat.history", { sessionKey: SESSION, limit: 1000 }, { timeoutMs: 30_000 });
  return (result.messages ?? []).filter((m) => m.role === "user");
}

beforeAll(async () => {
  admin = await connectRaw(url, token, { retryForMs: 30_000 });
  client = createGatewayClient({ url, token, transport: createWebSocketTransport(WebSocket, { origin: ORIGIN }) });
  store = createQuestionDockStore({ client, sessionKey: SESSION, typingGraceMs: 0, resolverId: RESOLVER });
  client.start();
  await waitFor(() => store.getState().connection.state === "connected", "the connection");
}, 60_000);

afterAll(async () => {
  store?.getState().actions.dispose();
  client?.stop();
  await admin?.close();
});

describe.skipIf(!url)("Answering from the composer on OpenClaw", () => {
  it("records the reply's answer through question.resolve, and sends no chat message", async () => {
    const record = await ask([TARGET]);
    const reply = parseTextReply(record, "2");
    if (!reply.ok || !reply.answers) throw new Error(`"2" should read as an answer: ${JSON.stringify(reply)}`);

    await actions().answerWith(record.id, reply.answers);

    const answers = { answers: { target: ["Production"] } };
    expect(await gatewayRecord(record.id)).toMatchObject({ status: "answered", answers, resolvedBy: RESOLVER });
    expect(await waitFor(() => store.getState().outcomes.get(record.id), "the outcome")).toMatchObject({ kind: "answered", answers });
    expect(await userMessages()).toEqual([]);
  });

  it("records several questions answered in one reply, typed answers included", async () => {
    const record = await ask([TARGET, REGION]);
    const reply = parseTextReply(record, "1\nMars");
    if (!reply.ok || !reply.answers) throw new Error(`the reply should read as answers: ${JSON.stringify(reply)}`);

    await actions().answerWith(record.id, reply.answers);

    expect(await gatewayRecord(record.id)).toMatchObject({ status: "answered", answers: { answers: { target: ["Staging (Recommended)"], region: ["Mars"] } } });
    expect(await userMessages()).toEqual([]);
  });

  it("records a skip word as this surface's skip", async () => {
    const record = await ask([TARGET]);
    expect(parseTextReply(record, "Skip")).toEqual({ ok: true, skip: true });

    await actions().skip(record.id);

    expect(await gatewayRecord(record.id)).toMatchObject({ status: "cancelled", resolvedBy: RESOLVER });
    expect((await waitFor(() => store.getState().outcomes.get(record.id), "the outcome")).kind).toBe("skipped");
    expect(await userMessages()).toEqual([]);
  });
});
