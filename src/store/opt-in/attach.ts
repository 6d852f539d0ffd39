// How the store reaches a feature's working parts: the factory files them under the token it returns, so the store
// names no feature module and a blocking-only bundle holds none of them.
import type { StoreApi } from "zustand/vanilla";
import type { DockContext } from "../context";
import type { AsyncSync } from "../async/questions";
import type { Outbox } from "../async/outbox";
import type { GatewaySync } from "../effects/gateway-sync";
import type { DraftKeeping } from "../keep/draft-keeping";
import type { DockStore } from "../dock/state";
import type { DockFeature } from "./feature-types";

/** A feature running in one dock. */
export interface FeatureRun {
  /** Starts keeping drafts (and reading answers back) where the feature keeps them; the store starts one at most. */
  keepDrafts?: (choice: { blockingDrafts: boolean; outbox: boolean }) => DraftKeeping;
  /** The async questions' effect, which the actions route async answers through. */
  asyncSync?: AsyncSync;
  /** The outbox async answers go out through. */
  outbox?: Outbox;
  /** Stops what the feature started in this dock; the async questions' effect itself is stopped with the actions. */
  dispose(): void;
}

/** Starts a feature in one dock. */
export type AttachFeature = (ctx: DockContext, sync: GatewaySync) => FeatureRun;

/**
 * Views a feature adds to the dock, filled in above the views layer (src/features/) and read through
 * `useFeatureViews`. The store never renders, so it holds them as opaque values; the hooks layer gives them their type.
 */
export interface FeatureViews {
  /** Shown under the dock's header: what went wrong with the feature's storage or conversation. */
  problemNotice?: unknown;
  /** A finished async question's summary, with its delivery state and the outbox's Retry, Edit and Discard. */
  asyncSummary?: unknown;
}

/** What a feature adds to the store's reducer: the events it owns, applied after the dock's own. */
export type FeatureReducer = <S extends DockStore>(state: S, event: { type: string }) => S;

// Keyed by the token, so a token is only good when its factory made it; nothing is kept once the host drops it.
const parts = new WeakMap<DockFeature, { attach: AttachFeature; views: FeatureViews; reduce?: FeatureReducer }>();
const NO_VIEWS: FeatureViews = Object.freeze({});

/** Makes the token a factory returns, filed with the function that starts the feature in a dock and the views it adds. */
export function defineFeature<F extends DockFeature>(token: F, attach: AttachFeature, views: FeatureViews = NO_VIEWS, reduce?: FeatureReducer): F {
  Object.freeze(token);
  parts.set(token, { attach, views, ...(reduce ? { reduce } : {}) });
  return token;
}

/** The reducer `feature` adds to the store's, if any. */
export function featureReducer(feature: DockFeature): FeatureReducer | undefined {
  return parts.get(feature)?.reduce;
}

/**
 * How to start `feature`, given as the store's `option`, in a dock. Throws for anything no factory made, such as a
 * plain options object, naming the factory to call; the store asks before it makes anything, so a refused option
 * leaves nothing running.
 */
export function featureStarter(option: DockFeature["feature"], feature: DockFeature): AttachFeature {
  const found = parts.get(feature);
  if (!found || feature.feature !== option) throw new TypeError(`createQuestionDockStore's "${option}" option takes what ${option}Feature(…) returns.`);
  return found.attach;
}

// What a store's views and tests read of it, noted once when the store is made: its features' views, its clock (a
// countdown reads the store's own clock; a story's stands still) and, with async questions, its outbox.
const storeParts = new WeakMap<StoreApi<DockStore>, { views: FeatureViews; now: () => number; outbox?: Outbox }>();

/** Notes what `store`'s views and tests read of it, once, when the store is made. */
export function noteStore(store: StoreApi<DockStore>, features: readonly DockFeature[], now: () => number, outbox?: Outbox): void {
  const views = Object.assign({}, ...features.map((f) => parts.get(f)?.views ?? NO_VIEWS)) as FeatureViews;
  storeParts.set(store, { views: Object.keys(views).length > 0 ? Object.freeze(views) : NO_VIEWS, now, ...(outbox ? { outbox } : {}) });
}

/** The clock of `store`'s time: what its expiries are counted against. */
export function clockOf(store: StoreApi<DockStore>): () => number {
  return storeParts.get(store)?.now ?? Date.now;
}

/** The outbox of a store made with async questions. */
export function outboxOf(store: StoreApi<DockStore>): Outbox {
  const outbox = storeParts.get(store)?.outbox;
  if (!outbox) throw new Error("This store has no outbox: make it with asyncQuestions.");
  return outbox;
}

/** The views the features of `store` add; none for a store without features. */
export function featureViewsOf(store: StoreApi<DockStore>): FeatureViews {
  return storeParts.get(store)?.views ?? NO_VIEWS;
}
