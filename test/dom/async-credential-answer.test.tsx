// An async answer shaped like a credential lives in this page's memory only. A reload finds no trace of it:
// a delivered one reads from the conversation history, an unsent one leaves its question open again.
import { cleanup, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { DockLayout, QuestionDock, QuestionDockProvider, QuestionSummaryList } from "../../src/components";
import { createGatewayClient, type GatewayClient } from "../../src/gateway/client";
import { createSimulatedGateway, type SimulatedGateway } from "../../src/simulated";
import { createConversationServices, createMemoryStorage, createPaneBus, createQuestionDockStore, type DockStorage } from "../../src/store";

const TOKEN = "async-credential-token";
const KEY = "ghp_16C7e42F292c6912E7710c838347Ae178B4a";
const TOKEN_QUESTION = { title: "Which token should the deploy use?" };

let sim: SimulatedGateway;
let client: GatewayClient;
let storage: DockStorage;
let channel: string;
let stop: () => void = () => {};

// One page: services and a dock over the shared storage; "reloading" is stopping it and opening another.
function openPage() {
  const services = createConversationServices({ client, sessionKey: "main", storage, bus: createPaneBus(channel) });
  const store = createQuestionDockStore({ client, sessionKey: "main", typingGraceMs: 0, asyncQuestions: services });
  render(
    <QuestionDockProvider store={store}>
      <DockLayout transcript={<QuestionSummaryList />} dock={<QuestionDock layout="stepper" />} composer={<textarea aria-label="Message" />} />
    </QuestionDockProvider>,
  );
  stop = () => {
    cleanup();
    store.getState().actions.dispose();
    services.dispose();
  };
}

function reload() {
  stop();
  openPage();
}

beforeEach(async () => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  sim = createSimulatedGateway({ token: TOKEN, tickIntervalMs: 0, reply: false });
  client = createGatewayClient({ url: "sim://gateway", transport: sim.transport, token: TOKEN });
  storage = createMemoryStorage();
  channel = `async-credential-${Math.random()}`;
  client.start();
  await vi.waitFor(() => expect(client.getConnection().state).toBe("connected"));
  openPage();
});

afterEach(() => {
  stop();
  client.stop();
  vi.useRealTimers();
});

async function answerWithKey() {
  const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
  await user.click(await screen.findByRole("textbox", { name: "Other" }));
  await user.paste(KEY);
  expect(screen.getByText(/looks like a password or key/)).toBeVisible();
  await user.click(screen.getByRole("button", { name: "Submit" }));
}

describe("A credential-shaped async answer", () => {
  it("is delivered, and after a reload its summary reads from the history", async () => {
    sim.askAsync({ questions: [TOKEN_QUESTION] });
    await answerWithKey();
    await vi.waitFor(() => expect(screen.getByText("Answer sent")).toBeInTheDocument());
    expect(await storage.loadOutbox("main")).toEqual([]);

    reload();
    expect(await screen.findByText("Answer sent")).toBeInTheDocument();
    expect(screen.getByText(KEY)).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /Retry answer|Discard/ })).not.toBeInTheDocument();
    expect(screen.queryByRole("textbox", { name: "Other" })).not.toBeInTheDocument();
    expect(sim.history().filter((m) => m.role === "user")).toHaveLength(1);
  });

  it("waits in memory while the agent is busy, and after a reload its question is open again, empty", async () => {
    sim.askAsync({ questions: [TOKEN_QUESTION] });
    sim.startRun();
    await answerWithKey();
    expect(await screen.findByText("Answer queued")).toBeInTheDocument();
    expect(await storage.loadOutbox("main")).toEqual([]);
    expect(await storage.loadDrafts("main")).toEqual([]);

    reload();
    expect(await screen.findByRole("textbox", { name: "Other" })).toHaveValue("");
    expect(screen.queryByText("Answer queued")).not.toBeInTheDocument();
    expect(screen.queryByText(KEY)).not.toBeInTheDocument();
    expect(sim.history().filter((m) => m.role === "user")).toHaveLength(0);
  });
});
