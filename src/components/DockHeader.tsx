import { activeRecord } from "../store/selectors";
import { useDockStore } from "./DockProvider";
import { ExpiryClock } from "./ExpiryClock";
import { RequestNav } from "./RequestNav";

/** Props of `DockHeader`. */
export interface DockHeaderProps {
  onCollapse(): void;
  /** Show the current question's header; stacked cards carry their own. @default true */
  showQuestionHeader?: boolean;
  /** @default Date.now */
  now?: () => number;
}

const CONNECTION_WORDS = { connecting: "Connecting…", reconnecting: "Reconnecting…", offline: "Offline" } as const;

/** The expanded dock's top row: the current question's header, request arrows, time left and Collapse. */
export function DockHeader({ onCollapse, showQuestionHeader = true, now }: DockHeaderProps) {
  const header = useDockStore((s) => {
    const record = activeRecord(s);
    const step = s.activeId ? (s.views[s.activeId]?.step ?? 0) : 0;
    return record ? (record.questions[step]?.header ?? "Review") : "";
  });
  const expiresAtMs = useDockStore((s) => activeRecord(s)?.expiresAtMs);
  const connection = useDockStore((s) => s.connection.state);
  return (
    <div className="qd-header">
      <div className="qd-header__lead">
        {showQuestionHeader && header && <span className="qd-chip">{header}</span>}
        {connection !== "connected" && <span className="qd-connection">{CONNECTION_WORDS[connection]}</span>}
        <RequestNav />
      </div>
      {expiresAtMs !== undefined && Number.isFinite(expiresAtMs) && <ExpiryClock expiresAtMs={expiresAtMs} {...(now ? { now } : {})} />}
      <button type="button" className="qd-icon-button" title="Collapse (Esc)" onClick={onCollapse}>
        <span aria-hidden="true">⌄</span>
        <span className="qd-visually-hidden">Collapse questions</span>
      </button>
    </div>
  );
}
