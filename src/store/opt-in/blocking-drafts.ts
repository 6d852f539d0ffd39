// Blocking drafts that outlive the page: only a host that imports this factory loads the link, its storage and the pane bus.
import type { BlockingDraftServices } from "../dock-context";
import { createBlockingDrafts } from "../links/blocking-drafts";
import { createPaneBus } from "../outbox/pane-bus";
import { createIndexedDbBlockingDraftStorage, createMemoryBlockingDraftStorage } from "../persist/blocking-draft-storage";
import { defineFeature } from "./attach";
import type { BlockingDraftsFeature } from "./feature-types";

/**
 * Keeps a dock's blocking drafts in `services.storage` and shares them live over `services.bus`.
 * @default services: IndexedDB (memory where there is none) and a pane bus on the default channel, one per dock, closed with it
 */
export function blockingDraftsFeature(services?: BlockingDraftServices): BlockingDraftsFeature {
  return defineFeature({ feature: "blockingDrafts" }, (ctx) => {
    const ownBus = services ? undefined : createPaneBus();
    const given = services ?? { storage: typeof indexedDB === "undefined" ? createMemoryBlockingDraftStorage() : createIndexedDbBlockingDraftStorage(), bus: ownBus };
    const drafts = createBlockingDrafts(ctx, given);
    return {
      restore: { blocking: { storage: given.storage, adopt: drafts.adopt } },
      dispose: () => {
        drafts.dispose();
        ownBus?.close();
      },
    };
  });
}
