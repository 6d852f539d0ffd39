// The factories of the store's opt-in features. Only a host that calls one loads what it starts: async (Codex)
// questions with their history, answer outbox and outcomes; blocking drafts kept across reloads; or the chat history.
import { startHistoryReader } from "../async/history-reader";
import { startOutbox } from "../async/outbox";
import { createAsyncSync } from "../async/questions";
import { asyncReducer, historyReducer } from "../async/reducer";
import { createPaneBus, defaultStorage, startDraftKeeping } from "../keep/storage";
import { defineFeature, type FeatureViews } from "./attach";
import type { AsyncQuestionsFeature, AsyncQuestionsOptions, BlockingDraftServices, BlockingDraftsFeature, ChatHistoryFeature } from "../context";
import type { PaneBus } from "../outbox/entry";

/** The store's half of async questions, with their views (`asyncQuestionsFeature` passes them; store tests need not). */
export function createAsyncQuestionsFeature(options: AsyncQuestionsOptions = {}, views: FeatureViews = {}): AsyncQuestionsFeature {
  if (typeof options !== "object" || options === null || "conversation" in options || "outbox" in options) {
    throw new TypeError("asyncQuestionsFeature takes options ({ storage?, bus? }), not conversation services: the store holds the conversation and its outbox itself.");
  }
  return defineFeature(
    { feature: "asyncQuestions" },
    (ctx, sync, blockingDrafts) => {
      const storage = options.storage ?? defaultStorage();
      const bus = options.bus ?? createPaneBus();
      const history = startHistoryReader(ctx, options.historyLimit);
      const outbox = startOutbox(ctx, history, { ...options, storage, bus });
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
  return draftsFeature(services, createPaneBus);
}

/** `blockingDraftsFeature` whose bus, without `services`, comes from `makeBus` (absent: none), so a page sharing no drafts loads no bus. */
export function draftsFeature(services: BlockingDraftServices | undefined, makeBus?: () => PaneBus): BlockingDraftsFeature {
  return defineFeature({ feature: "blockingDrafts" }, (ctx) => {
    const bus = services ? services.bus : makeBus?.();
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
  return defineFeature({ feature: "chatHistory" }, (ctx) => startHistoryReader(ctx, options.historyLimit), historyReducer);
}
