import { useId, useState } from "react";
import { useRejections } from "../hooks/use-rejections";

/** Longest piece of a gateway's validation issue shown; the rest is cut, since the text came from untrusted input. */
const MAX_DETAIL = 200;

const cut = (text: string) => (text.length > MAX_DETAIL ? `${text.slice(0, MAX_DETAIL)}…` : text);

/** A small notice that the gateway sent a question the dock could not show, with its problems on demand. */
export function RejectedNotice() {
  const { items, dismiss } = useRejections();
  const [open, setOpen] = useState(false);
  const detailsId = useId();
  if (items.length === 0) return null;
  return (
    <div className="qd-rejected" role="status">
      <p className="qd-rejected__title">
        {items.length === 1 ? "A question could not be shown." : `${items.length} questions could not be shown.`}
      </p>
      <button type="button" className="qd-button qd-button--quiet" aria-expanded={open} aria-controls={detailsId} onClick={() => setOpen((o) => !o)}>
        Details
      </button>
      <button type="button" className="qd-button qd-button--quiet" onClick={dismiss}>
        Dismiss
      </button>
      <ul className="qd-rejected__details" id={detailsId} hidden={!open}>
        {items.flatMap((item, i) =>
          item.errors.slice(0, 5).map((issue, j) => (
            <li key={`${i}:${j}`}>
              {cut(`${item.id ? `${item.id}: ` : ""}${issue.path ? `${issue.path}: ` : ""}${issue.message}`)}
            </li>
          )),
        )}
      </ul>
    </div>
  );
}
