import { useEffect, useMemo, useRef } from "react";
import { useStore } from "zustand";
import { QuestionSummary, useTranscriptItems } from "../src";
import { useNewestRows } from "../src/hooks/use-newest-rows";
import type { ChatFeed } from "./chat-feed";
import { entryMessages } from "./transcript-items";

/** Props of `Transcript`. */
export interface TranscriptProps {
  feed: ChatFeed;
  /** Rows shown at first and added per "Show earlier messages". */
  pageSize?: number;
}

/**
 * The newest rows the transcript shows: thousands of summaries would be tens of thousands of elements. Enough for
 * any conversation a person scrolls through in one sitting; earlier rows are a press away.
 */
export const TRANSCRIPT_ROWS = 250;

const ROLE_NAMES = { user: "You", assistant: "Agent", error: "Error" } as const;

/** Chat messages, and each finished question's summary at the agent turn that asked it (the kit's placement); summaries stay for good. */
export function Transcript({ feed, pageSize = TRANSCRIPT_ROWS }: TranscriptProps) {
  const entries = useStore(feed.entries);
  const messages = useMemo(() => entryMessages(entries), [entries]);
  const items = useTranscriptItems(messages);
  const { hidden, showEarlier, listRef } = useNewestRows(items.length, pageSize);
  const end = useRef<HTMLDivElement>(null);
  useEffect(() => {
    // Braces matter: newer Chromium returns a promise from scrollIntoView, which React would take for a cleanup.
    end.current?.scrollIntoView({ block: "end" });
  }, [items]);
  return (
    <section className="pg-transcript" aria-label="Transcript">
      {items.length === 0 ? (
        <p className="pg-transcript__empty">No messages yet. Send one below, or start a scenario above.</p>
      ) : (
        <>
          {hidden > 0 && (
            <button type="button" className="pg-button pg-transcript__earlier" onClick={showEarlier}>
              {hidden === 1 ? "Show the earlier message" : `Show earlier messages (${hidden} not shown)`}
            </button>
          )}
          <ol ref={listRef} className="pg-transcript__list" start={hidden + 1} tabIndex={-1}>
            {items.slice(hidden).map(({ key, ...item }) =>
              item.kind === "message" ? (
                <li key={key} className="pg-message" data-role={item.message.entry.role} data-run={item.message.runId} data-ending={item.message.entry.ending}>
                  <span className="pg-message__who">{ROLE_NAMES[item.message.entry.role]}</span>
                  <p className="pg-message__text">
                    {item.message.entry.text}
                    {/* Part of the text, so a reader hears that the reply was cut short. */}
                    {item.message.entry.ending === "stopped" && <span className="pg-message__stopped"> (stopped)</span>}
                  </p>
                </li>
              ) : (
                <li key={key} className="pg-outcome" data-run={item.outcome.runId}>
                  <QuestionSummary outcome={item.outcome} />
                </li>
              ),
            )}
          </ol>
        </>
      )}
      <div ref={end} />
    </section>
  );
}
