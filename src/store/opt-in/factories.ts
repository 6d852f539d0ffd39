// The factories of the store's opt-in features. Only a host that calls one loads what it starts: async (Codex)
// questions with their history, answer outbox and outcomes; blocking drafts kept across reloads; or the chat history.
import { startHistoryReader, DEFAULT_HISTORY_LIMIT } from "../async/history-reader";
import { DEFAULT_CONFIRM_DELAYS_MS, DEFAULT_SEND_TIMEOUT_MS, startOutbox } from "../async/outbox-delivery";
import { createAsyncSync } from "../async/questions";
import { asyncReducer, historyReducer } from "../async/reducer";
import { createPaneBus } from "../keep/bus";
import { defaultStorage, type DockStorage } from "../keep/storage";
import { startDraftKeeping } from "../keep/draft-keeping";
import { newKey } from "../effects/answer-by-chat";
import type { PaneBus } from "../outbox/entry";
import { defineFeature, type FeatureViews } from "./attach";
import type { AsyncQuestionsFeature, BlockingDraftServices, BlockingDraftsFeature, ChatHistoryFeature } from "../context";

/** Where async answers and drafts are kept and how they are sent; every field has a default. */
export interface AsyncQuestionsOptions {
  /** Where drafts and unsent answers survive a reload. @default IndexedDB where the browser has it, else memory */
  storage?: DockStorage;
  /** Keeps the conversation's other tabs in step. @default a pane bus on the default channel, closed with the store */
  bus?: PaneBus;
  /** Messages `chat.history` is asked for. @default DEFAULT_HISTORY_LIMIT */
  historyLimit?: number;
  /** Makes outbox entry ids, which are also the chat.send idempotency keys. @default crypto.randomUUID */
  newId?: () => string;
  /** Deadline of one chat.send; past it the delivery is uncertain. @default 30000 */
  sendTimeoutMs?: number;
  /** Waits before each history check after the gateway took a message; then it counts as unconfirmed. @default [0, 250, 500, 1000, 2000, 4000] */
  confirmDelaysMs?: readonly number[];
}

/** The store's half of async questions, with their views (`asyncQuestionsFeature` passes them; store tests need not). */
export function createAsyncQuestionsFeature(options: AsyncQuestionsOptions = {}, views: FeatureViews = {}): AsyncQuestionsFeature {
  if (typeof options !== "object" || options === null || "conversation" in options || "outbox" in options) {
    throw new TypeError("asyncQuestionsFeature takes options ({ storage?, bus? }), not conversation services: the store now holds the conversation and its outbox itself.");
  }
  return defineFeature(
    { feature: "asyncQuestions" },
    (ctx, sync, blockingDrafts) => {
      const storage = options.storage ?? defaultStorage();
      const bus = options.bus ?? createPaneBus();
      const history = startHistoryReader(ctx, options.historyLimit ?? DEFAULT_HISTORY_LIMIT);
      const { newId = newKey, sendTimeoutMs = DEFAULT_SEND_TIMEOUT_MS, confirmDelaysMs = DEFAULT_CONFIRM_DELAYS_MS } = options;
      const outbox = startOutbox(ctx, { storage, bus, history, newId, sendTimeoutMs, confirmDelaysMs });
      const asyncSync = createAsyncSync(ctx, sync, outbox);
      // The async questions' storage keeps blocking drafts too, unless the store says `blockingDrafts: false`.
      const drafts = startDraftKeeping(ctx, { storage, bus, blockingDrafts, outbox: true });
      return {
        asyncSync,
        outbox,
        views,
        read: drafts.read,
        dispose: () => {
          drafts.stop();
          outbox.dispose();
          history.dispose();
          // A bus the store made itself is closed with it.
          if (!options.bus) bus.close();
        },
      };
    },
    asyncReducer,
  );
}

/** Keeps a dock's blocking drafts in `services.storage`, shared over `services.bus`. @default IndexedDB or memory, and a pane bus */
export function blockingDraftsFeature(services?: BlockingDraftServices): BlockingDraftsFeature {
  return defineFeature({ feature: "blockingDrafts" }, (ctx) => {
    const bus = services ? services.bus : createPaneBus();
    const drafts = startDraftKeeping(ctx, { storage: services?.storage ?? defaultStorage(), bus, blockingDrafts: true, outbox: false });
    return {
      read: drafts.read,
      dispose: () => {
        drafts.stop();
        if (!services) bus?.close();
      },
    };
  });
}

/** Options of `chatHistoryFeature`. */
export interface ChatHistoryOptions {
  /** Messages `chat.history` is asked for. @default 1000 */
  historyLimit?: number;
}

/** Keeps the conversation's messages and their ask_user outcomes in `state.chat`, for a blocking-only host's transcript. */
export function chatHistoryFeature(options: ChatHistoryOptions = {}): ChatHistoryFeature {
  return defineFeature({ feature: "chatHistory" }, (ctx) => startHistoryReader(ctx, options.historyLimit ?? DEFAULT_HISTORY_LIMIT), historyReducer);
}
