// The conversation's messages in the store (`state.chat`), read from the gateway's history and live events, with
// the ask_user outcomes that history holds: what async questions read too, for a blocking-only host that places
// summaries in a transcript of its own. The history reducer applies its events; no async questions are derived.
import { startHistoryReader, DEFAULT_HISTORY_LIMIT } from "../async/history-reader";
import { historyReducer } from "../async/reducer";
import { defineFeature } from "./attach";
import type { ChatHistoryFeature } from "../context";

/** Options of `chatHistoryFeature`. */
export interface ChatHistoryOptions {
  /** Messages `chat.history` is asked for. @default 1000 */
  historyLimit?: number;
}

/** Keeps the conversation's messages in the store (`state.chat.messages`, read by `useChatTranscript`) without async questions, which read them anyway. */
export function chatHistoryFeature(options: ChatHistoryOptions = {}): ChatHistoryFeature {
  return defineFeature({ feature: "chatHistory" }, (ctx) => startHistoryReader(ctx, options.historyLimit ?? DEFAULT_HISTORY_LIMIT), historyReducer);
}
