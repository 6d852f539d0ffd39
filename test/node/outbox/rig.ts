// Stores with async questions on the simulated gateway, through the real client, on fake time. Each page is a real
// store (`openStore` with the async feature) with its own end of one pane-bus channel, over one storage;
// another tab is another client (the same device) on the same gateway, channel and storage. Every client's wire can
// be made to fail (wire-faults.ts). Not a test file.
import { vi } from "vitest";
import type { StoreApi } from "zustand/vanilla";
import { createGatewayClient, createMemoryKeyStore, type GatewayClient } from "../../../src/gateway";
import { createSimulatedGateway, type SimAsyncQuestion, type SimChatMessage, type SimulatedGateway, type SimulatedGatewayOptions } from "../../../src/simulated";
import { createMemoryStorage, createPaneBus, openStore, entryForItem, storageScope, type DeliveryState, type DockStorage, type DockStore, type OutboxEntry, type PaneBus } from "../../../src/store";
import { createAsyncQuestionsFeature } from "../../../src/store/opt-in/factories";
import type { AsyncQuestionsOptions } from "../../../src/store/context";
import { keptEntries } from "../../support/kept";
import { WAIT_LIMIT_MS } from "../../support/wait-limits";
import { withWireFaults, type WireFaults } from "./wire-faults";

export const SESSION = "agent:main:main";
export const BRANCH: SimAsyncQuestion = { title: "Which branch?", options: ["main", "dev"] };
/** The text an answer of `label` to BRANCH is sent as. */
export const branchAnswer = (label: string) => `> Which branch?\n\n${label}`;

export type DockStoreApi = StoreApi<DockStore>;

// Captured before fake timers: waiting for WebCrypto (the handshake) and BroadcastChannel takes real time.
const realSetTimeout = globalThis.setTimeout;

/** Fakes the timers the client, the simulated gateway and the store use; leaves setImmediate (fake-indexeddb) real. */
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

/** How a page's store is made: the outbox's timing and ids, and the conversation it shows. */
export type PageOptions = Pick<AsyncQuestionsOptions, "sendTimeoutMs" | "confirmDelaysMs" | "newId"> & { sessionKey?: string };

/** One client of the gateway (one tab) and the pages opened on it. */
export interface Tab {
  client: GatewayClient;
  faults: WireFaults;
  /** Opens a page: a store with async questions on this tab's client, with its own end of the rig's channel. */
  page(opts?: PageOptions): DockStoreApi;
  /** Waits until the client is connected again. */
  connected(): Promise<void>;
}

export interface Rig extends Tab {
  sim: SimulatedGateway;
  storage: DockStorage;
  channel: string;
  /** Another tab of the same browser: a client with the same device key, the same storage and channel. */
  tab(): Promise<Tab>;
  /** Closes a page, as leaving or reloading it does; its store keeps its last state. */
  close(store: DockStoreApi): void;
  /** Whose conversation the rig's pages show, as storage keys and bus messages name it. */
  scope(): string;
  /** Posts an async question, as the Codex plugin saves one. */
  ask(itemId: string, opts?: { runId?: string; questions?: SimAsyncQuestion[] }): void;
  /** Starts an agent run and waits until every open page sees it going. */
  busyRun(): Promise<string>;
  /** User messages in the simulated transcript. */
  userMessages(): SimChatMessage[];
  /** The idempotency keys of every chat.send any tab sent, oldest first. */
  sendKeys(): string[];
  /** How many chat.history requests any tab sent. */
  historyReads(): number;
  /** Resolves once every storage call made so far has settled. */
  saved(): Promise<void>;
  /** The outbox entries in storage, once the writes issued so far have settled. */
  kept(): Promise<OutboxEntry[]>;
  stop(): void;
}

/** The request id of an async question in the dock. */
export const requestOf = (itemId: string) => `async:${itemId}`;

/** The outbox entry with this id, as the page shows it. */
export const entryOf = (store: DockStoreApi, id: string): OutboxEntry | undefined => store.getState().outbox.entries[id];

/** The entry's current state. */
export const stateOf = (store: DockStoreApi, id: string): DeliveryState | undefined => entryOf(store, id)?.state;

/** Waits until the page shows the async question `itemId` in its dock. */
export async function inDock(store: DockStoreApi, itemId: string): Promise<string> {
  const rid = requestOf(itemId);
  return until(() => (store.getState().records.has(rid) ? rid : undefined), `question ${itemId} in the dock`);
}

/**
 * Answers the async question `itemId` in the page's dock, as a person does: picks `label` (or types `other`) and
 * submits. Returns the outbox entry the answer became.
 */
export async function answer(store: DockStoreApi, itemId: string, choice: { label: string } | { other: string } = { label: "main" }): Promise<OutboxEntry> {
  const rid = await inDock(store, itemId);
  const { actions } = store.getState();
  if ("label" in choice) actions.select(rid, "q0", choice.label);
  else actions.setOther(rid, "q0", choice.other);
  await actions.submit(rid);
  const entry = entryForItem(store.getState().outbox, itemId);
  if (!entry) throw new Error(`the answer to ${itemId} is not in the outbox`);
  return entry;
}

/** Records every distinct state the answer to `itemId` passes through in a page. */
export function trace(store: DockStoreApi, itemId: string): DeliveryState[] {
  const seen: DeliveryState[] = [];
  const note = () => {
    const state = entryForItem(store.getState().outbox, itemId)?.state;
    if (state && seen.at(-1) !== state) seen.push(state);
  };
  store.subscribe(note);
  note();
  return seen;
}

export interface RigOptions {
  sim?: SimulatedGatewayOptions;
  storage?: DockStorage;
  /** Follow the session's saved rows live. false: the gateway refuses the subscription, so the pages learn of saved rows only by reading the history. @default true */
  feed?: boolean;
}

/** Starts a simulated gateway and a connected client with wire faults: the first tab, on which pages open. */
export async function startRig(opts: RigOptions = {}): Promise<Rig> {
  const sim = createSimulatedGateway({ token: "secret", tickIntervalMs: 0, replyStepMs: 10, ...opts.sim });
  const given = opts.storage ?? createMemoryStorage();
  // Every call is counted while it runs, so a test can wait for the writes a page issued without guessing how long they take.
  let busy = 0;
  const counted =
    <A extends unknown[], R>(call: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      busy += 1;
      try {
        return await call(...args);
      } finally {
        busy -= 1;
      }
    };
  const storage: DockStorage = { list: counted((p) => given.list(p)), put: counted((k, v) => given.put(k, v)), remove: counted((k) => given.remove(k)) };
  const saved = async () => {
    await pass(0);
    await until(() => busy === 0, "the storage writes", 0);
  };
  const channel = `test-${Math.random()}`;
  // The device key lives in the browser, so every tab connects as the same device.
  const keyStore = createMemoryKeyStore();
  const tabs: Tab[] = [];
  const pages = new Map<DockStoreApi, PaneBus>();

  const openTab = async (): Promise<Tab> => {
    const faults = withWireFaults(sim.transport);
    if (opts.feed === false) faults.refuse("sessions.messages.subscribe", { code: "INVALID_REQUEST", message: "unknown method: sessions.messages.subscribe" });
    const client = createGatewayClient({ url: "sim://gateway", token: "secret", transport: faults.transport, keyStore, random: () => 0.5, backoff: { baseMs: 100, maxMs: 400 }, requestTimeoutMs: 60_000 });
    const connected = async () => {
      await until(() => client.getConnection().state === "connected", "the connection");
    };
    const tab: Tab = {
      client,
      faults,
      connected,
      page(more = {}) {
        const { sessionKey = SESSION, ...outbox } = more;
        const bus = createPaneBus(channel);
        const store = openStore({ client, sessionKey, typingGraceMs: 0, asyncQuestions: createAsyncQuestionsFeature({ storage, bus, ...outbox }) });
        pages.set(store, bus);
        return store;
      },
    };
    tabs.push(tab);
    client.start();
    await connected();
    return tab;
  };

  const first = await openTab();
  const close = (store: DockStoreApi) => {
    store.getState().actions.dispose();
    pages.get(store)?.close();
    pages.delete(store);
  };

  return {
    ...first,
    sim,
    storage,
    channel,
    tab: openTab,
    close,
    scope: () => storageScope(first.client.getConnection().identity!, SESSION),
    ask: (itemId, more = {}) => void sim.askAsync({ itemId, sessionKey: SESSION, questions: more.questions ?? [BRANCH], ...(more.runId ? { runId: more.runId } : {}) }),
    async busyRun() {
      const runId = sim.startRun({ sessionKey: SESSION });
      await until(() => [...pages.keys()].every((s) => s.getState().chat.activeRunIds.includes(runId)), "the run to be seen");
      return runId;
    },
    userMessages: () => sim.history(SESSION).filter((m) => m.role === "user"),
    sendKeys: () => tabs.flatMap((t) => t.faults.requests("chat.send")).map((r) => r.params.idempotencyKey as string),
    historyReads: () => tabs.reduce((n, t) => n + t.faults.requests("chat.history").length, 0),
    saved,
    async kept() {
      await saved();
      return keptEntries(given, SESSION);
    },
    stop() {
      for (const store of [...pages.keys()]) close(store);
      for (const tab of tabs) tab.client.stop();
    },
  };
}
