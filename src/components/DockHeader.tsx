import type { CSSProperties } from "react";
import { useDockStore } from "../hooks/dock-context";
import { useMessages } from "../hooks/use-messages";
import { useDockParts } from "./DockRoot";
import { ExpiryClock } from "./ExpiryClock";
import { RequestNav } from "./RequestNav";

/** Props every part takes. */
export interface PartProps {
  className?: string;
  style?: CSSProperties;
}

/** Joins the kit's class for a part with a host's own. */
export function classes(own: string, extra: string | undefined): string {
  return extra ? `${own} ${extra}` : own;
}

/** The expanded dock's top row: the current question's header (in the stepper), request arrows, time left and Collapse. */
export function DockHeader({ className, style }: PartProps) {
  const { record, mode, step, collapsed, collapse } = useDockParts();
  const m = useMessages();
  const connection = useDockStore((s) => s.connection.state);
  if (collapsed) return null;
  const header = record.questions[step]?.header ?? m.review;
  const expiresAtMs = record.expiresAtMs;
  return (
    <div className={classes("qd-header", className)} style={style}>
      <div className="qd-header__lead">
        {mode === "stepper" && header && <span className="qd-chip">{header}</span>}
        {connection !== "connected" && <span className="qd-connection">{m.connection[connection]}</span>}
        <RequestNav />
      </div>
      {expiresAtMs !== undefined && Number.isFinite(expiresAtMs) && <ExpiryClock expiresAtMs={expiresAtMs} />}
      <button type="button" className="qd-icon-button" title={m.collapseTitle} onClick={collapse}>
        <span aria-hidden="true">⌄</span>
        <span className="qd-visually-hidden">{m.collapse}</span>
      </button>
    </div>
  );
}
