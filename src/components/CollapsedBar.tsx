import { useActiveRecord } from "../hooks/use-active-request";
import { useDockStore } from "../hooks/dock-context";
import { useLocale, useMessages } from "../hooks/use-messages";
import { pluralText } from "../messages";
import { plainTextOf } from "../protocol/markdown";

/** Props of `CollapsedBar`. */
export interface CollapsedBarProps {
  onExpand(): void;
}

/** The slim indicator of a collapsed dock: the question's header and text, how many requests wait, and Expand. */
export function CollapsedBar({ onExpand }: CollapsedBarProps) {
  const count = useDockStore((s) => s.order.length);
  const question = useActiveRecord()?.questions[0];
  // Async prompts can carry up to 12 questions each, so their count is of questions, not requests.
  const asyncQuestions = useDockStore((s) => [...s.asyncLinks.keys()].reduce((n, id) => n + (s.records.get(id)?.questions.length ?? 0), 0));
  const m = useMessages();
  const locale = useLocale();
  return (
    <div className="qd-collapsed">
      {question?.header && <span className="qd-chip">{question.header}</span>}
      <span className="qd-collapsed__question">{question && plainTextOf(question.question)}</span>
      <span className="qd-collapsed__count">
        {pluralText(m.requestsWaiting, count, locale)}
        {asyncQuestions > 0 && `, ${pluralText(m.unansweredQuestions, asyncQuestions, locale)}`}
      </span>
      <button type="button" className="qd-button qd-button--primary" aria-label={m.expandLabel} onClick={onExpand}>
        {m.expand}
      </button>
    </div>
  );
}
