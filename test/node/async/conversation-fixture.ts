// A store with async questions wired as an app wires it: the simulated gateway, the real client over the sim's
// transport, on a fake clock; its conversation is the store's `chat`. Not a test file.
import { vi } from "vitest";
import type { StoreApi } from "zustand/vanilla";
import { createGatewayClient, type GatewayClient } from "../../../src/gateway";
import { createSimulatedGateway, type SimulatedGateway } from "../../../src/simulated";
import type { TransportFactory } from "../../../src/gateway/transport";
import { createAsyncQuestionsFeature, createMemoryStorage, createPaneBus, openStore as openWholeStore, type AsyncQuestionEntry, type ConversationData, type DockStore, type PaneBus } from "../../../src/store";
import { fakeClock, flush, until as untilOnFakeClock } from "../fake-clock";

const TOKEN = "conversation-test-token";

/** The async question the conversation tests ask. */
export const BRANCH = { title: "Which branch?", options: ["main", "dev"] };

/** A frame as the client receives it. */
export interface Frame {
  type?: string;
  id?: string;
  event?: string;
  payload?: Record<string, unknown>;
}

/** A store of one conversation on the simulated gateway. */
export interface ConversationFixture {
  sim: SimulatedGateway;
  client: GatewayClient;
  store: StoreApi<DockStore>;
  /** The conversation as the store holds it. */
  state(): ConversationData;
  /** The whole store: the dock, its outbox and actions. */
  dock(): DockStore;
  /** Another store of the same conversation on the same client (another view of it); disposed with the fixture. */
  open(): StoreApi<DockStore>;
  /** The async question `itemId` as the conversation derives it. */
  question(itemId: string): AsyncQuestionEntry | undefined;
  /** Posts BRANCH as `itemId` on a short run of its own and waits until the conversation shows it with its saved message id. */
  ask(itemId: string): Promise<void>;
  /** Starts a scripted agent run (no user message) and waits until the conversation sees it running. */
  startRun(): Promise<string>;
  /** Waits until no run is going and the history has been reloaded after the last run ended. */
  settle(): Promise<void>;
  /** How many requests of `method` the client sent. */
  sent(method: string): number;
  /** Every method the client called, in order. */
  requests(): string[];
  /** While true, answers to `chat.history` are held back (released when set false), as on a slow network. */
  holdHistory(hold: boolean): void;
  stop(): void;
}

export { flush };

/** A store with async questions of `sessionKey` on `client`, keeping nothing beyond the test, and its bus. */
function openStore(client: GatewayClient, sessionKey: string): { store: StoreApi<DockStore>; bus: PaneBus } {
  const bus = createPaneBus(`conversation-${Math.random()}`);
  const store = openWholeStore({ client, sessionKey, clock: fakeClock, typingGraceMs: 0, asyncQuestions: createAsyncQuestionsFeature({ storage: createMemoryStorage(), bus }) });
  return { store, bus };
}

/** Flushes until `check` holds (at most `rounds` times); returns its value. */
export function until<T>(check: () => T, what: string, stepMs = 0, rounds = 300): Promise<NonNullable<T>> {
  return untilOnFakeClock(check, what, stepMs, rounds);
}

/** Fakes the timers, starts the sim (scripted runs: no automatic replies), a client and a store for "main". */
export async function startConversation(
  opts: { lose?: (frame: Frame) => boolean; connect?: boolean; sessionKey?: string; refuse?: readonly string[]; unavailableHistory?: number } = {},
): Promise<ConversationFixture> {
  vi.useFakeTimers({ now: Date.UTC(2026, 8, 1, 9, 0, 0) });
  const sim = createSimulatedGateway({ token: TOKEN, tickIntervalMs: 0, clock: fakeClock, reply: false });
  const methods: string[] = [];
  const historyIds = new Set<string>();
  let held: Array<() => void> | undefined;
  let unavailable = opts.unavailableHistory ?? 0;
  const transport: TransportFactory = (url, handlers) => {
    const base = sim.transport(url, {
      ...handlers,
      onMessage: (text) => {
        const frame = JSON.parse(text) as Frame;
        if (opts.lose?.(frame)) return;
        if (frame.type === "res" && frame.id && historyIds.has(frame.id) && unavailable > 0) {
          unavailable -= 1;
          // As the gateway answers while its session rows initialize (chat-history-handler).
          const error = { code: "UNAVAILABLE", message: "session rows are initializing; reload the conversation", retryable: true, retryAfterMs: 250 };
          return handlers.onMessage(JSON.stringify({ type: "res", id: frame.id, ok: false, error }));
        }
        if (held && frame.type === "res" && frame.id && historyIds.has(frame.id)) held.push(() => handlers.onMessage(text));
        else handlers.onMessage(text);
      },
    });
    return {
      send: (text) => {
        const frame = JSON.parse(text) as { id?: string; method?: string };
        if (frame.method) methods.push(frame.method);
        if (frame.method === "chat.history" && frame.id) historyIds.add(frame.id);
        // A refused method reaches the gateway under a name it does not know, as on a gateway without it.
        if (frame.method && opts.refuse?.includes(frame.method)) return base.send(JSON.stringify({ ...frame, method: `${frame.method}.unknown` }));
        base.send(text);
      },
      close: (code, reason) => base.close(code, reason),
    };
  };
  const client = createGatewayClient({
    url: "sim://gateway",
    token: TOKEN,
    transport,
    random: () => 0.5,
    backoff: { baseMs: 200, maxMs: 1000 },
    clock: fakeClock,
  });
  const sessionKey = opts.sessionKey ?? "main";
  const opened = [openStore(client, sessionKey)];
  const store = opened[0]!.store;
  if (opts.connect !== false) {
    client.start();
    await until(() => store.getState().chat.loaded || store.getState().chat.error, "the first history load");
  }
  const question = (itemId: string) => store.getState().chat.questions.find((q) => q.delivery.itemId === itemId);
  return {
    sim,
    client,
    store,
    question,
    async ask(itemId) {
      sim.askAsync({ itemId, questions: [BRANCH], text: "One question:" });
      await until(() => question(itemId)?.sourceMessageId, `question ${itemId} with its saved message id`);
    },
    async startRun() {
      const runId = sim.startRun();
      await until(() => store.getState().chat.activeRunIds.includes(runId), `run ${runId} running`);
      return runId;
    },
    async settle() {
      await until(() => !store.getState().chat.runActive, "the run to end");
      await flush();
      await flush();
    },
    state: () => store.getState().chat,
    dock: () => store.getState(),
    open() {
      const more = openStore(client, sessionKey);
      opened.push(more);
      return more.store;
    },
    sent: (method) => methods.filter((m) => m === method).length,
    requests: () => [...methods],
    holdHistory(hold) {
      if (hold) {
        held ??= [];
        return;
      }
      const release = held ?? [];
      held = undefined;
      for (const deliver of release) deliver();
    },
    stop() {
      for (const { store: s, bus } of opened) {
        s.getState().actions.dispose();
        bus.close();
      }
      client.stop();
      vi.useRealTimers();
    },
  };
}
