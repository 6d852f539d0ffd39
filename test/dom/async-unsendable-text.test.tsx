import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { DockLayout, QuestionDock, QuestionDockProvider, QuestionSummaryList } from "../../src/components";
import { createGatewayClient, type GatewayClient } from "../../src/gateway/client";
import { createSimulatedGateway, type SimulatedGateway } from "../../src/simulated";
import { createConversationServices, createMemoryStorage, createPaneBus, createQuestionDockStore, type ConversationServices } from "../../src/store";

const TOKEN = "async-unsendable-token";

let sim: SimulatedGateway;
let client: GatewayClient;
let services: ConversationServices;
let store: ReturnType<typeof createQuestionDockStore>;

beforeEach(async () => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  sim = createSimulatedGateway({ token: TOKEN, tickIntervalMs: 0, reply: false });
  client = createGatewayClient({ url: "sim://gateway", transport: sim.transport, token: TOKEN });
  services = createConversationServices({ client, sessionKey: "main", storage: createMemoryStorage(), bus: createPaneBus(`async-unsendable-${Math.random()}`) });
  store = createQuestionDockStore({ client, sessionKey: "main", typingGraceMs: 0, asyncQuestions: services });
  client.start();
  await vi.waitFor(() => expect(store.getState().connection.state).toBe("connected"));
  render(
    <QuestionDockProvider store={store}>
      <DockLayout transcript={<QuestionSummaryList />} dock={<QuestionDock layout="stepper" />} composer={<textarea aria-label="Message" />} />
    </QuestionDockProvider>,
  );
});

afterEach(() => {
  store.getState().actions.dispose();
  services.dispose();
  client.stop();
  vi.useRealTimers();
});

describe("An async question whose title and labels hold control characters", () => {
  it("is answered with a message the gateway takes: NUL and other controls are left out", async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    sim.askAsync({ questions: [{ title: "Which\u0000 branch?", options: ["main\u0007", "release"] }] });
    await user.click(await screen.findByRole("radio", { name: /^main/ }));
    await user.click(screen.getByRole("button", { name: "Submit" }));
    await vi.waitFor(() => expect(screen.getByText("Answer sent")).toBeInTheDocument());
    expect(screen.queryByRole("button", { name: "Discard" })).not.toBeInTheDocument();
    expect(sim.history().filter((m) => m.role === "user").map((m) => m.content)).toEqual(["> Which branch?\n\nmain"]);
  });
});
