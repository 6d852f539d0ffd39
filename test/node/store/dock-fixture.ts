// A dock store wired as an app wires it: the simulated gateway, the real client over the sim's
// transport, and the real store, all on one fake clock. Not a test file; the store tests share it.
import { vi } from "vitest";
import type { GatewayClient } from "../../../src/gateway";
import { createScriptedDock, type SimAskParams, type SimulatedGateway } from "../../../src/simulated";
import type { TransportFactory } from "../../../src/gateway/transport";
import type { QuestionRecord } from "../../../src/protocol";
import { wholeStore } from "../../../src/testing";
import type { openStore, DockActions, StoreState, DockStoreOptions } from "../../../src/store";
import { fakeClock, flush, until } from "../fake-clock";

/** The token the simulated gateway requires. */
export const TOKEN = "store-test-token";
/** The fake clock's start: a fixed instant, so createdAtMs ties are reproducible. */
export const START = Date.UTC(2026, 8, 1, 9, 0, 0);

export { CHECKS, REGION, TARGET } from "../../support/questions";

/** A frame as the client receives it, for deciding which ones a lossy network drops. */
export interface WireFrame {
  type?: string;
  event?: string;
  payload?: { id?: string; [key: string]: unknown };
  error?: { details?: { reason?: string } };
  [key: string]: unknown;
}

/** How to set up a fixture; store options pass through. */
export interface FixtureOptions extends Partial<Omit<DockStoreOptions, "client">> {
  /** Delay of every simulated frame, so a drop can fall between a request and its reply. @default 0 */
  latencyMs?: number;
  /** Drops incoming frames for which this returns true, like a network losing them. */
  lose?: (frame: WireFrame) => boolean;
  /** Connect before returning. @default true */
  connect?: boolean;
  /** The simulated gateway's `mainSessionKey`. */
  mainSessionKey?: string;
  /** The token the client presents. @default TOKEN */
  clientToken?: string;
}

/** A running dock store on the simulated gateway. */
export interface DockFixture {
  sim: SimulatedGateway;
  client: GatewayClient;
  store: ReturnType<typeof openStore>;
  state(): StoreState;
  actions: DockActions;
  /** How many requests of `method` the client put on the wire. */
  sent(method: string): number;
  /** Every frame the client received, parsed, in order. */
  received: WireFrame[];
  /** Asks through the gateway and waits until the store holds the request. */
  ask(params: SimAskParams): Promise<string>;
  /** What the gateway currently remembers about a request. */
  gatewayRecord(id: string): QuestionRecord | undefined;
  stop(): void;
}

export { fakeClock, flush, until };

function wire(base: TransportFactory, methods: string[], received: WireFrame[], lose: (frame: WireFrame) => boolean): TransportFactory {
  return (url, handlers) => {
    const transport = base(url, {
      ...handlers,
      onMessage: (text) => {
        const frame = JSON.parse(text) as WireFrame;
        if (lose(frame)) return;
        received.push(frame);
        handlers.onMessage(text);
      },
    });
    return {
      send: (text) => {
        const frame = JSON.parse(text) as { method?: string };
        if (frame.method) methods.push(frame.method);
        transport.send(text);
      },
      close: (code, reason) => transport.close(code, reason),
    };
  };
}

/** Fakes the timers, starts the sim, a client and a store, and (by default) waits until connected. */
export async function startDock(opts: FixtureOptions = {}): Promise<DockFixture> {
  vi.useFakeTimers({ now: START });
  const { latencyMs, lose, connect = true, mainSessionKey, clientToken = TOKEN, ...storeOptions } = opts;
  const methods: string[] = [];
  const received: WireFrame[] = [];
  const dock = createScriptedDock({
    token: TOKEN,
    clock: fakeClock,
    sim: { tickIntervalMs: 0, ...(latencyMs ? { latencyMs } : {}), ...(mainSessionKey ? { mainSessionKey } : {}) },
    transport: (inner) => wire(inner, methods, received, lose ?? (() => false)),
    // Half the jitter window: retries are prompt but never a zero-delay loop while the sim is offline.
    client: { token: clientToken, random: () => 0.5, backoff: { baseMs: 200, maxMs: 1000 } },
    store: { typingGraceMs: 0, ...storeOptions },
  });
  const { sim, client } = dock;
  const store = wholeStore(dock.store);
  if (connect) {
    client.start();
    await until(() => store.getState().connection.state === "connected", "the first connection", latencyMs ?? 0);
  }
  return {
    sim,
    client,
    store,
    state: () => store.getState(),
    get actions() {
      return store.getState().actions;
    },
    sent: (method) => methods.filter((m) => m === method).length,
    received,
    async ask(params) {
      const record = sim.ask(params);
      await until(() => store.getState().records.get(record.id), `request ${record.id} in the store`, latencyMs ?? 0);
      return record.id;
    },
    gatewayRecord: (id) => sim.records().find((r) => r.id === id),
    stop() {
      store.getState().actions.dispose();
      client.stop();
      vi.useRealTimers();
    },
  };
}
