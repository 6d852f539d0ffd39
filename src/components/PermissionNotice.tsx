import { useId, useState } from "react";
import { usePermissionNotice } from "../hooks/use-permission-notice";
import type { HiddenReason, PermissionNotice as Notice } from "../store/permissions";

/** Longest piece of the gateway's own message shown; it is untrusted text. */
const MAX_DETAIL = 160;

const WHAT: Readonly<Record<string, string>> = {
  "question.list": "see questions",
  "question.get": "see questions",
  "question.resolve": "answer questions",
  "chat.history": "read this conversation",
  "chat.send": "send messages",
};

const REASONS: Readonly<Record<HiddenReason, string>> = {
  secret: "a secret prompt",
  sessionless: "not tied to a conversation",
  admin: "not asked by an agent run of yours",
};

/** One refusal in plain words, e.g. "This connection may not answer questions (missing operator.questions)." */
export function permissionWords(notice: Notice): string {
  const what = WHAT[notice.method] ?? `use ${notice.method}`;
  if (notice.missingScope) return `This connection may not ${what} (missing ${notice.missingScope}).`;
  const said = notice.message.length > MAX_DETAIL ? `${notice.message.slice(0, MAX_DETAIL)}…` : notice.message;
  return `This connection may not ${what}. The gateway said: ${said}`;
}

/** A notice near the dock that the gateway refused this connection something, and which questions it keeps hidden. */
export function PermissionNotice() {
  const { notices, hidden, dismiss } = usePermissionNotice();
  const [open, setOpen] = useState(false);
  const detailsId = useId();
  if (notices.length === 0 && hidden.length === 0) return null;
  return (
    <div className="qd-rejected qd-permission" role="status">
      {notices.map((n) => (
        <p key={n.method} className="qd-rejected__title">
          {permissionWords(n)}
        </p>
      ))}
      {hidden.length > 0 && (
        <>
          <p className="qd-rejected__title">
            {hidden.length === 1 ? "A question is not shown to this connection." : `${hidden.length} questions are not shown to this connection.`}
          </p>
          <button type="button" className="qd-button qd-button--quiet" aria-expanded={open} aria-controls={detailsId} onClick={() => setOpen((o) => !o)}>
            Why
          </button>
          <ul className="qd-rejected__details" id={detailsId} hidden={!open}>
            {hidden.map((h) => (
              <li key={h.id}>{`${h.id.slice(0, 80)}: ${REASONS[h.reason]}`}</li>
            ))}
          </ul>
        </>
      )}
      <button type="button" className="qd-button qd-button--quiet" onClick={dismiss}>
        Dismiss
      </button>
    </div>
  );
}
