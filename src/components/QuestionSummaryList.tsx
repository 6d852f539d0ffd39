import { useThemeAttribute } from "../hooks/dock-context";
import { useLocale, useMessages } from "../hooks/use-messages";
import { useNewestRows } from "../hooks/use-newest-rows";
import { useOutcomes } from "../hooks/use-outcomes";
import { pluralText } from "../messages";
import { QuestionSummary } from "./QuestionSummary";
import { classes, type ViewProps } from "./view-props";

/** How many of the newest summaries `QuestionSummaryList` shows at first, and how many more each press adds. */
export const SUMMARY_PAGE_SIZE = 100;

/** Props of `QuestionSummaryList`. */
export interface QuestionSummaryListProps extends ViewProps {
  /** Summaries shown at first and added per "Show earlier questions". @default SUMMARY_PAGE_SIZE */
  pageSize?: number;
}

/**
 * Every finished request of the dock as summaries, oldest first; nothing is evicted by time. A long conversation
 * shows its newest summaries and a button before them that shows earlier ones a page at a time: thousands of
 * summaries would otherwise be tens of thousands of elements, slowing every frame of the page.
 */
export function QuestionSummaryList({ pageSize = SUMMARY_PAGE_SIZE, className, style }: QuestionSummaryListProps) {
  const outcomes = useOutcomes();
  const m = useMessages();
  const locale = useLocale();
  const theme = useThemeAttribute();
  const { hidden, showEarlier, listRef } = useNewestRows(outcomes.length, pageSize);
  if (outcomes.length === 0) return null;
  const shown = hidden > 0 ? outcomes.slice(hidden) : outcomes;
  return (
    <>
      {hidden > 0 && (
        <button type="button" className="qd-button qd-summaries__earlier" data-theme={theme} onClick={showEarlier}>
          {pluralText(m.summary.showEarlier, hidden, locale)}
        </button>
      )}
      <ol ref={listRef} className={classes("qd-summaries", className)} style={style} data-theme={theme} aria-label={m.summary.listLabel} start={hidden + 1} tabIndex={-1}>
        {shown.map((o) => (
          <li key={o.record.id}>
            <QuestionSummary outcome={o} />
          </li>
        ))}
      </ol>
    </>
  );
}
