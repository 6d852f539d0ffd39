import type { GatewayConnection } from "../gateway/types";
import { createConversation, type ConversationStore } from "./async";
import { createIndexedDbStorage, createMemoryStorage, createPaneBus, getSharedOutbox, sharedOutboxOf, type OutboxStore } from "./outbox";
import type { DockStorage, OutboxHistory, PaneBus } from "./outbox/types";

/** The per-conversation parts behind async questions, shared by every dock of that conversation on a page. */
export interface AsyncQuestionServices {
  conversation: ConversationStore;
  outbox: OutboxStore;
  storage: DockStorage;
}

/** Options of `getAsyncQuestionServices`; used only the first time a conversation's services are made. */
export interface AsyncServiceOptions {
  /** @default IndexedDB where the browser has it, else memory */
  storage?: DockStorage;
  /** @default a pane bus on the default channel (this page and, through BroadcastChannel, other tabs) */
  bus?: PaneBus;
  now?: () => number;
}

/** Lets the outbox read the conversation: run idle, message saved, reload that rejects when the history could not be read. */
export function outboxHistoryOf(conversation: ConversationStore): OutboxHistory {
  return {
    isIdle: () => !conversation.getState().runActive,
    hasUserMessage: (key) => conversation.getState().actions.hasUserMessage(key),
    subscribe: (listener) => conversation.subscribe((s, prev) => {
      if (s.messages !== prev.messages || s.runActive !== prev.runActive) listener();
    }),
    reload: async () => {
      await conversation.getState().actions.reload();
      const { error, loaded } = conversation.getState();
      // A stale history must never count as proof that a message is absent.
      if (!loaded || error?.startsWith("Could not load")) throw new Error(error ?? "The conversation history is not loaded.");
    },
  };
}

const registry = new WeakMap<GatewayConnection, Map<string, AsyncQuestionServices>>();

/** The conversation, outbox and storage of (client, sessionKey), made on first use and shared after. */
export function getAsyncQuestionServices(client: GatewayConnection, sessionKey: string, options: AsyncServiceOptions = {}): AsyncQuestionServices {
  let sessions = registry.get(client);
  if (!sessions) registry.set(client, (sessions = new Map()));
  const known = sessions.get(sessionKey);
  if (known && sharedOutboxOf(client, sessionKey) === known.outbox) return known;
  // Its outbox was released (and disposed): handing it out again would take answers that are never sent.
  known?.conversation.getState().actions.dispose();
  const storage = options.storage ?? (typeof indexedDB === "undefined" ? createMemoryStorage() : createIndexedDbStorage());
  const conversation = createConversation({ client, sessionKey });
  const outbox = getSharedOutbox(client, sessionKey, () => ({
    history: outboxHistoryOf(conversation),
    storage,
    bus: options.bus ?? createPaneBus(),
    ...(options.now ? { now: options.now } : {}),
  }));
  const services = { conversation, outbox, storage };
  sessions.set(sessionKey, services);
  return services;
}
