// Async (Codex) questions: the link that mirrors the conversation's questions and sends answers through the outbox,
// and the outcomes read back from history. Only a host that imports the feature's factory loads them.
import type { AsyncQuestionServices } from "../links/conversation-services";
import { createAsyncSync } from "../links/async-sync";
import { createHistoryOutcomes } from "../links/history-outcomes";
import { defineFeature, type FeatureViews } from "./attach";
import { blockingDraftsFeature } from "./blocking-drafts";
import type { AsyncQuestionsFeature } from "./feature-types";

/**
 * The store's half of async questions, with the views the dock shows for them; the public factory
 * (`asyncQuestionsFeature`, src/features/) passes those views, store tests may leave them out.
 */
export function createAsyncQuestionsFeature(services: AsyncQuestionServices, views?: FeatureViews): AsyncQuestionsFeature {
  // A host that opted into async questions has a conversation worth keeping, so blocking drafts are kept with it.
  const defaultBlockingDrafts = blockingDraftsFeature();
  return defineFeature(
    { feature: "asyncQuestions" },
    (ctx, sync) => {
      const asyncSync = createAsyncSync(ctx, sync, services);
      const historyOutcomes = createHistoryOutcomes(ctx, services.conversation);
      return {
        asyncSync,
        defaultBlockingDrafts,
        restore: { async: { storage: services.storage, adopt: asyncSync.adoptDrafts, settled: asyncSync.draftsRead } },
        dispose: () => historyOutcomes.dispose(),
      };
    },
    views,
  );
}
