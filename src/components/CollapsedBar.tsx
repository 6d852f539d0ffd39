import { REOPEN_DOCK_KEYS } from "../hooks/keyboard-intent";
import { useCollapsedBar } from "../hooks/use-collapsed-bar";
import { useLocale, useMessages } from "../hooks/use-messages";
import { pluralText } from "../messages";
import { plainTextOf } from "../protocol/markdown";
import { ExpiryClock } from "./ExpiryClock";

/** Props of `CollapsedBar`. */
export interface CollapsedBarProps {
  onExpand(): void;
}

/**
 * The slim indicator of a collapsed dock: how many requests wait, the newest question with its time left and a
 * "New" mark when it arrived while collapsed, and Expand (also Alt+Shift+Q from anywhere on the page).
 */
export function CollapsedBar({ onExpand }: CollapsedBarProps) {
  const { count, asyncQuestions, newest, isNew } = useCollapsedBar();
  const question = newest?.questions[0];
  const expiresAtMs = newest?.expiresAtMs;
  const m = useMessages();
  const locale = useLocale();
  return (
    <div className="qd-collapsed">
      {/* A word, not a colour alone, says the question is new; the live region has already announced it. */}
      {isNew && <span className="qd-chip qd-chip--new">{m.attention.newMark}</span>}
      {question?.header && <span className="qd-chip">{question.header}</span>}
      <span className="qd-collapsed__question">{question && plainTextOf(question.question)}</span>
      {expiresAtMs !== undefined && Number.isFinite(expiresAtMs) && <ExpiryClock expiresAtMs={expiresAtMs} />}
      <span className="qd-collapsed__count">
        {pluralText(m.requestsWaiting, count, locale)}
        {asyncQuestions > 0 && `, ${pluralText(m.unansweredQuestions, asyncQuestions, locale)}`}
      </span>
      <button type="button" className="qd-button qd-button--primary" aria-label={m.expandLabel} aria-keyshortcuts={REOPEN_DOCK_KEYS} title={m.attention.reopenShortcut} onClick={onExpand}>
        {m.expand}
      </button>
    </div>
  );
}
