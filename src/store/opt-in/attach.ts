// How the store reaches a feature's working parts: the factory files them under the token it returns, so the store
// names no feature module and a blocking-only bundle holds none of them.
import type { StoreApi } from "zustand/vanilla";
import type { AsyncSync } from "../async/questions";
import type { Outbox } from "../async/outbox";
import type { GatewaySync } from "../effects/gateway-sync";
import type { StoredRecords } from "../keep/keep";
import type { DockActions, DockStore } from "../dock/state";
import type { DockContext, DockFeature } from "../context";

/** Views a feature adds to the dock (src/features/), opaque to the store; `useFeatureViews` gives them their type. */
export interface FeatureViews {
  /** Shown under the dock's header: what went wrong with the feature's storage or conversation. */
  problemNotice?: unknown;
  /** A finished async question's summary, with its delivery state and the outbox's Retry, Edit and Discard. */
  asyncSummary?: unknown;
}

/** A feature running in one dock. */
export interface FeatureRun {
  /** Reads what the feature kept under a scope, for the one `restored` event. */
  read?: (scope: string) => Promise<StoredRecords>;
  /** With async questions: their effect and the outbox, which the actions route async answers through, and their views. */
  asyncSync?: AsyncSync;
  outbox?: Outbox;
  views?: FeatureViews;
  replyInChat?: DockActions["replyInChat"];
  /** Writes what is still waiting and stops what the feature started in this dock. */
  dispose(): void;
}

/** What a feature adds to the store's reducer: the events it owns, applied after the dock's own. */
export type FeatureReducer = <S extends DockStore>(state: S, event: { type: string }) => S;

// What a factory files under its token: how to start the feature in a dock (`blockingDrafts`: keep the drafts of
// blocking requests too), and the events it adds to the reducer.
type FeatureParts = { attach: (ctx: DockContext, sync: GatewaySync, blockingDrafts: boolean) => FeatureRun; reduce?: FeatureReducer };

// Keyed by the token, so a token is only good when its factory made it; nothing is kept once the host drops it.
const parts = new WeakMap<DockFeature, FeatureParts>();

/** Makes the token a factory returns, filed with the function that starts the feature in a dock. */
export function defineFeature<F extends DockFeature>(token: F, attach: FeatureParts["attach"], reduce?: FeatureReducer): F {
  parts.set(token, { attach, reduce });
  return Object.freeze(token);
}

/** The parts of `feature`, given as the store's `option`; throws, naming the factory, for anything no factory made. */
export function featureParts(option: DockFeature["feature"], feature: DockFeature): FeatureParts {
  const found = parts.get(feature);
  if (!found || feature.feature !== option) throw new TypeError(`createQuestionDockStore's "${option}" option takes what ${option}Feature(…) returns.`);
  return found;
}

/** What views and tests read of a store: its features' views, its clock (a story's stands still) and its outbox. */
export const storeParts = new WeakMap<StoreApi<DockStore>, { views: FeatureViews; now: () => number; outbox?: Outbox | undefined }>();

/** The outbox of a store made with async questions. */
export function outboxOf(store: StoreApi<DockStore>): Outbox {
  const outbox = storeParts.get(store)?.outbox;
  if (!outbox) throw new Error("This store has no outbox: make it with asyncQuestions.");
  return outbox;
}
