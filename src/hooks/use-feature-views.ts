import { useContext, type ComponentType, type CSSProperties } from "react";
import { storeParts } from "../store/opt-in/attach";
import type { Outcome } from "../store/dock/state";
import { DockStoreContext } from "./dock-context";

/** What a feature's summary view takes: the outcome and the words for its kind. */
export interface FeatureSummaryProps {
  outcome: Outcome;
  label: string;
  className?: string | undefined;
  style?: CSSProperties | undefined;
}

/** The views the nearest store's opt-in features add (async problem notice and summary); none without features. */
export function useFeatureViews() {
  // Not useDockStoreApi: a summary may stand alone (the question page's ended question), and then it has no features.
  const store = useContext(DockStoreContext);
  const views = (store && storeParts.get(store)?.views) ?? {};
  // The store holds views as opaque values; src/features/ puts only these components there.
  return { ProblemNotice: views.problemNotice as ComponentType | undefined, AsyncSummary: views.asyncSummary as ComponentType<FeatureSummaryProps> | undefined };
}
