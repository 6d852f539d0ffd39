import { createStore, type StoreApi } from "zustand/vanilla";
import type { GatewayConnection } from "../gateway/types";
import { idTable, type QuestionAnswers, type QuestionRecord } from "../protocol";
import type { AsyncQuestionServices } from "./conversation-services";
import { createAsyncSync } from "./async-sync";
import { createIndexedDbBlockingDraftStorage, createMemoryBlockingDraftStorage } from "./blocking-draft-storage";
import { createBlockingDrafts, type BlockingDraftServices } from "./blocking-drafts";
import { createDockActions } from "./dock-actions";
import { dockReducer, type DockEvent } from "./dock-reducer";
import { IdMap } from "./id-map";
import { OutcomeLog } from "./outcome-log";
import { createGatewaySync } from "./gateway-sync";
import { createHistoryOutcomes } from "./history-outcomes";
import { createKeptOutcomes, type KeptOutcomes } from "./kept-outcomes";
import { createPaneBus } from "./outbox/pane-bus";
import { emptyPermissions } from "./permissions";
import { newResolverId } from "./outcome-of";
import { createSentLedger, tabResolverId, type SentLedger } from "./sent-ledger";
import { DEFAULT_TYPING_GRACE_MS } from "./priority";
import { systemClock, type Clock } from "../gateway/clock";
import type { Timers } from "./timers";
import type { PaneBus } from "./outbox/types";
import type { DockState, DockStore } from "./types";


/** Options of `createQuestionDockStore`. */
export interface DockStoreOptions {
  /** The gateway client (or anything with the same surface). */
  client: GatewayConnection;
  /** The conversation whose questions this dock shows; "main" matches the gateway's main session. */
  sessionKey: string;
  /** Time and timers (expiry, the typing grace, draft saves). @default systemClock */
  clock?: Clock;
  /** How long after an edit a new request waits before taking the active slot. @default 1500 */
  typingGraceMs?: number;
  /** Show records that carry no sessionKey. @default false */
  showSessionless?: boolean;
  /** Records to show before the first connect, e.g. for stories. They are re-checked on connect. */
  initialRecords?: QuestionRecord[];
  /** The conversation's async (Codex) questions and answer outbox; see `createConversationServices`. Off when absent. */
  asyncQuestions?: AsyncQuestionServices;
  /** The `resolvedBy` sent with this dock's answers and skips, which tells them from other surfaces'. @default one per tab, kept across reloads */
  resolverId?: string;
  /**
   * Where blocking drafts are kept and shared. `false`: in this store's memory only.
   * @default with `asyncQuestions`, IndexedDB (memory where there is none) and a pane bus on the default channel; else `false`
   */
  blockingDrafts?: BlockingDraftServices | false;
}

/** Internals shared by the store's modules; not part of the public API. */
export interface DockContext {
  options: Required<Omit<DockStoreOptions, "initialRecords" | "asyncQuestions" | "blockingDrafts" | "clock">> & { now: () => number; timers: Timers };
  /** Applies one event through `dockReducer`; the only way the dock's state changes. */
  dispatch(event: DockEvent): void;
  /** Runs `fn`, whose events reach subscribers as one change: a gateway event and what follows from it, one render. */
  batch(fn: () => void): void;
  /** The current state, including events of a batch still running. */
  get: StoreApi<DockStore>["getState"];
  /** Hears every change of the store's state, after it is made. */
  subscribe: StoreApi<DockStore>["subscribe"];
  /** Every answer sent per request, so a late confirmation can tell "ours" from "elsewhere". */
  attempted: Map<string, QuestionAnswers[]>;
  /** Our submits and skips still waiting for the gateway's reply, by request id. */
  inflight: Map<string, Promise<void>>;
  /** Requests this tab sent an answer or skip for and has not seen end, kept across a reload. */
  sent: SentLedger;
  /** This tab's own outcomes, kept across a reload. */
  kept: KeptOutcomes;
}

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
  const initial: DockState = {
    sessionKey: opts.sessionKey,
    connection: opts.client.getConnection(),
    records: IdMap.empty(),
    order: [],
    asyncLinks: IdMap.empty(),
    deliveries: idTable(),
    activeId: null,
    views: IdMap.empty(),
    submissions: IdMap.empty(),
    outcomes: OutcomeLog.empty(),
    collapsed: false,
    rejected: [],
    permission: emptyPermissions(),
    announcement: { key: "none", n: 0 },
  };
  // Actions need the store's own set/get, so the store is made first and the actions attached after.
  const store = createStore<DockStore>()(() => ({ ...initial, actions: undefined as unknown as DockStore["actions"] }));
  // Within a batch, the state so far; subscribers hear of it once the batch ends.
  let pending: DockStore | undefined;
  let depth = 0;
  const get = () => pending ?? store.getState();
  const dispatch = (event: DockEvent) => {
    const s = get();
    // The reducer copies the state it is given, so the actions ride along untouched.
    const next = dockReducer(s, event) as DockStore;
    if (next === s) return;
    if (depth > 0) pending = next;
    else store.setState(next, true);
  };
  const batch = (fn: () => void) => {
    depth++;
    try {
      fn();
    } finally {
      depth--;
      const next = depth === 0 ? pending : undefined;
      if (next) {
        pending = undefined;
        store.setState(next, true);
      }
    }
  };
  const ctx: DockContext = { options, dispatch, batch, get, subscribe: store.subscribe, attempted: new Map(), inflight: new Map(), sent: createSentLedger(opts.sessionKey), kept: createKeptOutcomes(opts.sessionKey) };
  const sync = createGatewaySync(ctx);
  // Before anything else can settle, so a request that ends again later keeps its newer outcome.
  for (const [id, outcome] of ctx.kept.restore()) sync.putOutcome(id, outcome);
  const asyncSync = opts.asyncQuestions ? createAsyncSync(ctx, sync, opts.asyncQuestions) : undefined;
  const historyOutcomes = opts.asyncQuestions ? createHistoryOutcomes(ctx, sync, opts.asyncQuestions.conversation, store) : undefined;
  const drafts = draftServicesFor(opts);
  const blockingDrafts = drafts ? createBlockingDrafts(ctx, store, drafts.services) : undefined;
  const actions = createDockActions(ctx, sync, asyncSync);
  const dispose = actions.dispose;
  actions.dispose = () => {
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
