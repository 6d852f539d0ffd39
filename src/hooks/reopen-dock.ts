// Reopening the dock on a person's request (the shortcut, `/question` in the composer, a notification's click):
// expand it and put focus on its question. The prompt appears with React's next commit, so focus follows it there.
import type { StoreApi } from "zustand/vanilla";
import type { DockStore } from "../store/dock/state";
import { focusFirstControl } from "./use-prompt-focus";

// The element each store's dock renders into, so a reopen finds the prompt of its own dock among several on a page.
const dockElements = new WeakMap<StoreApi<DockStore>, HTMLElement>();

// Enough turns for React to commit the expanded prompt, however its updates are scheduled.
const FOCUS_TRIES = 20;

/** Notes the dock's outer element of a store (null when it goes): `reopenDock` finds the prompt to focus through it. */
export function setDockElement(store: StoreApi<DockStore>, el: HTMLElement | null): void {
  if (el) dockElements.set(store, el);
  else dockElements.delete(store);
}

function focusWhenExpanded(store: StoreApi<DockStore>, tries: number): void {
  setTimeout(() => {
    const dock = dockElements.get(store);
    if (dock?.isConnected && dock.getAttribute("data-state") !== "collapsed") focusFirstControl(dock);
    else if (tries > 1) focusWhenExpanded(store, tries - 1);
  }, 0);
}

/**
 * Reopens the dock at a request (or the active one) and focuses its question. Only for a person's own gesture: a
 * question that arrives by itself never takes focus.
 */
export function reopenDock(store: StoreApi<DockStore>, requestId?: string): void {
  const { actions, records, order } = store.getState();
  if (!order.length) return;
  if (requestId !== undefined && records.get(requestId)) actions.showRequest(requestId);
  actions.expand();
  focusWhenExpanded(store, FOCUS_TRIES);
}
