import type { ComponentType } from "react";
import { featureViewsOf } from "../store/opt-in/attach";
import { useDockStoreApi } from "./dock-context";

/** The views the dock's opt-in features add; a dock without features gets none, and bundles none. */
export interface DockFeatureViews {
  /** Problems of the async-question storage or conversation, said under the header. */
  ProblemNotice: ComponentType | undefined;
}

/** The views the opt-in features of the nearest dock store add (`asyncQuestionsFeature`'s problem notice). */
export function useFeatureViews(): DockFeatureViews {
  const views = featureViewsOf(useDockStoreApi());
  // The store holds views as opaque values; src/features/ puts only components there.
  return { ProblemNotice: views.problemNotice as ComponentType | undefined };
}
