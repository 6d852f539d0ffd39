// The outbox against the simulated gateway through the real client, on fake time.
import { vi } from "vitest";
import { createGatewayClient, type GatewayClient } from "../../../src/gateway";
import { createSimulatedGateway, type SimChatMessage, type SimulatedGateway, type SimulatedGatewayOptions } from "../../../src/simulated";
import { createMemoryStorage, createOutbox, createPaneBus, type AsyncDraft, type DeliveryState, type DockStorage, type OutboxOptions, type OutboxStore, type PaneBus } from "../../../src/store/outbox";
import { WAIT_LIMIT_MS } from "../../support/wait-limits";
import { chatHistory, type TestHistory } from "./chat-history";
import { withWireFaults, type WireFaults } from "./wire-faults";

export const SESSION = "agent:main:main";

// Captured before fake timers: waiting for WebCrypto (the handshake) and BroadcastChannel takes real time.
const realSetTimeout = globalThis.setTimeout;

/** Fakes the timers the client, the simulated gateway and the outbox use; leaves setImmediate (fake-indexeddb) real. */
export function useFakeTime(): void {
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "setInterval", "clearInterval", "Date"] });
}

/** Advances fake time by `stepMs` per round until `check` holds (up to WAIT_LIMIT_MS of real time, a hang guard). */
export async function until<T>(check: () => T, what: string, stepMs = 10): Promise<NonNullable<T>> {
  const started = Date.now();
  const realStart = performance.now();
  for (;;) {
    await vi.advanceTimersByTimeAsync(stepMs);
    const value = check();
    if (value) return value as NonNullable<T>;
    if (performance.now() - realStart > WAIT_LIMIT_MS) throw new Error(`timed out waiting for ${what} (fake time passed: ${Date.now() - started} ms)`);
    await new Promise((resolve) => realSetTimeout(resolve, 1));
  }
}

/** Lets fake time pass, with frames and promises settling along the way. */
export async function pass(ms: number): Promise<void> {
  await vi.advanceTimersByTimeAsync(ms);
}

export function draftFor(itemId: string, selected = ["main"]): AsyncDraft {
  return { itemId, sessionKey: SESSION, answers: [{ selected, other: "" }], edited: true, updatedAt: 0 };
}

export interface Rig {
  sim: SimulatedGateway;
  faults: WireFaults;
  client: GatewayClient;
  history: TestHistory;
  storage: DockStorage;
  bus: PaneBus;
  /** An outbox over the rig's client, history, storage and bus (each replaceable). */
  outbox(opts?: Partial<OutboxOptions>): OutboxStore;
  /** User messages in the simulated transcript. */
  userMessages(): SimChatMessage[];
  /** Waits until the client is connected again. */
  connected(): Promise<void>;
  stop(): void;
}

/** Starts a simulated gateway, a connected client with wire faults, and the pieces an outbox needs. */
export async function startRig(opts: { sim?: SimulatedGatewayOptions; storage?: DockStorage; channel?: string } = {}): Promise<Rig> {
  const sim = createSimulatedGateway({ token: "secret", tickIntervalMs: 0, replyStepMs: 10, ...opts.sim });
  const faults = withWireFaults(sim.transport);
  const client = createGatewayClient({ url: "sim://gateway", token: "secret", transport: faults.transport, random: () => 0.5, backoff: { baseMs: 100, maxMs: 400 }, requestTimeoutMs: 60_000 });
  const history = chatHistory(client, SESSION);
  const storage = opts.storage ?? createMemoryStorage();
  const bus = createPaneBus(opts.channel ?? `test-${Math.random()}`);
  const made: OutboxStore[] = [];
  const connected = async () => {
    await until(() => client.getConnection().state === "connected", "the connection");
  };
  client.start();
  await connected();
  return {
    sim,
    faults,
    client,
    history,
    storage,
    bus,
    outbox(more = {}) {
      const outbox = createOutbox({ client, sessionKey: SESSION, history, storage, bus, ...more });
      made.push(outbox);
      return outbox;
    },
    userMessages: () => sim.history(SESSION).filter((m) => m.role === "user"),
    connected,
    stop() {
      for (const outbox of made) outbox.getState().dispose();
      history.stop();
      client.stop();
      bus.close();
    },
  };
}

/** Records every distinct state the answer to `itemId` passes through. */
export function trace(outbox: OutboxStore, itemId: string): DeliveryState[] {
  const seen: DeliveryState[] = [];
  const note = () => {
    const state = Object.values(outbox.getState().entries).find((e) => e.itemId === itemId)?.state;
    if (state && seen.at(-1) !== state) seen.push(state);
  };
  outbox.subscribe(note);
  note();
  return seen;
}

/** The entry's current state. */
export function stateOf(outbox: OutboxStore, id: string): DeliveryState | undefined {
  return outbox.getState().entries[id]?.state;
}
