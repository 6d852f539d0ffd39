import { useId, useMemo, useState } from "react";
import type { ValidationIssue } from "../protocol/result";
import { truncateGraphemes } from "../protocol/graphemes";
import { useDockStore, useThemeAttribute } from "../hooks/dock-context";
import { useLocale, useMessages } from "../hooks/use-messages";
import { pluralText } from "../messages";

// The id, path and message come from untrusted input; each is cut on its own (by user-perceived character, so no
// emoji or surrogate pair is split), so a long id or path never hides the message that explains the problem.
const MAX_ID = 40;
const MAX_PATH = 60;
const MAX_MESSAGE = 160;

/** Untrusted text cut to `max` user-perceived characters, with an ellipsis where it was cut. */
export const cut = (text: string, max: number) => {
  const short = truncateGraphemes(text, max);
  return short === text ? text : `${short}…`;
};

// Records that failed validation; a failed recovery (a transport error) is a connection matter, shown elsewhere.
const RECORD_SOURCES: ReadonlySet<string> = new Set(["question.requested", "question.resolved", "question.list", "question.get"]);

// One problem as a line of text: "id: path: message", each part cut to a sensible length.
function rejectionLine(id: string | undefined, issue: ValidationIssue): string {
  return `${id ? `${cut(id, MAX_ID)}: ` : ""}${issue.path ? `${cut(issue.path, MAX_PATH)}: ` : ""}${cut(issue.message, MAX_MESSAGE)}`;
}

/** A small notice that the gateway sent a question the dock could not show, with its problems on demand. */
export function RejectedNotice() {
  const rejected = useDockStore((s) => s.rejected);
  // Dismissing hides what is there now; a record rejected later shows again.
  const [dismissedAt, setDismissedAt] = useState(Number.NEGATIVE_INFINITY);
  const items = useMemo(() => rejected.filter((r) => RECORD_SOURCES.has(r.source) && r.at > dismissedAt), [rejected, dismissedAt]);
  const [open, setOpen] = useState(false);
  const detailsId = useId();
  const m = useMessages();
  const locale = useLocale();
  const theme = useThemeAttribute();
  if (items.length === 0) return null;
  return (
    <div className="qd-rejected" data-theme={theme} role="status">
      <p className="qd-rejected__title">
        {pluralText(m.rejected.count, items.length, locale)}
      </p>
      <button type="button" className="qd-button qd-button--quiet" aria-expanded={open} aria-controls={detailsId} onClick={() => setOpen((o) => !o)}>
        {m.rejected.details}
      </button>
      <button type="button" className="qd-button qd-button--quiet" onClick={() => setDismissedAt(Math.max(...rejected.map((r) => r.at)))}>
        {m.dismiss}
      </button>
      <ul className="qd-rejected__details" id={detailsId} hidden={!open}>
        {items.flatMap((item, i) =>
          item.errors.slice(0, 5).map((issue, j) => (
            <li key={`${i}:${j}`}>{rejectionLine(item.id, issue)}</li>
          )),
        )}
      </ul>
    </div>
  );
}
