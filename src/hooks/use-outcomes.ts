import { useMemo } from "react";
import { useDockStore } from "./dock-context";
import type { Outcome } from "../store/dock/state";
import { chatTranscriptOf, type ChatTranscriptMessage } from "../store/conversation/chat-transcript";
import { placeQuestionSummaries, type TranscriptItem, type TranscriptMessage } from "../store/dock/transcript-placement";

export { isAnsweredOutcome } from "../store/dock/outcomes";

/** Every request that has left the dock, oldest first, for transcript summaries. */
export function useOutcomes(): Outcome[] {
  // Every change to the outcomes is a new log, so its identity is what invalidates the list.
  const outcomes = useDockStore((s) => s.outcomes);
  return useMemo(() => Array.from(outcomes.values()), [outcomes]);
}

/** The host's messages with the question summaries placed at the turns that asked them; pass a stable array. */
export function useTranscriptItems<M extends TranscriptMessage>(messages: readonly M[]): TranscriptItem<M>[] {
  const outcomes = useOutcomes();
  return useMemo(() => placeQuestionSummaries(messages, outcomes), [messages, outcomes]);
}

/** The store's conversation as `QuestionTranscript` rows; empty without a history feature, stable while unchanged. */
export function useChatTranscript(): ChatTranscriptMessage[] {
  const messages = useDockStore((s) => s.chat.messages);
  return useMemo(() => chatTranscriptOf(messages), [messages]);
}
