import { memo, type ReactNode } from "react";
import { useViewWords } from "../hooks/use-messages";
import { transcriptEnglish } from "../messages";
import { useTranscriptItems } from "../hooks/use-outcomes";
import type { Outcome } from "../store/dock/state";
import type { TranscriptMessage } from "../store/dock/transcript-placement";
import { QuestionSummary } from "./QuestionSummary";
import { NewestList } from "./QuestionSummaryList";
import type { ViewProps } from "./view-props";

/** Props of `QuestionTranscript`. */
export interface QuestionTranscriptProps<M extends TranscriptMessage> extends ViewProps {
  /** The conversation in order, mapped to `TranscriptMessage` (extra fields are passed back to `renderMessage`). */
  messages: readonly M[];
  /** A message's content, inside its list item; text from the agent should render as text. */
  renderMessage: (message: M) => ReactNode;
  /** Rows shown at first and added per "Show earlier messages". @default 100 */
  pageSize?: number;
}

// Outcomes are replaced, not changed, so memo keeps a new row from re-rendering shown summaries; pure for tree-shaking.
const SummaryItem = /* @__PURE__ */ memo(function SummaryItem({ outcome }: { outcome: Outcome }) {
  return (
    <li className="qd-transcript__summary">
      <QuestionSummary outcome={outcome} />
    </li>
  );
});

/** A conversation as one list: the host's messages, and each question's summary at the turn that asked it. */
export function QuestionTranscript<M extends TranscriptMessage>({ messages, renderMessage, pageSize = 100, className, style }: QuestionTranscriptProps<M>) {
  const items = useTranscriptItems(messages);
  const words = useViewWords("transcript", transcriptEnglish);
  if (items.length === 0) return null;
  return (
    <NewestList rows={items} pageSize={pageSize} kind="qd-transcript" label={words.label} earlier={words.showEarlier} className={className} style={style}>
      {(item) =>
        item.kind === "message" ? (
          <li key={item.key} className="qd-transcript__message" data-role={item.message.role}>
            {renderMessage(item.message)}
          </li>
        ) : (
          <SummaryItem key={item.key} outcome={item.outcome} />
        )
      }
    </NewestList>
  );
}
