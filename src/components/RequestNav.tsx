import { useRequestPosition } from "../hooks/use-active-request";
import { useDockStore } from "../hooks/dock-context";
import { REQUEST_NAV_ATTR } from "../hooks/keyboard-intent";
import { useMessages } from "../hooks/use-messages";

/** "Request 2 of 3" with Previous request and Next request arrows; nothing while only one request waits. */
export function RequestNav() {
  const { index, count } = useRequestPosition();
  const actions = useDockStore((s) => s.actions);
  const m = useMessages();
  if (count < 2) return null;
  const atFirst = index <= 1;
  const atLast = index >= count;
  return (
    <div className="qd-request-nav" role="group" aria-label={m.requestNav.group} {...{ [REQUEST_NAV_ATTR]: "" }}>
      <button type="button" className="qd-icon-button" aria-label={m.requestNav.previous} aria-disabled={atFirst || undefined} onClick={atFirst ? undefined : actions.previousRequest}>
        <span aria-hidden="true">‹</span>
      </button>
      <span className="qd-request-nav__text">
        {m.requestNav.position({ index, count })}
      </span>
      <button type="button" className="qd-icon-button" aria-label={m.requestNav.next} aria-disabled={atLast || undefined} onClick={atLast ? undefined : actions.nextRequest}>
        <span aria-hidden="true">›</span>
      </button>
    </div>
  );
}
