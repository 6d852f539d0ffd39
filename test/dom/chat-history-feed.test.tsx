// A blocking-only host (no async questions) puts the kit's question summaries into a transcript of its own, with
// public names only: the store reads the conversation with `chatHistoryFeature`, `useChatTranscript` hands its
// messages to `QuestionTranscript`, and each summary stands at the agent turn that asked, live and after a reload.
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { chatHistoryFeature, createGatewayClient, createQuestionDockStore, QuestionDock, QuestionDockProvider, QuestionTranscript, useChatTranscript, useDockStore, type ChatTranscriptMessage, type GatewayClient, type QuestionDockStore, type TransportFactory } from "../../src";
import { createSimulatedGateway, type SimAgentTurn, type SimulatedGateway } from "../../src/simulated";
import { transcriptRows as rows } from "../support/transcript-rows";

const TOKEN = "host-token";
const TARGET = { id: "target", header: "Deploy", question: "Where should this deploy?", options: [{ label: "Staging" }, { label: "Production" }] };
const reply = (message: string): SimAgentTurn => (message === "Ship it" ? { askUser: { questions: [TARGET] }, then: "Deploying to Production." } : "Noted.");

const stops: Array<() => void> = [];
afterEach(() => stops.splice(0).forEach((stop) => stop()));

/** A page of the host: its client and one store per conversation, reading the conversation's history. */
function openPage(sim: SimulatedGateway, transport: TransportFactory = sim.transport): { client: GatewayClient; store: QuestionDockStore } {
  const client = createGatewayClient({ url: "sim://host", token: TOKEN, transport });
  const store = createQuestionDockStore({ client, sessionKey: "main", chatHistory: chatHistoryFeature() });
  client.start();
  stops.push(() => {
    store.getState().actions.dispose();
    client.stop();
  });
  return { client, store };
}

/** A gateway that answers `chat.history` with an error and everything else as usual. */
function refusingHistory(inner: TransportFactory): TransportFactory {
  return (url, handlers) => {
    const transport = inner(url, handlers);
    return {
      send(text) {
        const frame = JSON.parse(text) as { id?: string; method?: string };
        if (frame.method !== "chat.history") return transport.send(text);
        queueMicrotask(() => handlers.onMessage(JSON.stringify({ type: "res", id: frame.id, ok: false, error: { code: "UNAVAILABLE", message: "history is down" } })));
      },
      close: (code, reason) => transport.close(code, reason),
    };
  };
}

/** The host's own transcript: its markup for a message and for a history it could not read, the kit's placement and summaries. */
function Conversation() {
  const messages = useChatTranscript();
  const error = useDockStore((s) => s.chat.error);
  return (
    <>
      {error?.kind === "load-failed" && <p role="alert">The conversation could not be read: {error.reason}</p>}
      <QuestionTranscript messages={messages} renderMessage={(row: ChatTranscriptMessage) => `${row.role}: ${row.message.text}`} />
    </>
  );
}

function Page({ store }: { store: QuestionDockStore }) {
  return (
    <QuestionDockProvider store={store}>
      <Conversation />
      <QuestionDock />
    </QuestionDockProvider>
  );
}


const CONVERSATION = ["user: Ship it", "summary: Question, answered", "assistant: Deploying to Production."];

describe("A blocking-only host's own transcript", () => {
  it("shows the conversation with the answered question's summary at the turn that asked, and again after a reload", async () => {
    const user = userEvent.setup();
    const sim = createSimulatedGateway({ token: TOKEN, reply, replyStepMs: 0 });
    const first = openPage(sim);
    const view = render(<Page store={first.store} />);
    await waitFor(() => expect(first.client.getConnection().state).toBe("connected"));
    await first.client.request("chat.send", { sessionKey: "main", message: "Ship it", idempotencyKey: "send-1" });

    await user.click(await screen.findByRole("radio", { name: "Production" }));
    await user.click(screen.getByRole("button", { name: "Submit" }));
    await waitFor(() => expect(rows()).toEqual(CONVERSATION));
    expect(within(screen.getByRole("article", { name: "Question, answered" })).getByText("Production")).toBeInTheDocument();

    // A new page on the same gateway reads the summary back from the history alone.
    view.unmount();
    stops.splice(0).forEach((stop) => stop());
    sessionStorage.clear();
    const second = openPage(sim);
    render(<Page store={second.store} />);
    await waitFor(() => expect(rows()).toEqual(CONVERSATION));
  });

  it("tells the host when the history could not be read", async () => {
    const sim = createSimulatedGateway({ token: TOKEN, reply, replyStepMs: 0 });
    const page = openPage(sim, refusingHistory(sim.transport));
    render(<Page store={page.store} />);
    expect(await screen.findByRole("alert")).toHaveTextContent(/^The conversation could not be read: .*history is down$/);
  });

  it("shows no conversation for a store made without a history feed", async () => {
    const sim = createSimulatedGateway({ token: TOKEN, reply, replyStepMs: 0 });
    const client = createGatewayClient({ url: "sim://host", token: TOKEN, transport: sim.transport });
    const store = createQuestionDockStore({ client, sessionKey: "main" });
    client.start();
    stops.push(() => {
      store.getState().actions.dispose();
      client.stop();
    });
    await waitFor(() => expect(client.getConnection().state).toBe("connected"));
    await client.request("chat.send", { sessionKey: "main", message: "Hello", idempotencyKey: "send-2" });
    render(<Page store={store} />);
    await waitFor(() => expect(sim.history("main")).toHaveLength(2));
    expect(screen.queryByRole("list", { name: "Conversation" })).not.toBeInTheDocument();
  });
});
