import { useDockStore } from "../hooks/dock-context";
import { useMessages } from "../hooks/use-messages";
import { useDockParts } from "./DockRoot";
import { ExpiryClock } from "./ExpiryClock";
import { classes, type ViewProps } from "./view-props";
import { useRequestNav } from "../hooks/use-request-nav";

/** The expanded dock's top row: the current question's header (in the stepper), request arrows, time left and Collapse. */
export function DockHeader({ className, style }: ViewProps) {
  const { record, mode, step, collapsed, collapse } = useDockParts();
  const m = useMessages();
  const connection = useDockStore((s) => s.connection.state);
  // "Request 2 of 3" with Previous request and Next request arrows, while more than one request waits.
  const nav = useRequestNav();
  if (collapsed) return null;
  const header = record.questions[step]?.header ?? m.review;
  const expiresAtMs = record.expiresAtMs;
  return (
    <div className={classes("qd-header", className)} style={style}>
      <div className="qd-header__lead">
        {mode === "stepper" && header && <span className="qd-chip">{header}</span>}
        {connection !== "connected" && <span className="qd-connection">{m.connection[connection]}</span>}
        {nav && (
          <div className="qd-request-nav" {...nav.groupProps}>
            <button className="qd-icon-button" {...nav.previousProps}>
              <span aria-hidden="true">‹</span>
            </button>
            <span className="qd-request-nav__text">{m.requestNav.position({ index: nav.index, count: nav.count })}</span>
            <button className="qd-icon-button" {...nav.nextProps}>
              <span aria-hidden="true">›</span>
            </button>
          </div>
        )}
      </div>
      {expiresAtMs !== undefined && Number.isFinite(expiresAtMs) && <ExpiryClock expiresAtMs={expiresAtMs} />}
      <button type="button" className="qd-icon-button" title={m.collapseTitle} onClick={collapse}>
        <span aria-hidden="true">⌄</span>
        <span className="qd-visually-hidden">{m.collapse}</span>
      </button>
    </div>
  );
}
