// Blocking drafts that outlive the page: a host that imports this factory gives the store somewhere to keep them.
import { createPaneBus } from "../keep/bus";
import { defaultStorage } from "../keep/storage";
import { startDraftKeeping } from "../keep/draft-keeping";
import { defineFeature } from "./attach";
import type { BlockingDraftServices, BlockingDraftsFeature } from "../context";

/**
 * Keeps a dock's blocking drafts in `services.storage` and shares them live over `services.bus`.
 * @default services: IndexedDB (memory where there is none) and a pane bus on the default channel, one per store, closed with it
 */
export function blockingDraftsFeature(services?: BlockingDraftServices): BlockingDraftsFeature {
  return defineFeature({ feature: "blockingDrafts" }, (ctx) => {
    const bus = services ? services.bus : createPaneBus();
    const drafts = startDraftKeeping(ctx, { storage: services?.storage ?? defaultStorage(), bus, blockingDrafts: true, outbox: false });
    return {
      read: drafts.read,
      dispose: () => {
        drafts.stop();
        if (!services) bus?.close();
      },
    };
  });
}
