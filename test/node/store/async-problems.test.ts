// Problems behind async questions are kinds, never words: the conversation's history branches on them, and the
// dock mirrors them for its notice, keeping the same object while nothing changed so a dismissed notice stays away.
import { describe, expect, it } from "vitest";
import { createStore } from "zustand/vanilla";
import { dockReducer } from "../../../src/store/dock/dock-reducer";
import type { DockState } from "../../../src/store/dock/types";
import { outboxHistoryOf } from "../../../src/store/links/conversation-services";
import type { ConversationProblem, ConversationState, ConversationStore } from "../../../src/store/conversation";
import type { StorageFailure } from "../../../src/store/outbox";

const SAVE: StorageFailure = { kind: "storage-failed", operation: "save" };
const REFUSED: ConversationProblem = { kind: "delivery-refused", count: 1, source: "session.message", itemId: "q1", reason: "questions: must have 1 to 12 questions, got 0" };

function conversationWith(patch: Partial<ConversationState>): ConversationStore {
  const store = createStore<ConversationState>()(() => ({ loaded: true, messages: [], runActive: false, activeRunIds: [] }) as unknown as ConversationState);
  store.setState({ ...patch, actions: { reload: async () => undefined } as unknown as ConversationState["actions"] });
  return store;
}

describe("The dock's mirror of async problems", () => {
  const empty = { sessionKey: "main" } as DockState;

  it("holds what the services report, and stays the same object while nothing changed", () => {
    const once = dockReducer(empty, { type: "asyncProblemsChanged", problems: { storage: SAVE, conversation: REFUSED } });
    expect(once.asyncProblems).toEqual({ storage: SAVE, conversation: REFUSED });
    expect(dockReducer(once, { type: "asyncProblemsChanged", problems: { storage: SAVE, conversation: REFUSED } })).toBe(once);
    expect(dockReducer(empty, { type: "asyncProblemsChanged", problems: {} })).toBe(empty);
  });

  it("drops a problem once it is gone", () => {
    const once = dockReducer(empty, { type: "asyncProblemsChanged", problems: { storage: SAVE, conversation: REFUSED } });
    expect(dockReducer(once, { type: "asyncProblemsChanged", problems: { storage: SAVE } }).asyncProblems).toEqual({ storage: SAVE });
  });
});

describe("The outbox's view of the history", () => {
  it("refuses a history that failed to load: a stale view is never proof that a message is absent", async () => {
    const history = outboxHistoryOf(conversationWith({ error: { kind: "load-failed", reason: "chat.history failed: UNAVAILABLE" } }));
    await expect(history.reload()).rejects.toThrow("chat.history failed: UNAVAILABLE");
  });

  it("refuses one never loaded", async () => {
    await expect(outboxHistoryOf(conversationWith({ loaded: false })).reload()).rejects.toThrow();
  });

  it("takes a history that loaded with items it could not read: the rest was read", async () => {
    await expect(outboxHistoryOf(conversationWith({ error: REFUSED })).reload()).resolves.toBeUndefined();
  });
});
