// Reading the blocking drafts a page saved in IndexedDB (keys "scope:<scope>:draft:<request>"; async drafts are
// the ones whose request id starts "async:").
import type { Page } from "@playwright/test";

/** A blocking draft as the page's IndexedDB holds it: per question, the options chosen and the Other text. */
export interface StoredBlockingDraft {
  requestId: string;
  chosen: string[][];
  others: string[];
}

/**
 * The blocking drafts the page's IndexedDB holds. A test waits for the one it expects before a reload: the options
 * chosen too, since a pick made after typing is saved in a later write than the text.
 */
export async function storedBlockingDrafts(page: Page): Promise<StoredBlockingDraft[]> {
  return page.evaluate(
    () =>
      new Promise<Array<{ requestId: string; chosen: string[][]; others: string[] }>>((resolve, reject) => {
        const open = indexedDB.open("openclaw-question-dock");
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains("records")) return resolve([]);
          const get = db.transaction("records").objectStore("records").getAll(IDBKeyRange.bound("scope:", "scope:\uffff"));
          get.onerror = () => reject(get.error);
          get.onsuccess = () =>
            resolve(
              (get.result as Array<{ requestId?: unknown; answers?: Array<{ selected: string[]; other: string }> }>)
                .filter((d): d is { requestId: string; answers: Array<{ selected: string[]; other: string }> } => typeof d.requestId === "string" && !d.requestId.startsWith("async:") && Array.isArray(d.answers))
                .map((d) => ({ requestId: d.requestId, chosen: d.answers.map((a) => a.selected), others: d.answers.map((a) => a.other) })),
            );
        };
      }),
  );
}
