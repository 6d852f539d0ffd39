// What calls a person back to a waiting question from elsewhere: the title count, a notification, the reopen shortcut.
import { useEffect, useRef, type RefObject } from "react";
import type { StoreApi } from "zustand/vanilla";
import { plainTextOf } from "../protocol/markdown";
import { isSecretQuestion } from "../protocol/question-record";
import type { DockState, DockStore } from "../store/dock/state";
import { useDockStore, useDockStoreApi } from "./dock-context";
import { isReopenDockKey } from "./keyboard-intent";
import { useWords } from "./use-messages";
import { focusFirstControl, focusMemoryOf } from "./use-prompt-focus";

// How many blocking requests wait: the ones an agent is stopped on. Async (Codex) questions do not count.
const blockingCount = (s: DockState) => s.order.filter((id) => !s.asyncOrigins.get(id)).length;

/** While blocking questions wait, the title carries their count, "(1) ❓ Chat"; the page's own comes back after. */
export function useQuestionTitle(enabled = true): void {
  const count = useDockStore(blockingCount);
  const format = useWords().messages.attention.titleCount;
  // The hook's last title and the page's own: a new count rewrites the title once, never restore-then-write.
  const shown = useRef<{ own: string; written: string } | null>(null);
  useEffect(() => {
    const last = shown.current;
    // A title the host set in between is the page's own from then on.
    const own = last && document.title === last.written ? last.own : document.title;
    if (!enabled || count === 0) return void restoreTitle(shown);
    const written = format({ count, title: own });
    if (document.title !== written) document.title = written;
    shown.current = { own, written };
  }, [enabled, count, format]);
  useEffect(() => () => restoreTitle(shown), []);
}

function restoreTitle(shown: RefObject<{ own: string; written: string } | null>): void {
  if (shown.current && document.title === shown.current.written) document.title = shown.current.own;
  shown.current = null;
}

/** Whether this page may show notifications; "unsupported" where the browser (or the server) has none. */
export type NotificationAccess = NotificationPermission | "unsupported";

/** Asks to allow notifications; call it only from a click or key press, as browsers ignore requests without one. */
export async function requestNotificationPermission(): Promise<NotificationAccess> {
  if (typeof Notification === "undefined") return "unsupported";
  await Notification.requestPermission();
  return Notification.permission;
}

// Requests each store has notified of, so a remounted dock or a reconnect never notifies of one twice.
const notifiedByStore = new WeakMap<StoreApi<DockStore>, Set<string>>();

/** Notifies once per blocking question arriving while the page is hidden; opt in with `enabled`; safe on a server. */
export function useQuestionNotifications(enabled = true): void {
  const store = useDockStoreApi();
  const m = useWords().messages;
  // The words as they are when a question arrives, without resubscribing when the locale changes.
  const words = useRef(m);
  useEffect(() => {
    words.current = m;
  }, [m]);
  useEffect(() => {
    if (!enabled || typeof Notification === "undefined") return;
    const seen = notifiedByStore.get(store) ?? new Set<string>();
    notifiedByStore.set(store, seen);
    const open = new Map<string, Notification>();
    const off = store.getState().actions.onRequestChange((change) => {
      if (change.type === "ended") {
        open.get(change.id)?.close();
        open.delete(change.id);
        return;
      }
      const { record } = change;
      if (!change.blocking || seen.has(record.id) || document.visibilityState !== "hidden" || Notification.permission !== "granted") return;
      seen.add(record.id);
      const first = record.questions[0];
      const { attention } = words.current;
      const secret = record.questions.some(isSecretQuestion);
      const body = secret ? attention.secretQuestion : (first && plainTextOf(first.question)) || first?.header.trim() || attention.openToAnswer;
      let shown: Notification;
      try {
        // The tag lets the system replace rather than stack a notification of the same request from another tab.
        shown = new Notification(attention.notificationTitle, { body, tag: `question-dock:${record.id}` });
      } catch {
        // Some browsers (Chrome on Android) show notifications only through a service worker; the title count remains.
        return;
      }
      shown.onclick = () => {
        window.focus();
        reopenDock(store, record.id);
        shown.close();
      };
      open.set(record.id, shown);
    });
    return () => {
      off();
      open.forEach((n) => n.close());
    };
  }, [enabled, store]);
}

/** Reopens the dock at a request (or the active one) and focuses its question; for a person's own gesture only. */
export function reopenDock(store: StoreApi<DockStore>, requestId?: string): void {
  const { actions, records, order } = store.getState();
  if (!order.length) return;
  if (requestId !== undefined && records.get(requestId)) actions.showRequest(requestId);
  actions.expand();
  // The prompt appears with a later commit, so focus follows it there: 20 turns are enough for React to commit it,
  // however its updates are scheduled.
  const focusWhenExpanded = (tries: number) =>
    setTimeout(() => {
      const { dock } = focusMemoryOf(store);
      if (dock?.isConnected && dock.getAttribute("data-state") !== "collapsed") focusFirstControl(dock);
      else if (tries > 1) focusWhenExpanded(tries - 1);
    }, 0);
  focusWhenExpanded(20);
}

/** Listens on the whole page for Alt+Shift+Q (`REOPEN_DOCK_KEYS`) while a request waits, and reopens the dock at it. */
export function useReopenShortcut(enabled = true): void {
  const store = useDockStoreApi();
  const waiting = useDockStore((s) => s.order.length > 0);
  useEffect(() => {
    if (!enabled || !waiting) return;
    const onKeyDown = (e: KeyboardEvent) => {
      if (e.defaultPrevented || !isReopenDockKey(e)) return;
      e.preventDefault();
      reopenDock(store);
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [enabled, waiting, store]);
}
