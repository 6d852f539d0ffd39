import { useId, useMemo, useState } from "react";
import { useDockStore, useThemeAttribute } from "../hooks/dock-context";
import { useLocale, useMessages } from "../hooks/use-messages";
import { defaultMessages, pluralText, type QuestionDockMessages } from "../messages";
import type { PermissionNotice as Notice } from "../store/dock/state";

/** Longest piece of the gateway's own message shown; it is untrusted text. */
const MAX_DETAIL = 160;

/** One refusal in plain words, e.g. "This connection may not see questions (missing operator.questions)." */
export function permissionWords(notice: Notice, messages: QuestionDockMessages = defaultMessages): string {
  const words = messages.permission;
  const { what } = words;
  if (notice.missingScope) return words.missingScope({ what, scope: notice.missingScope });
  const said = notice.message.length > MAX_DETAIL ? `${notice.message.slice(0, MAX_DETAIL)}…` : notice.message;
  return words.gatewaySaid({ what, said });
}

/** A notice near the dock that the gateway refused this connection something, and which questions it keeps hidden. */
export function PermissionNotice() {
  const permission = useDockStore((s) => s.permission);
  // Dismissing hides what is there now; a later refusal shows again.
  const [dismissedAt, setDismissedAt] = useState(Number.NEGATIVE_INFINITY);
  const notices = useMemo(() => permission.notices.filter((n) => n.at > dismissedAt), [permission.notices, dismissedAt]);
  const hidden = useMemo(() => permission.hidden.filter((h) => h.at > dismissedAt), [permission.hidden, dismissedAt]);
  const dismiss = () => setDismissedAt(Math.max(...permission.notices.map((n) => n.at), ...permission.hidden.map((h) => h.at)));
  const [open, setOpen] = useState(false);
  const detailsId = useId();
  const m = useMessages();
  const locale = useLocale();
  const theme = useThemeAttribute();
  if (notices.length === 0 && hidden.length === 0) return null;
  return (
    <div className="qd-rejected qd-permission" data-theme={theme} role="status">
      {notices.map((n) => (
        <p key={n.method} className="qd-rejected__title">
          {permissionWords(n, m)}
        </p>
      ))}
      {hidden.length > 0 && (
        <>
          <p className="qd-rejected__title">
            {pluralText(m.permission.hidden, hidden.length, locale)}
          </p>
          <button type="button" className="qd-button qd-button--quiet" aria-expanded={open} aria-controls={detailsId} onClick={() => setOpen((o) => !o)}>
            {m.permission.why}
          </button>
          <ul className="qd-rejected__details" id={detailsId} hidden={!open}>
            {hidden.map((h) => (
              <li key={h.id}>{`${h.id.slice(0, 80)}: ${m.permission.reasons[h.reason]}`}</li>
            ))}
          </ul>
        </>
      )}
      <button type="button" className="qd-button qd-button--quiet" onClick={dismiss}>
        {m.dismiss}
      </button>
    </div>
  );
}
