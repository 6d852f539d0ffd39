// The browser's permission for notifications, read and asked for without touching `Notification` on the server or
// at import, and asked for only from a person's own gesture (browsers ignore or penalise a request made without one).
import { useSyncExternalStore } from "react";

/** Whether this page may show notifications; "unsupported" where the browser (or the server) has none. */
export type NotificationAccess = NotificationPermission | "unsupported";

const listeners = new Set<() => void>();

/** The permission as it stands now. */
export function notificationAccess(): NotificationAccess {
  return typeof Notification === "undefined" ? "unsupported" : Notification.permission;
}

/**
 * Asks the person to allow notifications. Call it only from their click or key press, such as an "Enable notifications"
 * button: the dock never asks by itself.
 */
export async function requestNotificationPermission(): Promise<NotificationAccess> {
  if (typeof Notification === "undefined") return "unsupported";
  try {
    await Notification.requestPermission();
  } finally {
    listeners.forEach((l) => l());
  }
  return Notification.permission;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // A choice made in the browser's own settings reaches the page only through the Permissions API, where there is one.
  let status: PermissionStatus | undefined;
  let gone = false;
  void navigator.permissions
    ?.query({ name: "notifications" })
    .then((s) => {
      if (gone) return;
      status = s;
      s.addEventListener("change", listener);
    })
    .catch(() => undefined);
  return () => {
    gone = true;
    listeners.delete(listener);
    status?.removeEventListener("change", listener);
  };
}

/** The notification permission, kept current; "unsupported" in server rendering. */
export function useNotificationAccess(): NotificationAccess {
  return useSyncExternalStore(subscribe, notificationAccess, () => "unsupported");
}
