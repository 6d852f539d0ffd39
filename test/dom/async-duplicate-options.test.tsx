import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from "vitest";
import { DockLayout, QuestionDock, QuestionDockProvider, QuestionSummaryList } from "../../src/components";
import { createGatewayClient, type GatewayClient } from "../../src/gateway/client";
import { createSimulatedGateway, type SimulatedGateway } from "../../src/simulated";
import type { QuestionRecord } from "../../src/protocol";
import { IdMap } from "../../src/store/id-map";
import { createMemoryStorage, createPaneBus, createQuestionDockStore, createConversationServices, type AsyncQuestionServices } from "../../src/store";

const TOKEN = "async-duplicate-token";
const BRANCH = { title: "Which branch should the fix land on?", options: ["main", "release"] };

let sim: SimulatedGateway;
let client: GatewayClient;
let services: AsyncQuestionServices;
let store: ReturnType<typeof createQuestionDockStore>;
let consoleError: MockInstance<typeof console.error>;

function keyWarnings(): unknown[][] {
  return consoleError.mock.calls.filter((args) => args.some((a) => typeof a === "string" && /same key|unique "key"/i.test(a)));
}

function renderDock() {
  render(
    <QuestionDockProvider store={store}>
      <DockLayout transcript={<QuestionSummaryList />} dock={<QuestionDock layout="stepper" />} composer={<textarea aria-label="Message" />} />
    </QuestionDockProvider>,
  );
}

beforeEach(async () => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  consoleError = vi.spyOn(console, "error");
  sim = createSimulatedGateway({ token: TOKEN, tickIntervalMs: 0, reply: false });
  client = createGatewayClient({ url: "sim://gateway", transport: sim.transport, token: TOKEN });
  services = createConversationServices({ client, sessionKey: "main", storage: createMemoryStorage(), bus: createPaneBus(`async-duplicate-${Math.random()}`) });
  store = createQuestionDockStore({ client, sessionKey: "main", typingGraceMs: 0, asyncQuestions: services });
  client.start();
  await vi.waitFor(() => expect(store.getState().connection.state).toBe("connected"));
});

afterEach(() => {
  store.getState().actions.dispose();
  client.stop();
  consoleError.mockRestore();
  vi.useRealTimers();
});

describe("An async delivery whose options repeat a label", () => {
  it("is refused with a readable reason, never rendered as two radios that check together", async () => {
    renderDock();
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    sim.askAsync({ questions: [{ title: "Deploy where?", options: ["Staging", "Production", "staging"] }] });
    await vi.waitFor(() => expect(services.conversation.getState().error).toMatch(/duplicates another option label/));
    expect(screen.queryByRole("radiogroup", { name: "Deploy where?" })).not.toBeInTheDocument();
    // A well-formed delivery after it still opens and answers normally.
    sim.askAsync({ questions: [BRANCH] });
    await user.click(await screen.findByRole("radio", { name: "main" }));
    expect(screen.getAllByRole("radio", { checked: true })).toHaveLength(1);
    expect(keyWarnings()).toEqual([]);
  });
});

describe("Option elements", () => {
  it("are keyed by position, so even a record that repeats a label renders without a duplicate-key warning", () => {
    // Straight into the store, past every validator: the view must hold up on its own.
    const record: QuestionRecord = {
      id: "q-dup",
      createdAtMs: Date.now(),
      expiresAtMs: Date.now() + 60_000,
      status: "pending",
      questions: [{ questionId: "pick", header: "Pick", question: "Which one?", options: [{ label: "Same" }, { label: "Same" }, { label: "Other one" }] }],
    };
    store.setState({ records: IdMap.of([[record.id, record]]), order: [record.id], activeId: record.id });
    renderDock();
    expect(screen.getAllByRole("radio")).toHaveLength(3);
    expect(keyWarnings()).toEqual([]);
  });
});
