import { activeRecord } from "../store/selectors";
import { useDockStore } from "./DockProvider";

/** Props of `CollapsedBar`. */
export interface CollapsedBarProps {
  onExpand(): void;
}

/** The slim indicator of a collapsed dock: the question's header and text, how many requests wait, and Expand. */
export function CollapsedBar({ onExpand }: CollapsedBarProps) {
  const count = useDockStore((s) => s.order.length);
  const question = useDockStore((s) => activeRecord(s)?.questions[0]);
  // Async prompts can carry up to 12 questions each, so their count is of questions, not requests.
  const asyncQuestions = useDockStore((s) => Object.keys(s.asyncLinks).reduce((n, id) => n + (s.records[id]?.questions.length ?? 0), 0));
  return (
    <div className="qd-collapsed">
      {question?.header && <span className="qd-chip">{question.header}</span>}
      <span className="qd-collapsed__question">{question?.question}</span>
      <span className="qd-collapsed__count">
        {count === 1 ? "1 request waiting" : `${count} requests waiting`}
        {asyncQuestions > 0 && (asyncQuestions === 1 ? ", 1 unanswered question" : `, ${asyncQuestions} unanswered questions`)}
      </span>
      <button type="button" className="qd-button qd-button--primary" aria-label="Expand questions" onClick={onExpand}>
        Expand
      </button>
    </div>
  );
}
