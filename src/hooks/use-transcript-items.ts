import { useMemo } from "react";
import { placeQuestionSummaries, type TranscriptItem, type TranscriptMessage } from "../store/dock/transcript-placement";
import { useOutcomes } from "./use-outcomes";

/**
 * The host's messages with the dock's question summaries placed at the turns that asked them (see
 * `placeQuestionSummaries`); recomputed when the messages or the outcomes change. Pass a stable array.
 */
export function useTranscriptItems<M extends TranscriptMessage>(messages: readonly M[]): TranscriptItem<M>[] {
  const outcomes = useOutcomes();
  return useMemo(() => placeQuestionSummaries(messages, outcomes), [messages, outcomes]);
}
