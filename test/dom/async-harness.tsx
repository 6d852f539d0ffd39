// A dock that takes async (Codex) questions as well as blocking ones: a scripted dock whose store reads the
// conversation through services on the dock's own client. The async dom tests share it, so each one states only
// what it changes (storage, store options, a watched transport) and how it renders.
import { render } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { vi } from "vitest";
import { DockLayout, QuestionDock, QuestionDockProvider, QuestionSummaryList, type QuestionDockProviderProps } from "../../src";
import type { GatewayClient } from "../../src/gateway";
import { createScriptedDock, storeReaches, type ScriptedDockOptions, type ScriptedStoreOptions, type SimulatedGateway } from "../../src/simulated";
import { createMemoryStorage, createPaneBus, openStore, type DockStorage } from "../../src/store";
import { wholeStore } from "../../src/testing";
import { asyncQuestionsFeature } from "../../src/features/async-questions";

type DockStoreApi = ReturnType<typeof openStore>;

/** How to build an async dock; each default is what most async tests want. */
export interface AsyncDockOptions {
  /** Where answers and drafts persist, shared by every page of the dock. @default a fresh memory storage */
  storage?: DockStorage;
  /** More store options, beside the async services (e.g. blocking drafts). */
  store?: ScriptedStoreOptions;
  /** Wraps the simulator's transport, e.g. to watch what the client sends. */
  transport?: ScriptedDockOptions["transport"];
}

/** A simulated gateway, its client, and the page currently open on them. */
export interface AsyncDock {
  sim: SimulatedGateway;
  client: GatewayClient;
  storage: DockStorage;
  /** The open page's store; a reload replaces it. */
  readonly store: DockStoreApi;
  /** Starts the client and resolves once it is connected. */
  connect(): Promise<void>;
  /** Closes the open page and opens another on the same client and storage, as a reload of the page does. */
  reload(): void;
  /** The store a second pane of the same page shows: one store per conversation, so the open page's own. */
  addPane(): DockStoreApi;
  /** Closes the open page and its panes and stops the client. */
  dispose(): void;
}

/** Builds an async dock on a fresh simulated gateway; nothing connects until `connect()`, and the timers stay as they are. */
export function createAsyncDock(opts: AsyncDockOptions = {}): AsyncDock {
  const storage = opts.storage ?? createMemoryStorage();
  // One channel for the dock's pages, as an app's tabs share one; each page holds its own end of it.
  const channel = `async-dock-${Math.random()}`;
  let bus = createPaneBus(channel);
  const storeOptions = (): ScriptedStoreOptions => ({ typingGraceMs: 0, asyncQuestions: asyncQuestionsFeature({ storage, bus }), ...opts.store });
  const scripted = createScriptedDock({
    sim: { tickIntervalMs: 0, reply: false },
    ...(opts.transport ? { transport: opts.transport } : {}),
    store: () => storeOptions(),
  });
  let store: DockStoreApi = wholeStore(scripted.store);
  // The store is disposed here rather than by the scripted dock, which would dispose its first store again after a reload.
  const closePage = () => {
    store.getState().actions.dispose();
    bus.close();
  };
  return {
    sim: scripted.sim,
    client: scripted.client,
    storage,
    get store() {
      return store;
    },
    connect: () => scripted.connect(),
    reload() {
      closePage();
      bus = createPaneBus(channel);
      store = openStore({ client: scripted.client, sessionKey: "main", ...storeOptions() });
    },
    addPane: () => store,
    dispose() {
      closePage();
      scripted.client.stop();
    },
  };
}

/** An async dock on fake timers that advance with real time, connected, with a user-event session on those timers. */
export interface StartedAsyncDock extends AsyncDock {
  user: ReturnType<typeof userEvent.setup>;
  /** Disposes the dock and puts the real timers back; call it after the test. */
  stop(): void;
}

/** Fakes the timers, builds an async dock and waits until its client is connected. */
export async function startAsyncDock(opts: AsyncDockOptions = {}): Promise<StartedAsyncDock> {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  const dock = createAsyncDock(opts);
  await dock.connect();
  // Connected as the dock sees it, not just the client: the tests' first steps read the store.
  await storeReaches(dock.store, (s) => s.connection.state === "connected");
  return Object.assign(dock, {
    user: userEvent.setup({ advanceTimers: vi.advanceTimersByTime }),
    stop() {
      dock.dispose();
      vi.useRealTimers();
    },
  });
}

/** Which words a pane speaks, whether it shows the transcript's summaries above the dock, and its name if any. */
export interface PaneOptions extends Pick<QuestionDockProviderProps, "locale" | "messages"> {
  /** @default true */
  transcript?: boolean;
  /** Puts the pane in a region of this name, to tell the panes of a page apart. */
  name?: string;
}

/** Renders a store as a chat page does: the summaries in the transcript, the dock, then a composer. */
export function renderPane(store: DockStoreApi, { transcript = true, name, ...words }: PaneOptions = {}) {
  const pane = (
    <QuestionDockProvider store={store} {...words}>
      <DockLayout {...(transcript ? { transcript: <QuestionSummaryList /> } : {})} dock={<QuestionDock layout="stepper" />} composer={<textarea aria-label="Message" />} />
    </QuestionDockProvider>
  );
  return render(name === undefined ? pane : <section aria-label={name}>{pane}</section>);
}
