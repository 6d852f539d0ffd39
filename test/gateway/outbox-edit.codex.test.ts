// Edit answer on the REAL OpenClaw gateway with the official Codex plugin: an async question is answered while its
// run goes on, so the answer waits in the outbox; the edit re-queues the same entry, and once the run ends the
// gateway receives the edited text, once, under the entry's own key, and the next Codex turn is played with it.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import WebSocket from "ws";
import { createGatewayClient, createWebSocketTransport, type GatewayClient } from "../../src/gateway";
import { createMemoryStorage, createPaneBus, openStore, type PaneBus } from "../../src/store";
import { codexScripts } from "./codex/codex-script";
import { connectRaw, type RawClient } from "./raw-client";
import { poller } from "./wait";
import { asyncQuestionsFeature } from "../../src/features/async-questions";

const url = inject("codexGatewayUrl");
const token = inject("codexGatewayToken");
const ORIGIN = "http://127.0.0.1:5173";
// A session of its own, so other files' messages on the shared gateway do not mix in.
const SESSION = `agent:main:outbox-edit-${randomUUID().slice(0, 8)}`;
const BRANCH = { title: "Which branch should the hotfix land on?", options: ["main", "release/2.4"] };
// A Codex run takes seconds on a busy machine; these are hang guards.
// On a timeout, what the kit's side saw: enough to tell a missing question from one held back.
const waitFor = poller({ timeoutMs: 90_000, intervalMs: 50, detail: () => JSON.stringify(kitView()) });

function kitView() {
  const s = store?.getState();
  const c = s?.chat;
  return {
    connection: s?.connection.state,
    conversation: c && { loaded: c.loaded, error: c.error, runActive: c.runActive, questions: c.questions.map((q) => ({ itemId: q.delivery.itemId, status: q.status })), messages: JSON.stringify(c.messages).slice(0, 3000) },
    codexTurns: JSON.stringify(codexScripts(inject("codexScriptsDir")).requests().filter((r) => r.method.startsWith("turn/"))).slice(0, 2000),
    records: s && [...s.records.keys()],
    rejected: s?.rejected,
    problems: { storage: s?.outbox.storageError, conversation: s?.chat.error },
    outbox: s && Object.values(s.outbox.entries).map((e) => ({ state: e.state, message: e.message })),
  };
}

type Row = { role?: string; content?: unknown; idempotencyKey?: string };
const textOf = (content: unknown) => (Array.isArray(content) ? (content as Array<{ text?: string }>).map((p) => p.text ?? "").join("") : String(content));

let admin: RawClient;
let client: GatewayClient;
let bus: PaneBus;
let store: ReturnType<typeof openStore>;

async function history(): Promise<Row[]> {
  const result = await admin.request<{ messages?: Row[] }>("chat.history", { sessionKey: SESSION, limit: 1000 }, { timeoutMs: 30_000 });
  return result.messages ?? [];
}

beforeAll(async () => {
  if (!url) return;
  admin = await connectRaw(url, token, { retryForMs: 60_000, requestTimeoutMs: 60_000 });
  client = createGatewayClient({ url, token, transport: createWebSocketTransport(WebSocket, { origin: ORIGIN }) });
  bus = createPaneBus(`outbox-edit-${randomUUID()}`);
  store = openStore({ client, sessionKey: SESSION, typingGraceMs: 0, asyncQuestions: asyncQuestionsFeature({ storage: createMemoryStorage(), bus }) });
  client.start();
  await waitFor(() => store.getState().connection.state === "connected", "the connection");
}, 120_000);

afterAll(async () => {
  store?.getState().actions.dispose();
  bus?.close();
  client?.stop();
  await admin?.close();
});

describe.skipIf(!url)("Edit answer on OpenClaw with the Codex plugin", () => {
  it("sends the edited text of a queued answer, once, under the entry's own key", async () => {
    const codex = codexScripts(inject("codexScriptsDir"));
    const key = `edit${randomUUID().slice(0, 8)}`;
    const itemId = `${key}-ask`;
    codex.script(key, [{ ask: [BRANCH], itemId }, { waitFor: `${key}-go` }, { say: "Waiting on your branch." }]);
    // The answer starts the next Codex turn; it says which text it was played with.
    codex.script(`${key}-edited`, [{ say: "Landing it after the freeze." }]);
    const runId = `run-${randomUUID().slice(0, 8)}`;
    await admin.request("chat.send", { sessionKey: SESSION, message: `Prepare the hotfix ${key}`, idempotencyKey: runId });

    // The question reaches the dock while its run still goes on: an answer now has to wait.
    const rid = await waitFor(() => [...store.getState().asyncOrigins].find(([, link]) => link.itemId === itemId)?.[0], "the async question in the dock");
    await waitFor(() => store.getState().chat.runActive, "the busy run");
    const actions = store.getState().actions;
    const questionId = store.getState().records.get(rid)!.questions[0]!.questionId;
    actions.select(rid, questionId, "release/2.4");
    await actions.submit(rid);
    const outboxId = await waitFor(() => store.getState().outcomes.get(rid)?.async?.outboxId, "the answer in the outbox");
    expect(store.getState().outbox.entries[outboxId]).toMatchObject({ state: "queued", message: `> ${BRANCH.title}\n\nrelease/2.4` });

    const edited = `> ${BRANCH.title}\n\nrelease/2.4, after the freeze ${key}-edited`;
    expect(actions.editAnswer(outboxId, edited)).toBe(true);
    const { outbox } = store.getState();
    expect(outbox.order.filter((id) => outbox.entries[id]?.itemId === itemId)).toEqual([outboxId]);
    expect((await history()).filter((m) => m.role === "user")).toHaveLength(1);

    codex.release(`${key}-go`);
    await waitFor(() => store.getState().outbox.entries[outboxId]?.state === "confirmed", "the edited answer confirmed from the history");
    const answers = (await history()).filter((m) => m.role === "user" && m.idempotencyKey !== undefined && m.idempotencyKey.startsWith(outboxId));
    expect(answers).toHaveLength(1);
    expect(answers[0]!.idempotencyKey).toBe(`${outboxId}:user`);
    expect(textOf(answers[0]!.content)).toBe(edited);
    const users = (await history()).filter((m) => m.role === "user").map((m) => textOf(m.content));
    expect(users).toEqual([`Prepare the hotfix ${key}`, edited]);
    // The Codex turn the answer started was played with the edited text: its script's reply is saved.
    await waitFor(async () => (await history()).some((m) => m.role === "assistant" && textOf(m.content) === "Landing it after the freeze."), "the answer's turn");
    // Too late now: the entry was sent.
    expect(actions.editAnswer(outboxId, "something else")).toBe(false);
  });
});
