import { requestPosition } from "../store/selectors";
import { useDockStore } from "./DockProvider";

/** "Request 2 of 3" with Previous request and Next request arrows; nothing while only one request waits. */
export function RequestNav() {
  const index = useDockStore((s) => requestPosition(s).index);
  const count = useDockStore((s) => s.order.length);
  const actions = useDockStore((s) => s.actions);
  if (count < 2) return null;
  const atFirst = index <= 1;
  const atLast = index >= count;
  return (
    <div className="qd-request-nav" role="group" aria-label="Pending requests">
      <button type="button" className="qd-icon-button" aria-label="Previous request" aria-disabled={atFirst || undefined} onClick={atFirst ? undefined : actions.previousRequest}>
        <span aria-hidden="true">‹</span>
      </button>
      <span className="qd-request-nav__text">
        Request {index} of {count}
      </span>
      <button type="button" className="qd-icon-button" aria-label="Next request" aria-disabled={atLast || undefined} onClick={atLast ? undefined : actions.nextRequest}>
        <span aria-hidden="true">›</span>
      </button>
    </div>
  );
}
