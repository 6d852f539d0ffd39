import { createStore, type StoreApi } from "zustand/vanilla";
import type { DockContext, DockStoreOptions, StoreEvent } from "./dock-context";
import { createDockActions } from "./dock-actions";
import { emptyDockState } from "./dock/empty-state";
import { createMachine } from "./machine";
import { dockReducer } from "./dock/dock-reducer";
import { createGatewaySync } from "./links/gateway-sync";
import { createKeptOutcomes } from "./persist/kept-outcomes";
import { featureReducer, featureStarter, noteFeatureViews } from "./opt-in/attach";
import { newResolverId } from "./dock/outcomes";
import { createSentLedger, tabResolverId } from "./persist/sent-ledger";
import { restoreOnLoad } from "./persist/restore-on-load";
import { DEFAULT_TYPING_GRACE_MS } from "./dock/priority";
import { systemClock } from "../gateway/clock";
import type { DockStore } from "./dock/types";

// The package entry names the options beside the factory that takes them.
export type { DockStoreOptions } from "./dock-context";

// Every dock of a tab answers as one resolver, so a remounted dock, a session switch or a reload still knows its own answers.
const PAGE_RESOLVER_ID = tabResolverId(() => newResolverId());

/** Creates one dock's store: a live mirror of the session's pending questions plus the person's drafts. */
export function createQuestionDockStore(opts: DockStoreOptions): StoreApi<DockStore> {
  // Opt-in parts come in as tokens from their factories (opt-in/, src/features/), so a dock without them loads none of their code.
  const startAsync = opts.asyncQuestions ? featureStarter("asyncQuestions", opts.asyncQuestions) : undefined;
  const startDrafts = opts.blockingDrafts ? featureStarter("blockingDrafts", opts.blockingDrafts) : undefined;
  const clock = opts.clock ?? systemClock;
  const options = {
    client: opts.client,
    sessionKey: opts.sessionKey,
    now: () => clock.now(),
    timers: clock,
    typingGraceMs: opts.typingGraceMs ?? DEFAULT_TYPING_GRACE_MS,
    showSessionless: opts.showSessionless ?? false,
    resolverId: opts.resolverId ?? PAGE_RESOLVER_ID,
  };
  const initial = emptyDockState(opts.sessionKey, opts.client.getConnection());
  // Actions need the store's own set/get, so the store is made first and the actions attached after.
  const store = createStore<DockStore>()(() => ({ ...initial, actions: undefined as unknown as DockStore["actions"] }));
  // The async feature owns the conversation's and the outbox's events; the dock's reducer ignores them.
  const asyncReduce = opts.asyncQuestions ? featureReducer(opts.asyncQuestions) : undefined;
  const reduce = (s: DockStore, e: StoreEvent): DockStore => (asyncReduce ? asyncReduce(dockReducer(s, e), e) : dockReducer(s, e));
  const ctx: DockContext = { options, ...createMachine<DockStore, StoreEvent>(store, reduce), sent: createSentLedger(opts.sessionKey), kept: createKeptOutcomes(opts.sessionKey) };
  const sync = createGatewaySync(ctx);
  const restore = restoreOnLoad(ctx);
  const asyncLink = startAsync?.(ctx, sync);
  // Without a choice of its own, a dock keeps blocking drafts as its async questions say (kept, by default).
  const draftsFeature = opts.blockingDrafts === false ? undefined : (opts.blockingDrafts ?? asyncLink?.defaultBlockingDrafts);
  const draftsLink = (startDrafts ?? (draftsFeature && featureStarter("blockingDrafts", draftsFeature)))?.(ctx, sync);
  restore.drafts({ ...draftsLink?.restore, ...asyncLink?.restore });
  const actions = createDockActions(ctx, sync, asyncLink?.asyncSync);
  const dispose = actions.dispose;
  actions.dispose = () => {
    restore.stop();
    asyncLink?.dispose();
    draftsLink?.dispose();
    dispose();
  };
  store.setState({ actions });
  noteFeatureViews(store, [opts.asyncQuestions, draftsFeature].filter((f) => f !== undefined));
  for (const record of opts.initialRecords ?? []) sync.receive(record, "initial");
  return store;
}
