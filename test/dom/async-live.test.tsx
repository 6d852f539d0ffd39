// An async (Codex) question is saved mid-run and no chat event carries it: the dock shows it from the session's
// saved-row feed while the run still runs, and subscribes to that feed again after every reconnect.
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { DockLayout, QuestionDock, QuestionDockProvider } from "../../src/components";
import { createGatewayClient, type GatewayClient } from "../../src/gateway/client";
import type { TransportFactory } from "../../src/gateway/transport";
import { createSimulatedGateway, type SimulatedGateway } from "../../src/simulated";
import { createConversationServices, createMemoryStorage, createPaneBus, createQuestionDockStore, type ConversationServices } from "../../src/store";

const TOKEN = "async-live-token";
const SUBSCRIBE = "sessions.messages.subscribe";
const TARGET = { title: "Where should the build deploy?", options: ["Staging", "Production"] };

interface Rig {
  sim: SimulatedGateway;
  client: GatewayClient;
  services: ConversationServices;
  store: ReturnType<typeof createQuestionDockStore>;
  /** Methods the client called, in order. */
  calls: string[];
}
let rig: Rig | undefined;

async function start(): Promise<Rig> {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  const sim = createSimulatedGateway({ token: TOKEN, tickIntervalMs: 0, reply: false });
  const calls: string[] = [];
  const transport: TransportFactory = (url, handlers) => {
    const socket = sim.transport(url, handlers);
    return {
      send: (text) => {
        const method = (JSON.parse(text) as { method?: string }).method;
        if (method) calls.push(method);
        socket.send(text);
      },
      close: (code, reason) => socket.close(code, reason),
    };
  };
  const client = createGatewayClient({ url: "sim://gateway", transport, token: TOKEN });
  const services = createConversationServices({ client, sessionKey: "main", storage: createMemoryStorage(), bus: createPaneBus(`async-live-${Math.random()}`) });
  const store = createQuestionDockStore({ client, sessionKey: "main", typingGraceMs: 0, asyncQuestions: services });
  client.start();
  await vi.waitFor(() => expect(services.conversation.getState().loaded).toBe(true));
  render(
    <QuestionDockProvider store={store}>
      <DockLayout dock={<QuestionDock layout="stepper" />} composer={<textarea aria-label="Message" />} />
    </QuestionDockProvider>,
  );
  rig = { sim, client, services, store, calls };
  return rig;
}

afterEach(() => {
  rig?.store.getState().actions.dispose();
  rig?.services.dispose();
  rig?.client.stop();
  rig = undefined;
  vi.useRealTimers();
});

const subscribes = (r: Rig) => r.calls.filter((m) => m === SUBSCRIBE).length;

describe("An async question saved mid-run", () => {
  it("shows in the dock while its run is still running, and can be answered there", async () => {
    const r = await start();
    const runId = r.sim.startRun();
    r.sim.askAsync({ runId, itemId: "deploy", text: TARGET.title, questions: [TARGET] });
    const group = await screen.findByRole("radiogroup", { name: TARGET.title });
    expect(r.sim.activeRuns()).toEqual([{ runId, sessionKey: "agent:main:main" }]);
    expect(r.services.conversation.getState().runActive).toBe(true);
    // Shown from the saved row, not from a history read after the run.
    expect(r.calls.filter((m) => m === "chat.history")).toHaveLength(1);
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await user.click(screen.getByRole("radio", { name: "Production" }));
    expect(screen.getByRole("radio", { name: "Production" })).toBeChecked();
    expect(group).toBeInTheDocument();
  });

  it("still shows live after a reconnect, because the dock subscribes again", async () => {
    const r = await start();
    expect(subscribes(r)).toBe(1);
    r.sim.dropConnections();
    await vi.waitFor(() => expect(r.client.getConnection().state).not.toBe("connected"));
    r.client.reconnectNow();
    await vi.waitFor(() => expect(subscribes(r)).toBe(2));
    await vi.waitFor(() => expect(r.services.conversation.getState().loaded && r.client.getConnection().state).toBe("connected"));
    const runId = r.sim.startRun();
    r.sim.askAsync({ runId, itemId: "after", questions: [TARGET] });
    expect(await screen.findByRole("radiogroup", { name: TARGET.title })).toBeInTheDocument();
    expect(r.sim.activeRuns().map((run) => run.runId)).toEqual([runId]);
  });
});
