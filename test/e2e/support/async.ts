// Async questions in the built playground: scripting the embedded simulated gateway's runs and async
// deliveries, reading its saved history, and reading the answer outbox the page keeps in IndexedDB.
import type { Locator, Page } from "@playwright/test";
import { transcript } from "./playground";

/** A saved transcript message as the simulated gateway stores it; only the fields the specs read. */
export interface SimHistoryMessage {
  role: "user" | "assistant";
  content: string | Array<{ type: string; text: string }>;
  idempotencyKey?: string;
  replyToId?: string;
  openclawAsyncDelivery?: { itemId: string };
  __openclaw: { id: string };
}

/** An outbox entry as stored in IndexedDB; only the fields the specs read. */
export interface StoredOutboxEntry {
  id: string;
  itemId: string;
  state: "queued" | "sending" | "failed" | "unconfirmed" | "confirmed";
  message: string;
}

/** Scripting calls of the simulated gateway that the async specs use. */
type SimMethod = "askAsync" | "startRun" | "streamRun" | "completeRun" | "failRun" | "activeRuns" | "history";

/** Calls `window.__questionDockSim[method](...args)` in the page and returns its (JSON) result. */
export async function simCall<T = unknown>(page: Page, method: SimMethod, ...args: unknown[]): Promise<T> {
  return page.evaluate(
    ([name, params]) => {
      const sim = (window as unknown as { __questionDockSim?: Record<string, (...a: unknown[]) => unknown> }).__questionDockSim;
      if (!sim) throw new Error("window.__questionDockSim is missing: is the playground in simulated mode?");
      return sim[name]!(...params) as T;
    },
    [method, args] as const,
  );
}

/** The main session's saved history, as the simulated gateway holds it. */
export async function simHistory(page: Page): Promise<SimHistoryMessage[]> {
  return simCall<SimHistoryMessage[]>(page, "history");
}

/** The person's messages in the saved history (async answers are ordinary chat messages). */
export async function userMessages(page: Page): Promise<SimHistoryMessage[]> {
  return (await simHistory(page)).filter((m) => m.role === "user");
}

/** The transcript id of the assistant message that carried `itemId`: what an answer's replyToId must name. */
export async function deliveryMessageId(page: Page, itemId: string): Promise<string | undefined> {
  return (await simHistory(page)).find((m) => m.openclawAsyncDelivery?.itemId === itemId)?.__openclaw.id;
}

/** Every outbox entry the page's IndexedDB holds (database "openclaw-question-dock", store "records"). */
export async function storedOutbox(page: Page): Promise<StoredOutboxEntry[]> {
  return page.evaluate(
    () =>
      new Promise<StoredOutboxEntry[]>((resolve, reject) => {
        const open = indexedDB.open("openclaw-question-dock");
        let missing = false;
        // Opening must not create the database: the page's own first open would then find no object store.
        open.onupgradeneeded = () => {
          missing = true;
          open.transaction?.abort();
        };
        open.onerror = () => (missing ? resolve([]) : reject(open.error));
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains("records")) {
            db.close();
            return resolve([]);
          }
          // Every record is kept under its scope ("scope:<scope>:<table>:<id>"); outbox entries are the ones with an itemId.
          const all = db.transaction("records", "readonly").objectStore("records").getAll(IDBKeyRange.bound("scope:", "scope:\uffff"));
          all.onerror = () => reject(all.error);
          all.onsuccess = () => {
            db.close();
            resolve((all.result as Array<Partial<StoredOutboxEntry>>).filter((e): e is StoredOutboxEntry => typeof e.itemId === "string" && typeof e.state === "string"));
          };
        };
      }),
  );
}

/** The transcript summary of an async question, found by its outcome label ("answered", "no longer pending", "skipped"). */
export function asyncSummary(page: Page, outcome: string): Locator {
  return transcript(page).getByRole("article", { name: `Question, ${outcome}` });
}

/** The delivery line of a summary: its role=status words ("Answer queued" … "Answer sent"). */
export function deliveryStatus(summary: Locator): Locator {
  return summary.locator(".qd-summary__delivery").getByRole("status");
}

interface DockWatchWindow {
  __dockSightings?: string[];
}

/** From the next page load on, notes the text of the dock each time it is on screen, however briefly. */
export async function watchDock(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as DockWatchWindow;
    w.__dockSightings = [];
    new MutationObserver(() => {
      const shown = document.querySelector('section[aria-label="Questions"]');
      if (shown) w.__dockSightings?.push(shown.textContent ?? "");
    }).observe(document, { subtree: true, childList: true, characterData: true, attributes: true });
  });
}

/** What `watchDock` saw in the dock since this page loaded. */
export async function dockSightings(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as DockWatchWindow).__dockSightings ?? []);
}
