import { useRequestNav } from "../hooks/use-request-nav";
import { useMessages } from "../hooks/use-messages";

/** "Request 2 of 3" with Previous request and Next request arrows; nothing while only one request waits. */
export function RequestNav() {
  const nav = useRequestNav();
  const m = useMessages();
  if (!nav) return null;
  return (
    <div className="qd-request-nav" {...nav.groupProps}>
      <button className="qd-icon-button" {...nav.previousProps}>
        <span aria-hidden="true">‹</span>
      </button>
      <span className="qd-request-nav__text">{m.requestNav.position({ index: nav.index, count: nav.count })}</span>
      <button className="qd-icon-button" {...nav.nextProps}>
        <span aria-hidden="true">›</span>
      </button>
    </div>
  );
}
