// Its own module, apart from the other factories: a composer's host (and the simulated dock) takes only this one.
import { createChatReplies } from "../effects/answer-by-chat";
import { defineFeature } from "./attach";
import type { ChatRepliesFeature } from "../context";

/** Lets `actions.replyInChat` (the composer's `reply()`) send a chat reply as the answer and follow the gateway's verdict. */
export function chatRepliesFeature(): ChatRepliesFeature {
  return defineFeature({ feature: "chatReplies" }, createChatReplies);
}
