// Problems behind async questions reach the person: storage that cannot keep answers, and a delivery that
// could not be read, each as a notice near the dock in the locale's words; the stores hold only their kinds.
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { DockLayout, QuestionDock, QuestionDockProvider } from "../../src/components";
import { createGatewayClient, type GatewayClient } from "../../src/gateway/client";
import { createSimulatedGateway, type SimulatedGateway } from "../../src/simulated";
import { createConversationServices, createMemoryStorage, createPaneBus, createQuestionDockStore, type DockStorage } from "../../src/store";

const TOKEN = "async-problems-token";
const BRANCH = { title: "Which branch should the fix land on?", options: ["main", "release"] };

interface Rig {
  sim: SimulatedGateway;
  client: GatewayClient;
  store: ReturnType<typeof createQuestionDockStore>;
  services: ReturnType<typeof createConversationServices>;
  user: ReturnType<typeof userEvent.setup>;
}
let rig: Rig | undefined;

async function start(storage: DockStorage, locale = "en"): Promise<Rig> {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  const sim = createSimulatedGateway({ token: TOKEN, tickIntervalMs: 0, reply: false });
  const client = createGatewayClient({ url: "sim://gateway", transport: sim.transport, token: TOKEN });
  const services = createConversationServices({ client, sessionKey: "main", storage, bus: createPaneBus(`async-problems-${Math.random()}`) });
  const store = createQuestionDockStore({ client, sessionKey: "main", typingGraceMs: 0, asyncQuestions: services });
  client.start();
  await vi.waitFor(() => expect(store.getState().connection.state).toBe("connected"));
  render(
    <QuestionDockProvider store={store} locale={locale}>
      <DockLayout dock={<QuestionDock layout="stepper" />} composer={<textarea aria-label="Message" />} />
    </QuestionDockProvider>,
  );
  rig = { sim, client, store, services, user: userEvent.setup({ advanceTimers: vi.advanceTimersByTime }) };
  return rig;
}

afterEach(() => {
  rig?.store.getState().actions.dispose();
  rig?.services.dispose();
  rig?.client.stop();
  rig = undefined;
  vi.useRealTimers();
});

const quotaExceeded = () => Promise.reject(new DOMException("The quota has been exceeded.", "QuotaExceededError"));
const fullStorage = (): DockStorage => ({ ...createMemoryStorage(), saveOutboxEntry: quotaExceeded, deleteOutboxEntry: quotaExceeded, saveDraft: quotaExceeded });
const unreadableStorage = (): DockStorage => ({ ...createMemoryStorage(), loadOutbox: () => Promise.reject(new Error("IndexedDB is not available here")) });

/** The status notice whose words match `text`, once it shows. */
const notice = (text: RegExp) =>
  vi.waitFor(
    () => {
      const found = screen.getAllByRole("status").find((el) => text.test(el.textContent ?? ""));
      if (!found) throw new Error(`no status says ${String(text)}`);
      return found;
    },
    { timeout: 5_000 },
  );

describe("A storage failure", () => {
  it("is shown when an answer cannot be saved, and the answer is still sent", async () => {
    const { sim, user } = await start(fullStorage());
    sim.askAsync({ questions: [BRANCH] });
    await user.click(await screen.findByRole("radio", { name: "release" }));
    await user.click(screen.getByRole("button", { name: "Submit" }));
    expect(await notice(/Answers are not being saved on this device/)).toBeVisible();
    expect(rig!.services.outbox.getState().storageError).toEqual({ kind: "storage-failed", operation: "save" });
    await vi.waitFor(() => expect(sim.history().filter((m) => m.role === "user")).toHaveLength(1));
  });

  it("is shown when saved answers cannot be read, in the dock's locale, and can be dismissed", async () => {
    const { user } = await start(unreadableStorage(), "de");
    const status = await notice(/Auf diesem Gerät gespeicherte Antworten konnten nicht gelesen werden/);
    await user.click(within(status).getByRole("button", { name: "Schließen" }));
    expect(screen.queryAllByRole("status").filter((el) => /gespeicherte Antworten/.test(el.textContent ?? ""))).toEqual([]);
  });
});

describe("A malformed async delivery", () => {
  it("is shown with the question it concerns, while the rest keeps working", async () => {
    const { sim } = await start(createMemoryStorage());
    sim.askAsync({ itemId: "broken", questions: [] });
    const status = await notice(/Something the gateway sent could not be read/);
    expect(within(status).getByText(/broken: .*must have 1 to 12 questions/)).toBeVisible();
    sim.askAsync({ questions: [BRANCH] });
    expect(await screen.findByRole("radiogroup", { name: BRANCH.title })).toBeInTheDocument();
  });
});
