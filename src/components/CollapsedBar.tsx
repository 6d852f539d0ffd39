import { useCollapsedBar } from "../hooks/use-collapsed-bar";
import { useLocale, useMessages } from "../hooks/use-messages";
import { pluralText } from "../messages";
import { plainTextOf } from "../protocol/markdown";
import { classes, type ViewProps } from "./view-props";
import { useDockParts } from "./DockRoot";
import { ExpiryClock } from "./ExpiryClock";

/**
 * The slim indicator of a collapsed dock: how many requests wait, the newest question with its time left and a
 * "New" mark when it arrived while collapsed, and Expand (also Alt+Shift+Q from anywhere on the page).
 */
export function CollapsedBar({ className, style }: ViewProps) {
  const { collapsed } = useDockParts();
  return collapsed ? <Bar className={className} style={style} /> : null;
}

// Its own component: what counts as new is what arrived since the bar appeared.
function Bar({ className, style }: ViewProps) {
  const { count, asyncQuestions, newest, isNew, expandProps } = useCollapsedBar();
  const question = newest?.questions[0];
  const expiresAtMs = newest?.expiresAtMs;
  const m = useMessages();
  const locale = useLocale();
  return (
    <div className={classes("qd-collapsed", className)} style={style}>
      {/* A word, not a colour alone, says the question is new; the live region has already announced it. */}
      {isNew && <span className="qd-chip qd-chip--new">{m.attention.newMark}</span>}
      {question?.header && <span className="qd-chip">{question.header}</span>}
      <span className="qd-collapsed__question">{question && plainTextOf(question.question)}</span>
      {expiresAtMs !== undefined && Number.isFinite(expiresAtMs) && <ExpiryClock expiresAtMs={expiresAtMs} />}
      <span className="qd-collapsed__count">
        {pluralText(m.requestsWaiting, count, locale)}
        {asyncQuestions > 0 && `, ${pluralText(m.unansweredQuestions, asyncQuestions, locale)}`}
      </span>
      <button className="qd-button qd-button--primary" {...expandProps}>
        {m.expand}
      </button>
    </div>
  );
}
