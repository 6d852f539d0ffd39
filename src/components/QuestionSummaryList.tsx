import type { ReactNode } from "react";
import { useThemeAttribute } from "../hooks/dock-context";
import { useViewWords, useWords } from "../hooks/use-messages";
import { useNewestRows } from "../hooks/use-newest-rows";
import { useOutcomes } from "../hooks/use-outcomes";
import { pluralText, summaryEnglish, type PluralForms } from "../messages";
import { QuestionSummary } from "./QuestionSummary";
import { classes, type ViewProps } from "./view-props";

/** How many of the newest summaries `QuestionSummaryList` shows at first, and how many more each press adds. */
export const SUMMARY_PAGE_SIZE = 100;

/** Props of `QuestionSummaryList`. */
export interface QuestionSummaryListProps extends ViewProps {
  /** Summaries shown at first and added per "Show earlier questions". @default SUMMARY_PAGE_SIZE */
  pageSize?: number;
}

interface NewestListProps<T> extends ViewProps {
  rows: readonly T[];
  pageSize: number;
  kind: string;
  label: string;
  earlier: PluralForms;
  /** One shown row, as a keyed list item. */
  children: (row: T) => ReactNode;
}

/** A long log's newest rows (`useNewestRows`) and, before them, a button that shows earlier ones a page at a time. */
export function NewestList<T>({ rows, pageSize, kind, label, earlier, className, style, children }: NewestListProps<T>) {
  const { locale } = useWords();
  const theme = useThemeAttribute();
  const { hidden, showEarlier, listRef } = useNewestRows(rows.length, pageSize);
  return (
    <>
      {hidden > 0 && (
        <button type="button" className="qd-button qd-summaries__earlier" data-theme={theme} onClick={showEarlier}>
          {pluralText(earlier, hidden, locale)}
        </button>
      )}
      <ol ref={listRef} className={classes(kind, className)} style={style} data-theme={theme} aria-label={label} start={hidden + 1} tabIndex={-1}>
        {rows.slice(hidden).map(children)}
      </ol>
    </>
  );
}

/** Every finished request of the dock as summaries, oldest first, the newest shown; nothing is evicted by time. */
export function QuestionSummaryList({ pageSize = SUMMARY_PAGE_SIZE, className, style }: QuestionSummaryListProps) {
  const outcomes = useOutcomes();
  const words = useViewWords("summary", summaryEnglish);
  if (outcomes.length === 0) return null;
  return (
    <NewestList rows={outcomes} pageSize={pageSize} kind="qd-summaries" label={words.listLabel} earlier={words.showEarlier} className={className} style={style}>
      {(o) => (
        <li key={o.record.id}>
          <QuestionSummary outcome={o} />
        </li>
      )}
    </NewestList>
  );
}
