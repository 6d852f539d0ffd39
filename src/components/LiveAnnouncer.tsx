import { useAnnouncement } from "../hooks/use-announcement";

/** A polite live region that reads the dock's announcements: new questions, delivery and expiry. */
export function LiveAnnouncer() {
  const { text, n } = useAnnouncement();
  return (
    <div className="qd-visually-hidden" role="status" aria-live="polite" aria-atomic="true">
      {/* A new node per announcement, so the same words twice are still read twice. */}
      <span key={n}>{text}</span>
    </div>
  );
}
