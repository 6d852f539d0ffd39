import { createStore, type StoreApi } from "zustand/vanilla";
import type { DockContext, DockStoreOptions, StoreEvent } from "./context";
import { createDockActions } from "./actions";
import { createMachine } from "./machine";
import { emptyDockState, storeReducer } from "./dock/dock-reducer";
import { createGatewaySync } from "./effects/gateway-sync";
import { featureParts, storeParts } from "./opt-in/attach";
import { createSentLedger, startKeeping, tabResolverId } from "./keep/keep";
import { DEFAULT_TYPING_GRACE_MS } from "./dock/priority";
import { systemClock } from "../gateway/clock";
import type { DockStore, QuestionDockStore } from "./dock/state";
import type { QuestionRecord } from "../protocol/question-record";

/** Creates the store of one conversation: its pending questions, the person's drafts, how each question ended and, with async questions, its history and outbox. */
export function createQuestionDockStore(opts: DockStoreOptions): QuestionDockStore {
  return openStore(opts);
}

/** The store of `createQuestionDockStore` with its whole state, showing `records` before the first connect (a question page, stories); they are checked again on connect. */
export function openStore(opts: DockStoreOptions, records: readonly QuestionRecord[] = []): StoreApi<DockStore> {
  // Opt-in parts come in as tokens from their factories (opt-in/, src/features/), so a store without them loads none of their code.
  const asyncParts = opts.asyncQuestions && featureParts("asyncQuestions", opts.asyncQuestions);
  const draftsParts = opts.blockingDrafts ? featureParts("blockingDrafts", opts.blockingDrafts) : undefined;
  const chatParts = opts.chatHistory && featureParts("chatHistory", opts.chatHistory);
  const repliesParts = opts.chatReplies && featureParts("chatReplies", opts.chatReplies);
  const clock = opts.clock ?? systemClock;
  const options = {
    client: opts.client,
    sessionKey: opts.sessionKey,
    now: () => clock.now(),
    timers: clock,
    typingGraceMs: opts.typingGraceMs ?? DEFAULT_TYPING_GRACE_MS,
    showSessionless: opts.showSessionless ?? false,
    resolverId: opts.resolverId ?? tabResolverId(),
  };
  const initial = emptyDockState(opts.sessionKey, opts.client.getConnection());
  // Actions need the store's own set/get, so the store is made first and the actions attached after.
  const store = createStore<DockStore>()(() => ({ ...initial, actions: undefined as unknown as DockStore["actions"] }));
  // The conversation's feature owns its events and the outbox's; the dock's reducer ignores them.
  const machine = createMachine<DockStore, StoreEvent>(store, storeReducer<DockStore>((asyncParts ?? chatParts)?.reduce));
  const ctx: DockContext = { options, ...machine, sent: createSentLedger(() => machine.get().scope) };
  const sync = createGatewaySync(ctx);
  // Async questions read the conversation and keep drafts themselves, blocking ones too unless told not to.
  const asyncRun = asyncParts?.attach(ctx, sync, opts.blockingDrafts !== false);
  const own = asyncRun ? [asyncRun] : [draftsParts?.attach(ctx, sync, true), chatParts?.attach(ctx, sync, false)];
  const runs = [...own, repliesParts?.attach(ctx, sync, false)].filter((run) => run !== undefined);
  const stopKeeping = startKeeping(ctx, runs.find((run) => run.read)?.read);
  const actions = createDockActions(ctx, sync, asyncRun?.asyncSync, asyncRun?.outbox, runs.find((run) => run.replyInChat)?.replyInChat);
  const dispose = actions.dispose;
  actions.dispose = () => {
    runs.forEach((run) => run.dispose());
    stopKeeping();
    dispose();
  };
  store.setState({ actions });
  storeParts.set(store, { views: asyncRun?.views ?? {}, now: options.now, outbox: asyncRun?.outbox });
  for (const record of records) sync.receive(record, "initial");
  return store;
}
