import { useMemo } from "react";
import { chatTranscriptOf, type ChatTranscriptMessage } from "../store/conversation/chat-transcript";
import { useDockStore } from "./dock-context";

/**
 * The conversation's messages as `QuestionTranscript` takes them, from the store's history (`chatHistoryFeature` or
 * `asyncQuestionsFeature`); empty for a store with neither. The same array while the messages do not change.
 */
export function useChatTranscript(): ChatTranscriptMessage[] {
  const messages = useDockStore((s) => s.chat.messages);
  return useMemo(() => chatTranscriptOf(messages), [messages]);
}
