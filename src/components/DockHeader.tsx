import { useActiveRecord, useActiveStep } from "../hooks/use-active-request";
import { useDockStore } from "../hooks/dock-context";
import { useMessages } from "../hooks/use-messages";
import { ExpiryClock } from "./ExpiryClock";
import { RequestNav } from "./RequestNav";

/** Props of `DockHeader`. */
export interface DockHeaderProps {
  onCollapse(): void;
  /** Show the current question's header; stacked cards carry their own. @default true */
  showQuestionHeader?: boolean;
}

/** The expanded dock's top row: the current question's header, request arrows, time left and Collapse. */
export function DockHeader({ onCollapse, showQuestionHeader = true }: DockHeaderProps) {
  const record = useActiveRecord();
  const step = useActiveStep();
  const m = useMessages();
  const header = record ? (record.questions[step]?.header ?? m.review) : "";
  const expiresAtMs = record?.expiresAtMs;
  const connection = useDockStore((s) => s.connection.state);
  return (
    <div className="qd-header">
      <div className="qd-header__lead">
        {showQuestionHeader && header && <span className="qd-chip">{header}</span>}
        {connection !== "connected" && <span className="qd-connection">{m.connection[connection]}</span>}
        <RequestNav />
      </div>
      {expiresAtMs !== undefined && Number.isFinite(expiresAtMs) && <ExpiryClock expiresAtMs={expiresAtMs} />}
      <button type="button" className="qd-icon-button" title={m.collapseTitle} onClick={onCollapse}>
        <span aria-hidden="true">⌄</span>
        <span className="qd-visually-hidden">{m.collapse}</span>
      </button>
    </div>
  );
}
