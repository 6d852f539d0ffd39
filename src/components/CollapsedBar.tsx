import { useDockStore } from "./DockProvider";

/** Props of `CollapsedBar`. */
export interface CollapsedBarProps {
  onExpand(): void;
}

/** The slim indicator of a collapsed dock: the question's header and text, how many requests wait, and Expand. */
export function CollapsedBar({ onExpand }: CollapsedBarProps) {
  const count = useDockStore((s) => s.order.length);
  const question = useDockStore((s) => (s.activeId ? s.records[s.activeId]?.questions[0] : undefined));
  return (
    <div className="qd-collapsed">
      {question?.header && <span className="qd-chip">{question.header}</span>}
      <span className="qd-collapsed__question">{question?.question}</span>
      <span className="qd-collapsed__count">{count === 1 ? "1 request waiting" : `${count} requests waiting`}</span>
      <button type="button" className="qd-button qd-button--primary" aria-label="Expand questions" onClick={onExpand}>
        Expand
      </button>
    </div>
  );
}
