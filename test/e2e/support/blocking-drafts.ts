// Reading the blocking drafts a page saved in IndexedDB (keys "blocking:<session>:<request>").
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
          const get = db.transaction("records").objectStore("records").getAll(IDBKeyRange.bound("blocking:", "blocking:\uffff"));
          get.onerror = () => reject(get.error);
          get.onsuccess = () =>
            resolve(
              (get.result as Array<{ requestId: string; answers: Array<{ other: string }> }>).map((d) => ({
                requestId: d.requestId,
                others: d.answers.map((a) => a.other),
              })),
            );
        };
      }),
  );
}
