// A running dock for one story: the simulated gateway, the real client and the real store, driven into
// the state the story shows before anything renders. No React here; dock-story.tsx puts it on screen.
import type { GatewayClient } from "../../src/gateway";
import { systemClock } from "../../src/gateway/clock";
import { createScriptedDock, type SimAskParams, type SimulatedGateway, type SimulatedGatewayOptions } from "../../src/simulated";
import { wholeStore } from "../../src/testing";
import type { TransportFactory } from "../../src/gateway/transport";
import type { DockActions, StoreState, DockStore, DockStoreOptions } from "../../src/store";
import type { StoreApi } from "zustand/vanilla";
import { createStallableTransport, type StallableTransport } from "./stallable-transport";
import { createStoryClock, type StoryClock } from "./story-clock";

const TOKEN = "story-token";
// Long enough that an answer held in flight (the Submitting story) never times out while someone looks at it.
const REQUEST_TIMEOUT_MS = 24 * 60 * 60_000;
/** How long a scenario waits for the dock to reach a state before it fails the story. @default 5000 */
export const SCENARIO_TIMEOUT_MS = 5_000;

/** The story's gateway, client and clock, as a scenario's `setup` sees them before the client starts. */
export interface StoryParts {
  sim: SimulatedGateway;
  client: GatewayClient;
  clock: StoryClock;
}

/** What a scenario's `setup` adds to its dock. */
export interface StorySetup {
  /** More store options, such as `asyncQuestions`. */
  store?: Partial<Omit<DockStoreOptions, "client" | "sessionKey">>;
  /** Runs when the dock is disposed, after its store and before its client stops. */
  dispose?: () => void;
}

/** What a story shows: the requests the agent asks, then the steps that bring the dock to the state. */
export interface DockScenario {
  /** Asked in order through the simulated gateway; unnamed ones get the ids `request-1`, `request-2`, … */
  requests?: SimAskParams[];
  /** Runs once every request has arrived in the store. */
  drive?: (dock: StoryDock) => void | Promise<void>;
  /** Wraps the simulated gateway's transport beneath the stall switch, e.g. to make the gateway refuse a request. */
  transport?: (inner: TransportFactory) => TransportFactory;
  /** Runs before the store is made: adds store options and their cleanup. */
  setup?: (parts: StoryParts) => StorySetup;
  /** Whose `question.request` rules the simulated gateway applies. @default the published gateway's */
  questionSchema?: SimulatedGatewayOptions["questionSchema"];
}

/** One story's dock and the handles a scenario drives it with. */
export interface StoryDock {
  sim: SimulatedGateway;
  client: GatewayClient;
  store: StoreApi<DockStore>;
  /** Stopped time: the countdown and expiry move only when a scenario advances it. */
  clock: StoryClock;
  link: StallableTransport;
  /** Request ids in the order they were asked. */
  ids: string[];
  /** Asks a request through the simulated gateway and resolves with its id once the dock holds it. */
  ask(request: SimAskParams): Promise<string>;
  state(): StoreState;
  actions(): DockActions;
  /** The active request's id; throws when none is active. */
  activeId(): string;
  /** Picks options of a question of the active request (toggles them in multi-select). */
  choose(questionId: string, ...labels: string[]): void;
  /** Types into a question's Other field of the active request. */
  type(questionId: string, text: string): void;
  /** Shows a step of the active request (the question count is the review step). */
  goToStep(step: number): void;
  /** Resolves once the store satisfies `check`; rejects after SCENARIO_TIMEOUT_MS, naming `what`. */
  until(check: (state: StoreState) => boolean, what: string): Promise<void>;
  /** Detaches the store and stops the client; safe to call twice. */
  dispose(): void;
}

const live = new Set<StoryDock>();

/** Resolves once `check` holds for the store's state; rejects after SCENARIO_TIMEOUT_MS, naming `what`. */
export function waitFor<T>(store: StoreApi<T>, check: (state: T) => boolean, what: string): Promise<void> {
  if (check(store.getState())) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      off();
      reject(new Error(`The story's dock never reached: ${what}`));
    }, SCENARIO_TIMEOUT_MS);
    const off = store.subscribe((state) => {
      if (!check(state)) return;
      clearTimeout(timer);
      off();
      resolve();
    });
  });
}

/**
 * Forgets what this tab kept of earlier stories. Every story asks `request-1` in conversation "main", and the
 * stories of one preview share a tab: otherwise an outcome one story kept would end the next story's request.
 */
export function forgetTabState(): void {
  if (typeof sessionStorage === "undefined") return;
  for (const key of Object.keys(sessionStorage)) if (key.startsWith("openclaw-question-dock:")) sessionStorage.removeItem(key);
}

/** Starts a dock on a fresh simulated gateway, asks the scenario's requests and drives it into its state. */
export async function createStoryDock(scenario: DockScenario = {}): Promise<StoryDock> {
  forgetTabState();
  const clock = createStoryClock();
  let link: StallableTransport | undefined;
  let extra: StorySetup = {};
  const { sim, client, store: handle } = createScriptedDock({
    token: TOKEN,
    clock,
    sim: { tickIntervalMs: 0, reply: false, ...(scenario.questionSchema ? { questionSchema: scenario.questionSchema } : {}) },
    transport: (inner) => (link = createStallableTransport(scenario.transport ? scenario.transport(inner) : inner)).transport,
    // The story's clock stands still for countdowns and expiry; reconnects after a drop or restart still run in real time.
    client: { requestTimeoutMs: REQUEST_TIMEOUT_MS, clock: systemClock },
    store: (parts) => {
      extra = scenario.setup?.({ ...parts, clock }) ?? {};
      return { typingGraceMs: 0, ...extra.store };
    },
  });
  const store = wholeStore(handle);
  let disposed = false;
  const dock: StoryDock = {
    sim,
    client,
    store,
    clock,
    link: link!,
    ids: [],
    async ask(request) {
      const { id } = sim.ask({ id: `request-${dock.ids.length + 1}`, ...request });
      dock.ids.push(id);
      await dock.until((s) => s.records.get(id) !== undefined, `request ${id} in the dock`);
      return id;
    },
    state: () => store.getState(),
    actions: () => store.getState().actions,
    activeId() {
      const id = store.getState().activeId;
      if (!id) throw new Error("No request is active in the story's dock.");
      return id;
    },
    choose(questionId, ...labels) {
      const id = dock.activeId();
      labels.forEach((label) => dock.actions().select(id, questionId, label));
    },
    type: (questionId, text) => dock.actions().setOther(dock.activeId(), questionId, text),
    goToStep: (step) => dock.actions().goToStep(dock.activeId(), step),
    until: (check, what) => waitFor(store, check, what),
    dispose() {
      if (disposed) return;
      disposed = true;
      live.delete(dock);
      store.getState().actions.dispose();
      extra.dispose?.();
      client.stop();
    },
  };
  live.add(dock);
  try {
    client.start();
    await dock.until((s) => s.connection.state === "connected", "a connection to the simulated gateway");
    for (const request of scenario.requests ?? []) await dock.ask(request);
    await scenario.drive?.(dock);
  } catch (error) {
    dock.dispose();
    throw error;
  }
  return dock;
}

/** The story dock made last and still running (tests read the gateway's records through it). */
export function lastStoryDock(): StoryDock {
  const dock = [...live].at(-1);
  if (!dock) throw new Error("No story dock is running.");
  return dock;
}

/** Disposes every story dock still running (tests call it after each story). */
export function disposeStoryDocks(): void {
  [...live].forEach((dock) => dock.dispose());
}
