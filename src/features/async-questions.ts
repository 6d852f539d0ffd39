// Joins a feature's store link with its views, so a host that never calls it bundles neither.
import { AsyncProblemNotice } from "../components/AsyncProblemNotice";
import { AsyncSummary } from "../components/AsyncSummary";
import { createAsyncQuestionsFeature } from "../store/opt-in/factories";
import type { AsyncQuestionsFeature, AsyncQuestionsOptions } from "../store/context";

/** Shows async questions, their outcomes, summaries and problems; blocking drafts kept unless `blockingDrafts: false`. */
export function asyncQuestionsFeature(options?: AsyncQuestionsOptions): AsyncQuestionsFeature {
  return createAsyncQuestionsFeature(options, { problemNotice: AsyncProblemNotice, asyncSummary: AsyncSummary });
}
