// A question page for one story: the simulated gateway and the real client, with a link that can stall or turn a
// request down, and the question the story's link names. No React here; the stories render `QuestionPage`.
import { systemClock, type GatewayClient } from "../../src/gateway";
import { createMemoryStorage, type DockStorage } from "../../src/store";
import { createScriptedDock, type SimulatedGateway } from "../../src/simulated";
import { createRefusingTransport, type RefusingTransport } from "./refusing-transport";
import { createStallableTransport, type StallableTransport } from "./stallable-transport";
import { createStoryClock, type StoryClock } from "./story-clock";
import { forgetTabState } from "./story-dock";

/** What a question page story runs on. */
export interface PageStory {
  sim: SimulatedGateway;
  client: GatewayClient;
  /** Makes the gateway turn the next request of a method down. */
  refusing: RefusingTransport;
  /** Stops the client's frames from arriving until resumed. */
  stallable: StallableTransport;
  questionId: string;
  draftStorage: DockStorage;
  /** The gateway's and the page's time: it stands still unless the story moves it. */
  clock: StoryClock;
  dispose(): void;
}

/** Connects a fresh page story; `ask` puts the story's question on the gateway and names the link's id. */
export async function createPageStory(ask: (sim: SimulatedGateway) => string): Promise<PageStory> {
  forgetTabState();
  let refusing: RefusingTransport | undefined;
  let stallable: StallableTransport | undefined;
  const clock = createStoryClock();
  const dock = createScriptedDock({
    token: "page-story",
    clock,
    // Reconnects after a drop still run in real time.
    client: { clock: systemClock },
    sim: { tickIntervalMs: 0 },
    store: false,
    transport: (inner) => (stallable = createStallableTransport((refusing = createRefusingTransport(inner)).transport)).transport,
  });
  await dock.connect();
  return { sim: dock.sim, client: dock.client, refusing: refusing!, stallable: stallable!, questionId: ask(dock.sim), draftStorage: createMemoryStorage(), clock, dispose: () => dock.dispose() };
}
