// How the store reaches a feature's working parts: the factory files them under the token it returns, so the store
// names no feature module and a blocking-only bundle holds none of them.
import type { DockContext } from "../dock-context";
import type { AsyncSync } from "../links/async-sync";
import type { GatewaySync } from "../links/gateway-sync";
import type { RestoreTargets } from "../persist/restore-on-load";
import type { BlockingDraftsFeature, DockFeature } from "./feature-types";

/** A feature running in one dock. */
export interface FeatureLink {
  /** Where this feature's saved drafts go when the page loads. */
  restore?: RestoreTargets;
  /** The async link, which the actions route async answers through. */
  asyncSync?: AsyncSync;
  /** The blocking drafts a dock keeps when the host did not choose (`blockingDrafts` absent). */
  defaultBlockingDrafts?: BlockingDraftsFeature;
  /** Stops what the feature started in this dock; the async link itself is stopped with the actions. */
  dispose(): void;
}

/** Starts a feature in one dock. */
export type AttachFeature = (ctx: DockContext, sync: GatewaySync) => FeatureLink;

// Keyed by the token, so a token is only good when its factory made it; nothing is kept once the host drops it.
const attachers = new WeakMap<DockFeature, AttachFeature>();

/** Makes the token a factory returns, filed with the function that starts the feature in a dock. */
export function defineFeature<F extends DockFeature>(token: F, attach: AttachFeature): F {
  Object.freeze(token);
  attachers.set(token, attach);
  return token;
}

/** Starts `feature` in the dock of `ctx`; throws for a look-alike object no factory made. */
export function attachFeature(feature: DockFeature, ctx: DockContext, sync: GatewaySync): FeatureLink {
  const attach = attachers.get(feature);
  if (!attach) throw new TypeError(`The dock store's "${feature.feature}" option takes what ${feature.feature}Feature(…) returns.`);
  return attach(ctx, sync);
}
