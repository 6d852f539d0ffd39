// The browser's permission for notifications, asked for without touching `Notification` on the server or at import,
// and only from a person's own gesture (browsers ignore or penalise a request made without one).

/** Whether this page may show notifications; "unsupported" where the browser (or the server) has none. */
export type NotificationAccess = NotificationPermission | "unsupported";

/**
 * Asks the person to allow notifications. Call it only from their click or key press, such as an "Enable notifications"
 * button: the dock never asks by itself.
 */
export async function requestNotificationPermission(): Promise<NotificationAccess> {
  if (typeof Notification === "undefined") return "unsupported";
  await Notification.requestPermission();
  return Notification.permission;
}
