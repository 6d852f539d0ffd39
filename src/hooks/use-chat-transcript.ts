import { useMemo } from "react";
import { chatTranscriptOf, type ChatTranscriptMessage } from "../store/conversation/chat-transcript";
import { useDockStore } from "./dock-context";

/** The store's conversation as `QuestionTranscript` rows; empty without a history feature, stable while unchanged. */
export function useChatTranscript(): ChatTranscriptMessage[] {
  const messages = useDockStore((s) => s.chat.messages);
  return useMemo(() => chatTranscriptOf(messages), [messages]);
}
