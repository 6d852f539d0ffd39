import { useEffect, useMemo, useRef } from "react";
import { useStore } from "zustand";
import { QuestionSummary, useOutcomes } from "../src";
import type { ChatFeed } from "./chat-feed";
import { transcriptItems } from "./transcript-items";

/** Props of `Transcript`. */
export interface TranscriptProps {
  feed: ChatFeed;
}

const ROLE_NAMES = { user: "You", assistant: "Agent", error: "Error" } as const;

/** Chat messages, and each finished question's summary at the agent turn that asked it; summaries stay for good (no eviction). */
export function Transcript({ feed }: TranscriptProps) {
  const entries = useStore(feed.entries);
  const outcomes = useOutcomes();
  const items = useMemo(() => transcriptItems(entries, outcomes), [entries, outcomes]);
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
        <ol className="pg-transcript__list">
          {items.map((item) =>
            item.kind === "message" ? (
              <li key={item.entry.id} className="pg-message" data-role={item.entry.role} data-run={item.entry.runId} data-ending={item.entry.ending}>
                <span className="pg-message__who">{ROLE_NAMES[item.entry.role]}</span>
                <p className="pg-message__text">
                  {item.entry.text}
                  {/* Part of the text, so a reader hears that the reply was cut short. */}
                  {item.entry.ending === "stopped" && <span className="pg-message__stopped"> (stopped)</span>}
                </p>
              </li>
            ) : (
              <li key={`q:${item.outcome.record.id}`} className="pg-outcome" data-run={item.outcome.runId}>
                <QuestionSummary outcome={item.outcome} />
              </li>
            ),
          )}
        </ol>
      )}
      <div ref={end} />
    </section>
  );
}
