// The services behind async questions for one conversation: the conversation (history and live runs), the
// answer outbox and the storage they share. A host makes them once per conversation, as it would a query
// client, and hands them to every dock of that conversation: a dock mounted again mid-send then sees the same
// outbox, and nothing hides in a module-level registry whose options only the first caller gets to choose.
import { systemClock, type Clock } from "../../gateway/clock";
import type { GatewayConnection } from "../../gateway/types";
import { createConversation, type ConversationEvent, type ConversationStore } from "../conversation";
import { createIndexedDbStorage, createMemoryStorage, createOutbox, createPaneBus, type OutboxStore } from "../outbox";
import type { DockStorage, OutboxHistory, PaneBus } from "../outbox/types";

/** What `createConversationServices` takes. */
export interface ConversationServicesOptions {
  /** The gateway client (or anything with the same surface). */
  client: GatewayConnection;
  /** The conversation; "main" matches the gateway's main session. */
  sessionKey: string;
  /** Where drafts and unsent answers survive a reload. @default IndexedDB where the browser has it, else memory */
  storage?: DockStorage;
  /** Keeps other docks and tabs of the conversation in step; closed by `dispose` only when made here. @default a pane bus on the default channel */
  bus?: PaneBus;
  /** @default systemClock */
  clock?: Clock;
}

/** The per-conversation parts a dock's `asyncQuestions` option takes. */
export interface AsyncQuestionServices {
  conversation: ConversationStore;
  outbox: OutboxStore;
  storage: DockStorage;
}

/** One conversation's services, and the one call that stops them. */
export interface ConversationServices extends AsyncQuestionServices {
  /** Stops the conversation and the outbox; saved drafts and answers stay for the next page. Safe to call twice. */
  dispose(): void;
}

// What can confirm a sent answer (a message shown) or let a queued one go (a run ended); the outbox checks which.
const OUTBOX_WAKING_EVENTS: ReadonlySet<ConversationEvent["type"]> = new Set(["historyLoaded", "messageArrived", "rowReplaced", "runActivityChanged"]);

/** Lets the outbox read the conversation: run idle, message saved, reload that rejects when the history could not be read. */
export function outboxHistoryOf(conversation: ConversationStore): OutboxHistory {
  return {
    isIdle: () => !conversation.getState().runActive,
    hasUserMessage: (key) => conversation.getState().actions.hasUserMessage(key),
    subscribe: (listener) =>
      conversation.getState().actions.onEvent((event) => {
        if (OUTBOX_WAKING_EVENTS.has(event.type)) listener();
      }),
    reload: async () => {
      await conversation.getState().actions.reload();
      const { error, loaded } = conversation.getState();
      // A stale history must never count as proof that a message is absent.
      if (!loaded || error?.kind === "load-failed") throw new Error(error?.kind === "load-failed" ? error.reason : "The conversation history is not loaded.");
    },
  };
}

/** Makes the conversation, outbox and storage of one conversation; make them once and pass them to its docks. */
export function createConversationServices(options: ConversationServicesOptions): ConversationServices {
  const { client, sessionKey } = options;
  const storage = options.storage ?? (typeof indexedDB === "undefined" ? createMemoryStorage() : createIndexedDbStorage());
  const bus = options.bus ?? createPaneBus();
  const conversation = createConversation({ client, sessionKey });
  const outbox = createOutbox({ client, sessionKey, history: outboxHistoryOf(conversation), storage, bus, clock: options.clock ?? systemClock });
  let disposed = false;
  return {
    conversation,
    outbox,
    storage,
    dispose() {
      if (disposed) return;
      disposed = true;
      outbox.getState().dispose();
      conversation.getState().actions.dispose();
      if (!options.bus) bus.close();
    },
  };
}
