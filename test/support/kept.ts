// What a storage holds, as a test reads it back: every scope's drafts and outbox entries, whatever the scope is.
import { isOutboxEntry } from "../../src/store/outbox/outbox-rules";
import { isSavedDraft, type DockStorage, type OutboxEntry, type SavedDraft } from "../../src/store";

/** Every saved draft in `storage`. */
export async function keptDrafts(storage: DockStorage): Promise<SavedDraft[]> {
  return (await storage.list("scope:")).filter(isSavedDraft);
}

/** Every outbox entry in `storage` of the session `sessionKey`. */
export async function keptEntries(storage: DockStorage, sessionKey = "main"): Promise<OutboxEntry[]> {
  return (await storage.list("scope:")).filter((v): v is OutboxEntry => isOutboxEntry(v, sessionKey));
}
