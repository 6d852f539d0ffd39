// Reading the blocking drafts a page saved in IndexedDB (keys "scope:<scope>:draft:<request>"; async drafts are
// the ones whose request id starts "async:").
import type { Page } from "@playwright/test";

/** The request ids whose blocking drafts the page's IndexedDB holds, with the Other texts saved in each. */
export async function storedBlockingDrafts(page: Page): Promise<Array<{ requestId: string; others: string[] }>> {
  return page.evaluate(
    () =>
      new Promise<Array<{ requestId: string; others: string[] }>>((resolve, reject) => {
        const open = indexedDB.open("openclaw-question-dock");
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains("records")) return resolve([]);
          const get = db.transaction("records").objectStore("records").getAll(IDBKeyRange.bound("scope:", "scope:\uffff"));
          get.onerror = () => reject(get.error);
          get.onsuccess = () =>
            resolve(
              (get.result as Array<{ requestId?: unknown; answers?: Array<{ other: string }> }>)
                .filter((d): d is { requestId: string; answers: Array<{ other: string }> } => typeof d.requestId === "string" && !d.requestId.startsWith("async:") && Array.isArray(d.answers))
                .map((d) => ({ requestId: d.requestId, others: d.answers.map((a) => a.other) })),
            );
        };
      }),
  );
}
