// Several conversations over ONE gateway client, as a Control UI with a session picker has them. Each session
// gets its own store (async questions and outbox included) and transcript, made on first use and kept for the page: switching away
// and back finds the same store, so every draft is where it was left.
import { asyncQuestionsFeature, chatRepliesFeature, createQuestionDockStore, type GatewayClient, type QuestionDockStore } from "../src";
import { createChatFeed, type ChatFeed } from "./chat-feed";

/** One conversation of the playground: its dock store and its transcript. */
export interface PlaygroundSession {
  sessionKey: string;
  store: QuestionDockStore;
  feed: ChatFeed;
}

/** The sessions the picker offers besides the one the page was opened with. */
export const PICKER_SESSIONS: readonly string[] = ["main", "agent:main:side"];

/** The sessions of one client, each made on first use and kept. */
export interface PlaygroundSessions {
  get(sessionKey: string): PlaygroundSession;
  /** Every session the picker offers, the page's own first. */
  keys(): string[];
}

/** Sessions over `client`; `initial` is the page's own (from `?session=`). */
export function createSessions(client: GatewayClient, initial: string): PlaygroundSessions {
  const made = new Map<string, PlaygroundSession>();
  return {
    get(sessionKey) {
      let session = made.get(sessionKey);
      if (!session) {
        // A store made on a client that is already connected recovers at once; the feed reads its history the same way.
        const store = createQuestionDockStore({ client, sessionKey, asyncQuestions: asyncQuestionsFeature(), chatReplies: chatRepliesFeature() });
        // The transcript reads the store's own conversation: one copy of what the gateway saved, not two that drift.
        session = { sessionKey, store, feed: createChatFeed(client, sessionKey, store) };
        made.set(sessionKey, session);
      }
      return session;
    },
    keys: () => [...new Set([initial, ...PICKER_SESSIONS])],
  };
}
