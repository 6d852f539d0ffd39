// A blocking-only host's transcript on the REAL gateway: a store with `chatHistoryFeature` reads the conversation,
// the person answers the agent's ask_user question in the dock, and `chatTranscriptOf` with
// `placeQuestionSummaries` (public names only) puts the summary at the turn that asked, before the agent's reply;
// a new page reads the same rows back from the history alone.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import WebSocket from "ws";
import { chatHistoryFeature, chatTranscriptOf, createGatewayClient, createQuestionDockStore, createWebSocketTransport, placeQuestionSummaries, type GatewayClient, type QuestionDockStore } from "../../src";
import { mockModelControl, sessionScope } from "./mock-model";
import { poller } from "./wait";

const url = inject("gatewayUrl");
const token = inject("gatewayToken");
const ORIGIN = "http://127.0.0.1:5173";
// A session of its own, so other files' runs on the shared gateway do not mix in.
const SESSION = `agent:main:chat-feed-${randomUUID().slice(0, 8)}`;
const mock = mockModelControl(inject("gatewayMockModelUrl"), { scope: sessionScope(SESSION) });
const SEND_KEY = `feed-${randomUUID().slice(0, 8)}`;
const ENV = { id: "env", header: "Env", question: "Where to?", options: [{ label: "Staging" }, { label: "Production" }] };
interface Page {
  client: GatewayClient;
  store: QuestionDockStore;
}
const pages: Page[] = [];
// A timeout says what each page's transcript was.
const waitFor = poller({ timeoutMs: 150_000, intervalMs: 50, detail: () => JSON.stringify(pages.map((p) => rows(p.store))) });

async function openPage(): Promise<Page> {
  const client = createGatewayClient({ url, token, transport: createWebSocketTransport(WebSocket, { origin: ORIGIN }), requestTimeoutMs: 60_000 });
  const store = createQuestionDockStore({ client, sessionKey: SESSION, typingGraceMs: 0, chatHistory: chatHistoryFeature() });
  client.start();
  pages.push({ client, store });
  await waitFor(() => store.getState().chat.loaded, "the conversation's history");
  return { client, store };
}

/** The rows a host's transcript shows: a message's role and text, or a summary's kind. */
function rows(store: QuestionDockStore): string[] {
  const s = store.getState();
  return placeQuestionSummaries(chatTranscriptOf(s.chat.messages), [...s.outcomes.values()]).map((item) =>
    item.kind === "message" ? `${item.message.role}: ${item.message.message.text}` : `summary: ${item.outcome.kind}`,
  );
}

const CONVERSATION = ["user: Deploy, please", "summary: answered", "assistant: Deploying to Production."];

describe.skipIf(!url)("A blocking-only host's transcript (real gateway)", () => {
  let first: Page;
  beforeAll(async () => {
    await mock.reset();
    await mock.enqueue({ toolCall: { name: "tool_call", arguments: { id: "ask_user", args: { questions: [ENV], timeoutSeconds: 120 } } } });
    await mock.enqueue({ text: "Deploying to Production." });
    first = await openPage();
  }, 180_000);

  afterAll(async () => {
    for (const page of pages) {
      page.store.getState().actions.dispose();
      page.client.stop();
    }
    await mock.reset();
  });

  it("places the answered question's summary at its turn, live and on a new page", async () => {
    await first.client.request("chat.send", { sessionKey: SESSION, message: "Deploy, please", idempotencyKey: SEND_KEY }, { timeoutMs: 60_000 });
    // The first run of a new session waits for the session to be prepared.
    const id = await waitFor(() => first.store.getState().activeId, "the agent's question in the dock");
    first.store.getState().actions.select(id, "env", "Production");
    await first.store.getState().actions.submit(id);
    await waitFor(() => JSON.stringify(rows(first.store)) === JSON.stringify(CONVERSATION), "the live transcript");

    const second = await openPage();
    await waitFor(() => second.store.getState().outcomes.size > 0, "the summary read back from the history");
    expect(rows(second.store)).toEqual(CONVERSATION);
  }, 180_000);
});
