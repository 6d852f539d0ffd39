import { useEffect, useMemo, useRef } from "react";
import { useStore } from "zustand";
import { QuestionSummary } from "../src/components";
import { useOutcomes } from "../src/hooks";
import type { Outcome } from "../src/store";
import type { ChatEntry, ChatFeed } from "./chat-feed";

/** Props of `Transcript`. */
export interface TranscriptProps {
  feed: ChatFeed;
}

type Item = { kind: "message"; at: number; entry: ChatEntry } | { kind: "outcome"; at: number; outcome: Outcome };

const ROLE_NAMES = { user: "You", assistant: "Agent", error: "Error" } as const;

/** Chat messages and finished questions' summaries, in time order; summaries stay for good (no eviction). */
export function Transcript({ feed }: TranscriptProps) {
  const entries = useStore(feed.entries);
  const outcomes = useOutcomes();
  const items = useMemo(() => {
    const all: Item[] = [
      ...entries.map((entry): Item => ({ kind: "message", at: entry.at, entry })),
      ...outcomes.map((outcome): Item => ({ kind: "outcome", at: outcome.at, outcome })),
    ];
    // A stable sort keeps each source's own order where times are equal.
    return all.sort((a, b) => a.at - b.at);
  }, [entries, outcomes]);
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
              <li key={item.entry.id} className="pg-message" data-role={item.entry.role}>
                <span className="pg-message__who">{ROLE_NAMES[item.entry.role]}</span>
                <p className="pg-message__text">{item.entry.text}</p>
              </li>
            ) : (
              <li key={`q:${item.outcome.record.id}`} className="pg-outcome">
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
