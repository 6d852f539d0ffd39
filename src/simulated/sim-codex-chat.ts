// What a scripted Codex run needs of the chat store that plays it: its runs and a way to save a row. The chat store
// owns the Codex runner, so the runner names this much of it here instead of importing the store itself.
import type { SimChatMessage } from "./sim-chat-types";
import type { SimRowDraft } from "./sim-codex-rows";
import type { SimRuns } from "./sim-runs";

/** The part of `SimChat` a Codex run plays on. */
export interface SimCodexChat {
  readonly runs: SimRuns;
  append(sessionKey: string, draft: SimRowDraft): SimChatMessage;
}
