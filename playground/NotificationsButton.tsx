import { useState } from "react";
import { requestNotificationPermission, type NotificationAccess } from "../src";

const STATE_WORDS = { granted: "Notifications on", denied: "Notifications blocked in the browser" } as const;

const currentAccess = (): NotificationAccess => (typeof Notification === "undefined" ? "unsupported" : Notification.permission);

/**
 * "Enable notifications": the permission is asked for only from this click, never by the dock. Once allowed (or
 * blocked) the button gives way to a line saying so; browsers without notifications show nothing.
 */
export function NotificationsButton() {
  const [access, setAccess] = useState(currentAccess);
  if (access === "unsupported") return null;
  if (access !== "default") return <p className="pg-header__target pg-notifications">{STATE_WORDS[access]}</p>;
  return (
    <button type="button" className="pg-button pg-notifications" onClick={() => void requestNotificationPermission().then(setAccess)}>
      Enable notifications
    </button>
  );
}
