// A dock on the simulated gateway, wired the way an app wires one: the simulator, the real client over the
// simulator's transport, and the real store, all on one clock. Stories, tests, the bench and the playground
// each used to assemble these three by hand; this is the one place that does it.
import { createGatewayClient } from "../gateway/client";
import type { GatewayClient, GatewayClientOptions } from "../gateway/connection";
import type { TransportFactory } from "../gateway/transport";
import { openStore } from "../store/create-store";
import { chatRepliesFeature } from "../store/opt-in/chat-replies";
import type { DockStoreOptions } from "../store/context";
import type { QuestionRecord } from "../protocol/question-record";
import type { DockActions, DockState, QuestionDockStore } from "../store/dock/state";
import type { StoreApi } from "zustand/vanilla";
import type { SimClock } from "./sim-clock";
import type { SimAskParams, SimulatedGateway, SimulatedGatewayOptions } from "./sim-gateway-types";
import { createSimulatedGateway } from "./simulated-gateway";

/** How to build a scripted dock; every part can be tuned, and each default is what a story wants. */
export interface ScriptedDockOptions {
  /** The shared token of the simulator and the client. @default "scripted" */
  token?: string;
  /** One time source for the simulator, the client and the store, e.g. fake timers. @default the real clock */
  clock?: SimClock;
  /** More simulator options (latency, replies, persistence, …). */
  sim?: Omit<SimulatedGatewayOptions, "token" | "clock">;
  /** A simulator already running (its own token and clock stay), e.g. for the page a reload opens on the same gateway. */
  gateway?: SimulatedGateway;
  /** Wraps the simulator's transport, e.g. to drop, delay or watch frames. */
  transport?: (inner: TransportFactory) => TransportFactory;
  /** More client options (request timeout, backoff, a token other than the simulator's, timers other than `clock`, …). */
  client?: Partial<Omit<GatewayClientOptions, "url" | "transport">>;
  /** The dock's conversation. @default "main" */
  sessionKey?: string;
  /**
   * More store options, or a function that makes them from the simulator and client (e.g. async services on the
   * client); `false` makes no store (a host that makes one per session, like the playground).
   */
  store?: ScriptedStoreOptions | ((parts: { sim: SimulatedGateway; client: GatewayClient }) => ScriptedStoreOptions) | false;
}

/** Store options a scripted dock passes on; the client and conversation are its own, the clock its own unless named. */
export type ScriptedStoreOptions = Partial<Omit<DockStoreOptions, "client" | "sessionKey">> & {
  /** Records to show before the first connect (stories, tests); they are checked again on connect. */
  initialRecords?: QuestionRecord[];
};

/** The simulator, the client and (unless turned off) the store of a scripted dock. */
export interface ScriptedDock<S extends QuestionDockStore | undefined = QuestionDockStore> {
  sim: SimulatedGateway;
  client: GatewayClient;
  store: S;
  /** Starts the client and resolves once it is connected. */
  connect(): Promise<void>;
  /** Asks through the simulator and resolves with the id once the store holds the request. */
  ask(params: SimAskParams): Promise<string>;
  /** What the simulator currently remembers about a request. */
  gatewayRecord(id: string): ReturnType<SimulatedGateway["records"]>[number] | undefined;
  state(): DockState;
  actions(): DockActions;
  /** Detaches the store and stops the client; safe to call twice. */
  dispose(): void;
}

/** Resolves once `check` holds for the store; checked on every change, so it works with real and fake timers alike. */
export function storeReaches<T>(store: Pick<StoreApi<T>, "getState" | "subscribe">, check: (state: T) => boolean): Promise<void> {
  if (check(store.getState())) return Promise.resolve();
  return new Promise((resolve) => {
    const off = store.subscribe((state) => {
      if (!check(state)) return;
      off();
      resolve();
    });
  });
}

/** Builds a dock on a fresh simulated gateway (or the one given); nothing connects until `connect()`. */
export function createScriptedDock(options: ScriptedDockOptions & { store: false }): ScriptedDock<undefined>;
export function createScriptedDock(options?: ScriptedDockOptions): ScriptedDock;
export function createScriptedDock(options: ScriptedDockOptions = {}): ScriptedDock<QuestionDockStore | undefined> {
  const token = options.token ?? "scripted";
  const clock = options.clock;
  const sim = options.gateway ?? createSimulatedGateway({ token, ...options.sim, ...(clock ? { clock } : {}) });
  const transport = options.transport ? options.transport(sim.transport) : sim.transport;
  const client = createGatewayClient({
    url: "sim://scripted",
    token,
    transport,
    ...(clock ? { clock } : {}),
    ...options.client,
  });
  const store =
    options.store === false
      ? undefined
      : (() => {
          const { initialRecords = [], ...given } = (typeof options.store === "function" ? options.store({ sim, client }) : options.store) ?? {};
          // The dock's clock unless the store options name their own (e.g. one that counts its timers); chat replies
          // as a composer's host has them.
          const base = { client, sessionKey: options.sessionKey ?? "main", chatReplies: chatRepliesFeature() };
          return openStore({ ...base, ...(clock ? { clock } : {}), ...given }, initialRecords);
        })();
  const need = () => {
    if (!store) throw new Error("This scripted dock was made with `store: false`.");
    return store;
  };
  let disposed = false;
  return {
    sim,
    client,
    store,
    async connect() {
      client.start();
      await new Promise<void>((resolve) => {
        const off = client.subscribeConnection((info) => {
          if (info.state !== "connected") return;
          off();
          resolve();
        });
      });
    },
    async ask(params) {
      const { id } = sim.ask(params);
      await storeReaches(need(), (s) => s.records.get(id) !== undefined || s.outcomes.has(id));
      return id;
    },
    gatewayRecord: (id) => sim.records().find((r) => r.id === id),
    state: () => need().getState(),
    actions: () => need().getState().actions,
    dispose() {
      if (disposed) return;
      disposed = true;
      store?.getState().actions.dispose();
      client.stop();
    },
  };
}
