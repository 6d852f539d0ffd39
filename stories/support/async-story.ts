// A story dock with async (Codex) questions and the answer outbox switched on: the same running dock as
// story-dock.ts, plus the conversation and outbox behind async questions, and a gateway that can refuse.
import type { SimAskAsyncParams } from "../../src/simulated";
import { asyncRequestId, blockingDraftsFeature, createMemoryStorage, createPaneBus, type DockStorage, type OutboxEntry } from "../../src/store";
import { createRefusingTransport, type RefusingTransport } from "./refusing-transport";
import { createStoryDock, type StoryDock } from "./story-dock";
import { asyncQuestionsFeature } from "../../src/features/async-questions";

// As long as the client's own request timeout: an answer held in flight stays "Sending answer" while someone looks.
const SEND_TIMEOUT_MS = 24 * 60 * 60_000;

/** Where an answer stands as the summary words it: an outbox state, or "waiting" (queued until a reconnect). */
export type AnswerStage = OutboxEntry["state"] | "waiting";

/** A story dock whose conversation has async questions and an answer outbox. */
export interface AsyncStoryDock extends StoryDock {
  /** Where the story keeps drafts and answers. */
  storage: DockStorage;
  /** Makes the gateway turn down the client's next request of a method. */
  refusals: RefusingTransport;
  /** Posts async questions through the simulated gateway; resolves with their request id once the dock holds them. */
  askAsync(params: SimAskAsyncParams): Promise<string>;
  /** Starts an agent run and resolves once the conversation sees the agent busy; returns the run id. */
  startRun(): Promise<string>;
  /** The outbox entry of the answer to an async request, once it was submitted. */
  answerOf(requestId: string): OutboxEntry | undefined;
  /** Resolves once the answer to `requestId` reaches `stage`. */
  untilAnswer(requestId: string, stage: AnswerStage): Promise<void>;
}

/** What an async story shows: the async questions the agent posts, then the steps that bring the dock to the state. */
export interface AsyncScenario {
  /** Posted in order, each as one assistant message; unnamed ones get the item ids `item-1`, `item-2`, … */
  asks?: SimAskAsyncParams[];
  /** Runs once every async question is in the dock. */
  drive?: (dock: AsyncStoryDock) => void | Promise<void>;
}

let latest: AsyncStoryDock | undefined;
let channels = 0;

function stageOf(entry: OutboxEntry | undefined): AnswerStage | undefined {
  if (!entry) return undefined;
  return entry.state === "queued" && entry.isPaused ? "waiting" : entry.state;
}

/** Starts a story dock with async questions, posts the scenario's questions and drives it into its state. */
export async function createAsyncStoryDock(scenario: AsyncScenario = {}): Promise<AsyncStoryDock> {
  let refusals: RefusingTransport | undefined;
  const storage = createMemoryStorage();
  const extend = (base: StoryDock): AsyncStoryDock => {
    if (!refusals) throw new Error("The async story dock was not set up.");
    let asked = 0;
    const dock: AsyncStoryDock = Object.assign(base, {
      storage,
      refusals,
      async askAsync(params: SimAskAsyncParams) {
        const { itemId } = base.sim.askAsync({ itemId: `item-${++asked}`, ...params });
        const id = asyncRequestId(itemId);
        await base.until((s) => s.records.get(id) !== undefined, `async question ${itemId} in the dock`);
        return id;
      },
      async startRun() {
        const runId = base.sim.startRun();
        await base.until((s) => s.chat.runActive, "a busy agent");
        return runId;
      },
      answerOf(requestId: string) {
        const outboxId = base.state().outcomes.get(requestId)?.async?.outboxId;
        return outboxId === undefined ? undefined : base.state().outbox.entries[outboxId];
      },
      untilAnswer: (requestId: string, stage: AnswerStage) => base.until(() => stageOf(dock.answerOf(requestId)) === stage, `an answer ${stage}`),
    });
    return dock;
  };
  const base = await createStoryDock({
    transport: (inner) => (refusals = createRefusingTransport(inner)).transport,
    setup: () => {
      // Each story its own channel, so stories never hear each other's panes.
      const bus = createPaneBus(`story-async-${++channels}-${Math.random().toString(36).slice(2)}`);
      return {
        // Blocking drafts stay in this story too: memory, and the story's own channel.
        store: { asyncQuestions: asyncQuestionsFeature({ storage, bus, sendTimeoutMs: SEND_TIMEOUT_MS }), blockingDrafts: blockingDraftsFeature({ storage: createMemoryStorage(), bus }) },
        dispose: () => bus.close(),
      };
    },
    drive: async (d) => {
      const dock = extend(d);
      latest = dock;
      for (const params of scenario.asks ?? []) await dock.askAsync(params);
      await scenario.drive?.(dock);
    },
  });
  return base as AsyncStoryDock;
}

/** A loader that starts the story's async dock; Storybook hands it to the story as `loaded.dock`. */
export function asyncDockLoader(scenario: AsyncScenario = {}) {
  return async () => ({ dock: await createAsyncStoryDock(scenario) });
}

/** The async story dock made last (tests read the gateway's transcript through it). */
export function lastAsyncStoryDock(): AsyncStoryDock {
  if (!latest) throw new Error("No async story dock was made yet.");
  return latest;
}
