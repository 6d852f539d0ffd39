import { useEffect, useRef } from "react";
import { plainTextOf } from "../protocol/markdown";
import { isSecretQuestion, type QuestionRecord } from "../protocol/question-record";
import type { QuestionDockMessages } from "../messages";
import type { StoreApi } from "zustand/vanilla";
import type { DockStore } from "../store/dock/state";
import { useDockStoreApi } from "./dock-context";
import { useMessages } from "./use-messages";
import { reopenDock } from "./use-reopen-shortcut";

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

// The first question's words as plain text, or a fixed sentence when any question is secret.
function notificationText(record: QuestionRecord, m: QuestionDockMessages): string {
  const first = record.questions[0];
  if (record.questions.some(isSecretQuestion)) return m.attention.secretQuestion;
  return (first && plainTextOf(first.question)) || first?.header.trim() || m.attention.openToAnswer;
}

/** Notifies once per blocking question arriving while the page is hidden; opt in with `enabled`; safe on a server. */
export function useQuestionNotifications(enabled = true): void {
  const store = useDockStoreApi();
  const m = useMessages();
  // The words as they are when a question arrives, without resubscribing when the locale changes.
  const words = useRef(m);
  useEffect(() => {
    words.current = m;
  }, [m]);
  useEffect(() => {
    if (!enabled || typeof Notification === "undefined") return;
    let notified = notifiedByStore.get(store);
    if (!notified) notifiedByStore.set(store, (notified = new Set()));
    const seen = notified;
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
      const body = notificationText(record, words.current);
      let shown: Notification;
      try {
        // The tag lets the system replace rather than stack a notification of the same request from another tab.
        shown = new Notification(words.current.attention.notificationTitle, { body, tag: `question-dock:${record.id}` });
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
