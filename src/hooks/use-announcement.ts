import { announcementText } from "../messages";
import type { Announcement } from "../store/dock/state";
import { useDockStore } from "./dock-context";
import { useMessages } from "./use-messages";

/** The latest polite announcement in the dock's words; its counter changes even when the words repeat. */
export function useAnnouncement(): { text: string; n: number; announcement: Announcement } {
  const announcement = useDockStore((s) => s.announcement);
  const messages = useMessages();
  return { text: announcementText(announcement, messages), n: announcement.n, announcement };
}
