// A feature joins its store link with the views it adds to the dock, so the one call a host makes brings both, and
// a host that never makes it bundles neither. Only the package entry imports this layer.
import { AsyncProblemNotice } from "../components/AsyncProblemNotice";
import { AsyncSummary } from "../components/AsyncSummary";
import { createAsyncQuestionsFeature, type AsyncQuestionsOptions } from "../store/opt-in/factories";
import type { AsyncQuestionsFeature } from "../store/context";

/** Shows the conversation's async questions in a dock, with history outcomes, their summaries and a notice of their problems; blocking drafts are kept too unless the store says `blockingDrafts: false`. */
export function asyncQuestionsFeature(options?: AsyncQuestionsOptions): AsyncQuestionsFeature {
  return createAsyncQuestionsFeature(options, { problemNotice: AsyncProblemNotice, asyncSummary: AsyncSummary });
}
