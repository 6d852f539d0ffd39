import { useId, useMemo, useState, type ReactNode } from "react";
import type { ValidationIssue } from "../protocol/result";
import { shortened } from "../protocol/graphemes";
import { useDockStore, useThemeAttribute } from "../hooks/dock-context";
import { useWords } from "../hooks/use-messages";
import { pluralText } from "../messages";
import { classes } from "./view-props";

/** A notice beside the dock: its lines, a list of details behind a button when there are some, and Dismiss. */
export function Notice({ kind, details, onDismiss, children }: { kind?: string; details?: { label: string; items: ReactNode } | undefined; onDismiss(): void; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const detailsId = useId();
  const m = useWords().messages;
  return (
    <div className={classes("qd-rejected", kind)} data-theme={useThemeAttribute()} role="status">
      {children}
      {details && (
        <button type="button" className="qd-button qd-button--quiet" aria-expanded={open} aria-controls={detailsId} onClick={() => setOpen((o) => !o)}>
          {details.label}
        </button>
      )}
      <button type="button" className="qd-button qd-button--quiet" onClick={onDismiss}>
        {m.dismiss}
      </button>
      {details && (
        <ul className="qd-rejected__details" id={detailsId} hidden={!open}>
          {details.items}
        </ul>
      )}
    </div>
  );
}

/** Longest piece of untrusted text (the gateway's words, an item id) a notice shows. */
export const MAX_DETAIL = 160;

// Records that failed validation; a failed recovery (a transport error) is a connection matter, shown elsewhere.
const RECORD_SOURCES: ReadonlySet<string> = new Set(["question.requested", "question.resolved", "question.list", "question.get"]);

// Untrusted parts, each cut on its own so a long id or path never hides the message that explains the problem.
function rejectionLine(id: string | undefined, issue: ValidationIssue): string {
  return `${id ? `${shortened(id, 40)}: ` : ""}${issue.path ? `${shortened(issue.path, 60)}: ` : ""}${shortened(issue.message, MAX_DETAIL)}`;
}

/** A small notice that the gateway sent a question the dock could not show, with its problems on demand. */
export function RejectedNotice() {
  const rejected = useDockStore((s) => s.rejected);
  // Dismissing hides what is there now; a record rejected later shows again.
  const [dismissedAt, setDismissedAt] = useState(Number.NEGATIVE_INFINITY);
  const items = useMemo(() => rejected.filter((r) => RECORD_SOURCES.has(r.source) && r.at > dismissedAt), [rejected, dismissedAt]);
  const { messages: m, locale } = useWords();
  if (items.length === 0) return null;
  const lines = items.flatMap((item, i) => item.errors.slice(0, 5).map((issue, j) => <li key={`${i}:${j}`}>{rejectionLine(item.id, issue)}</li>));
  return (
    <Notice details={{ label: m.rejected.details, items: lines }} onDismiss={() => setDismissedAt(Math.max(...rejected.map((r) => r.at)))}>
      <p className="qd-rejected__title">{pluralText(m.rejected.count, items.length, locale)}</p>
    </Notice>
  );
}

/** A notice near the dock that the gateway refused this connection something, and which questions it keeps hidden. */
export function PermissionNotice() {
  const permission = useDockStore((s) => s.permission);
  // Dismissing hides what is there now; a later refusal shows again.
  const [dismissedAt, setDismissedAt] = useState(Number.NEGATIVE_INFINITY);
  const notices = useMemo(() => permission.notices.filter((n) => n.at > dismissedAt), [permission.notices, dismissedAt]);
  const hidden = useMemo(() => permission.hidden.filter((h) => h.at > dismissedAt), [permission.hidden, dismissedAt]);
  const dismiss = () => setDismissedAt(Math.max(...permission.notices.map((n) => n.at), ...permission.hidden.map((h) => h.at)));
  const { messages: { permission: words }, locale } = useWords();
  if (notices.length === 0 && hidden.length === 0) return null;
  const why = hidden.map((h) => <li key={h.id}>{`${h.id.slice(0, 80)}: ${words.reasons[h.reason]}`}</li>);
  return (
    <Notice kind="qd-permission" details={hidden.length > 0 ? { label: words.why, items: why } : undefined} onDismiss={dismiss}>
      {notices.map((n) => (
        <p key={n.method} className="qd-rejected__title">
          {n.missingScope ? words.missingScope({ what: words.what, scope: n.missingScope }) : words.gatewaySaid({ what: words.what, said: shortened(n.message, MAX_DETAIL) })}
        </p>
      ))}
      {hidden.length > 0 && <p className="qd-rejected__title">{pluralText(words.hidden, hidden.length, locale)}</p>}
    </Notice>
  );
}
