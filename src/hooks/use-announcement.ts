import { useDockStore } from "../components/DockProvider";

/** The latest polite announcement; its counter changes even when the words repeat. */
export function useAnnouncement(): { text: string; n: number } {
  return useDockStore((s) => s.announcement);
}
