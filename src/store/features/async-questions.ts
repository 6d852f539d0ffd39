// Async (Codex) questions: the link that mirrors the conversation's questions and sends answers through the outbox,
// and the outcomes read back from history. Only a host that imports this factory loads them.
import type { AsyncQuestionServices } from "../links/conversation-services";
import { createAsyncSync } from "../links/async-sync";
import { createHistoryOutcomes } from "../links/history-outcomes";
import { defineFeature } from "./attach";
import { blockingDraftsFeature } from "./blocking-drafts";
import type { AsyncQuestionsFeature } from "./feature-types";

/** Shows the conversation's async questions in a dock, with history outcomes; by default its blocking drafts are kept too. */
export function asyncQuestionsFeature(services: AsyncQuestionServices): AsyncQuestionsFeature {
  // A host that opted into async questions has a conversation worth keeping, so blocking drafts are kept with it.
  const defaultBlockingDrafts = blockingDraftsFeature();
  return defineFeature({ feature: "asyncQuestions" }, (ctx, sync) => {
    const asyncSync = createAsyncSync(ctx, sync, services);
    const historyOutcomes = createHistoryOutcomes(ctx, services.conversation);
    return {
      asyncSync,
      defaultBlockingDrafts,
      restore: { async: { storage: services.storage, adopt: asyncSync.adoptDrafts, settled: asyncSync.draftsRead } },
      dispose: () => historyOutcomes.dispose(),
    };
  });
}
