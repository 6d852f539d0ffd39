import { useContext, type ComponentType, type CSSProperties } from "react";
import { featureViewsOf } from "../store/opt-in/attach";
import type { Outcome } from "../store/dock/state";
import { DockStoreContext } from "./dock-context";

/** What a feature's summary view takes: the outcome and the words for its kind. */
export interface FeatureSummaryProps {
  outcome: Outcome;
  label: string;
  className?: string | undefined;
  style?: CSSProperties | undefined;
}

/** The views the dock's opt-in features add; a dock without features gets none, and bundles none. */
export interface DockFeatureViews {
  /** Problems of the async-question storage or conversation, said under the header. */
  ProblemNotice: ComponentType | undefined;
  /** A finished async question's summary, in place of the blocking one. */
  AsyncSummary: ComponentType<FeatureSummaryProps> | undefined;
}

/** The views the opt-in features of the nearest dock store add (`asyncQuestionsFeature`'s notice and summary); none outside a provider. */
export function useFeatureViews(): DockFeatureViews {
  // Not useDockStoreApi: a summary may stand alone (the question page's ended question), and then it has no features.
  const store = useContext(DockStoreContext);
  const views = store ? featureViewsOf(store) : {};
  // The store holds views as opaque values; src/features/ puts only these components there.
  return { ProblemNotice: views.problemNotice as DockFeatureViews["ProblemNotice"], AsyncSummary: views.asyncSummary as DockFeatureViews["AsyncSummary"] };
}
