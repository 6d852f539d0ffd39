import { createStore, type StoreApi } from "zustand/vanilla";
import { createAsyncSync } from "./links/async-sync";
import { createIndexedDbBlockingDraftStorage, createMemoryBlockingDraftStorage } from "./persist/blocking-draft-storage";
import { createBlockingDrafts } from "./links/blocking-drafts";
import type { BlockingDraftServices, DockContext, DockStoreOptions } from "./dock-context";
import { createDockActions } from "./dock-actions";
import { emptyDockState } from "./dock/empty-state";
import { createDockDispatch } from "./dock-dispatch";
import { createGatewaySync } from "./links/gateway-sync";
import { createHistoryOutcomes } from "./links/history-outcomes";
import { createKeptOutcomes } from "./persist/kept-outcomes";
import { createPaneBus } from "./outbox/pane-bus";
import { newResolverId } from "./dock/outcomes";
import { createSentLedger, tabResolverId } from "./persist/sent-ledger";
import { restoreOnLoad } from "./persist/restore-on-load";
import { DEFAULT_TYPING_GRACE_MS } from "./dock/priority";
import { systemClock } from "../gateway/clock";
import type { PaneBus } from "./outbox/types";
import type { DockStore } from "./dock/types";

// The package entry names the options beside the factory that takes them.
export type { DockStoreOptions } from "./dock-context";

// Every dock of a tab answers as one resolver, so a remounted dock, a session switch or a reload still knows its own answers.
const PAGE_RESOLVER_ID = tabResolverId(() => newResolverId());

/** Creates one dock's store: a live mirror of the session's pending questions plus the person's drafts. */
export function createQuestionDockStore(opts: DockStoreOptions): StoreApi<DockStore> {
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
  const ctx: DockContext = { options, ...createDockDispatch(store), sent: createSentLedger(opts.sessionKey), kept: createKeptOutcomes(opts.sessionKey) };
  const sync = createGatewaySync(ctx);
  const restore = restoreOnLoad(ctx);
  const asyncSync = opts.asyncQuestions ? createAsyncSync(ctx, sync, opts.asyncQuestions) : undefined;
  const historyOutcomes = opts.asyncQuestions ? createHistoryOutcomes(ctx, opts.asyncQuestions.conversation) : undefined;
  const drafts = draftServicesFor(opts);
  const blockingDrafts = drafts ? createBlockingDrafts(ctx, drafts.services) : undefined;
  restore.drafts({
    ...(blockingDrafts && drafts ? { blocking: { storage: drafts.services.storage, adopt: blockingDrafts.adopt } } : {}),
    ...(asyncSync && opts.asyncQuestions ? { async: { storage: opts.asyncQuestions.storage, adopt: asyncSync.adoptDrafts, settled: asyncSync.draftsRead } } : {}),
  });
  const actions = createDockActions(ctx, sync, asyncSync);
  const dispose = actions.dispose;
  actions.dispose = () => {
    restore.stop();
    historyOutcomes?.dispose();
    blockingDrafts?.dispose();
    drafts?.ownBus?.close();
    dispose();
  };
  store.setState({ actions });
  for (const record of opts.initialRecords ?? []) sync.receive(record, "initial");
  return store;
}

// A host that opted into async questions has a conversation worth keeping, so blocking drafts are kept with it.
function draftServicesFor(opts: DockStoreOptions): { services: BlockingDraftServices; ownBus?: PaneBus } | undefined {
  if (opts.blockingDrafts) return { services: opts.blockingDrafts };
  if (opts.blockingDrafts === false || !opts.asyncQuestions) return undefined;
  const storage = typeof indexedDB === "undefined" ? createMemoryBlockingDraftStorage() : createIndexedDbBlockingDraftStorage();
  const bus = createPaneBus();
  return { services: { storage, bus }, ownBus: bus };
}
