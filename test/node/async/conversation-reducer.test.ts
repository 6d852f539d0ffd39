// The conversation's reducer on its own: what each event does to the state, that an event changing nothing keeps
// the very same state object, and that the async questions are re-derived only when messages or local choices change.
import { describe, expect, it } from "vitest";
import type { ChatMessage } from "../../../src/protocol";
import { conversationReducer, MAX_REJECTED, type ConversationData, type ConversationEvent } from "../../../src/store/conversation/conversation-reducer";
import { deriveAsyncQuestions, emptyAsyncLocal, type RejectedItem } from "../../../src/store/conversation";
import { delivery, reply, transcript, user } from "./transcript";

const asked = transcript(user("A", "Set up the repo"), delivery("A", "q"), reply("A", "Repo ready."));
const later = transcript(user("A", "Set up the repo"), delivery("A", "q"), reply("A", "Repo ready."), user("B", "Next task"), reply("B"));
const thanks = transcript(user("B", "Thanks"))[0]!;
const refused = (itemId?: string): RejectedItem => ({ source: "chat", ...(itemId ? { itemId } : {}), errors: [{ path: "message", message: "is not an object" }] });

function stateOf(messages: ChatMessage[] = asked, overrides: Partial<ConversationData> = {}): ConversationData {
  const local = overrides.local ?? emptyAsyncLocal();
  return { messages, runActive: false, activeRunIds: [], loaded: true, rejected: [], local, questions: deriveAsyncQuestions(messages, local), ...overrides };
}

const statusOfQ = (s: ConversationData) => s.questions.find((q) => q.delivery.itemId === "q")?.status;

describe("conversationReducer: what each event does", () => {
  const cases: Array<{ event: ConversationEvent; from?: ConversationData; expect: (next: ConversationData, prev: ConversationData) => void }> = [
    {
      event: { type: "historyLoaded", messages: later, rejected: [], runs: { active: true, ids: ["B"] } },
      from: stateOf([], { loaded: false, error: { kind: "load-failed", reason: "down" } }),
      expect: (s) => {
        expect(s).toMatchObject({ messages: later, loaded: true, runActive: true, activeRunIds: ["B"], rejected: [] });
        expect(s.error).toBeUndefined();
        expect(statusOfQ(s)).toBe("retired");
      },
    },
    {
      event: { type: "historyLoaded", messages: asked, rejected: [refused("q"), refused()], runs: { active: false, ids: [] } },
      expect: (s) => expect(s.error).toEqual({ kind: "delivery-refused", count: 2, source: "chat", itemId: "q", reason: "message: is not an object" }),
    },
    {
      event: { type: "historyLoaded", messages: asked, rejected: Array.from({ length: MAX_REJECTED + 5 }, () => refused()), runs: { active: false, ids: [] } },
      expect: (s) => {
        expect(s.rejected).toHaveLength(MAX_REJECTED);
        expect(s.error).toMatchObject({ count: MAX_REJECTED + 5 });
      },
    },
    {
      event: { type: "historyLoadFailed", reason: "chat.history failed: UNAVAILABLE" },
      expect: (s, prev) => {
        expect(s.error).toEqual({ kind: "load-failed", reason: "chat.history failed: UNAVAILABLE" });
        expect(s.messages).toBe(prev.messages);
        expect(s.loaded).toBe(true);
      },
    },
    {
      event: { type: "messageArrived", message: later[3]! },
      expect: (s, prev) => {
        expect(s.messages).toEqual([...prev.messages, later[3]]);
        expect(s.activeRunIds).toBe(prev.activeRunIds);
      },
    },
    {
      event: { type: "messageArrived", message: later[3]!, runs: { active: true, ids: ["B"] } },
      expect: (s) => expect(s).toMatchObject({ runActive: true, activeRunIds: ["B"] }),
    },
    {
      event: { type: "rowReplaced", index: 2, row: later[2]! },
      from: stateOf(transcript(user("A", "Set up the repo"), delivery("A", "q"), reply("A", "Stand-in."))),
      expect: (s, prev) => {
        expect(s.messages[2]).toBe(later[2]);
        expect(s.messages.slice(0, 2)).toEqual(prev.messages.slice(0, 2));
      },
    },
    {
      event: { type: "itemRejected", item: refused("q") },
      from: stateOf(asked, { rejected: Array.from({ length: MAX_REJECTED }, () => refused()) }),
      expect: (s) => {
        expect(s.rejected).toHaveLength(MAX_REJECTED);
        expect(s.rejected.at(-1)).toEqual(refused("q"));
        expect(s.error).toMatchObject({ kind: "delivery-refused", count: 1, itemId: "q" });
      },
    },
    {
      event: { type: "runActivityChanged", runs: { active: true, ids: [] } },
      expect: (s) => expect(s).toMatchObject({ runActive: true, activeRunIds: [] }),
    },
    {
      event: { type: "questionSkipped", itemId: "q" },
      expect: (s) => {
        expect(s.local.skipped.has("q")).toBe(true);
        expect(statusOfQ(s)).toBe("skipped");
      },
    },
    {
      event: { type: "questionReopened", itemId: "q", anchor: 7 },
      from: stateOf(later, { local: { ...emptyAsyncLocal(), skipped: new Set(["q"]) } }),
      expect: (s) => {
        expect(s.local.reopenedAt.get("q")).toBe(7);
        expect(s.local.skipped.has("q")).toBe(false);
      },
    },
    {
      event: { type: "protectionChanged", itemId: "q", on: true },
      from: stateOf(later),
      expect: (s, prev) => {
        expect(statusOfQ(prev)).toBe("retired");
        expect(s.local.protectedIds.has("q")).toBe(true);
        expect(statusOfQ(s)).toBe("pending");
      },
    },
    {
      event: { type: "protectionChanged", itemId: "q", on: false },
      from: stateOf(later, { local: { ...emptyAsyncLocal(), protectedIds: new Set(["q"]) } }),
      expect: (s) => {
        expect(s.local.protectedIds.has("q")).toBe(false);
        expect(statusOfQ(s)).toBe("retired");
      },
    },
  ];

  it.each(cases.map((c) => [`${c.event.type} ${JSON.stringify(c.event).slice(0, 60)}`, c] as const))("%s", (_, c) => {
    const prev = c.from ?? stateOf();
    const next = conversationReducer(prev, c.event);
    expect(next).not.toBe(prev);
    c.expect(next, prev);
  });
});

describe("conversationReducer: an event that changes nothing keeps the state object", () => {
  const running = stateOf(asked, { runActive: true, activeRunIds: ["A"] });
  const local = { reopenedAt: new Map([["q", 7]]), skipped: new Set(["s"]), protectedIds: new Set(["p"]) };
  const cases: Array<{ rule: string; state: ConversationData; event: ConversationEvent }> = [
    { rule: "the same runs go on", state: running, event: { type: "runActivityChanged", runs: { active: true, ids: ["A"] } } },
    { rule: "no run went and none goes", state: stateOf(), event: { type: "runActivityChanged", runs: { active: false, ids: [] } } },
    { rule: "a question skipped twice", state: stateOf(asked, { local: { ...emptyAsyncLocal(), skipped: new Set(["q"]) } }), event: { type: "questionSkipped", itemId: "q" } },
    { rule: "a reopen at the anchor it already has", state: stateOf(asked, { local }), event: { type: "questionReopened", itemId: "q", anchor: 7 } },
    { rule: "protection already on", state: stateOf(asked, { local }), event: { type: "protectionChanged", itemId: "p", on: true } },
    { rule: "protection already off", state: stateOf(), event: { type: "protectionChanged", itemId: "q", on: false } },
    { rule: "a replaced row outside the messages", state: stateOf(), event: { type: "rowReplaced", index: asked.length, row: later[3]! } },
  ];

  it.each(cases.map((c) => [c.rule, c] as const))("%s", (_, c) => {
    expect(conversationReducer(c.state, c.event)).toBe(c.state);
  });

  it("keeps the run ids array when only runActive changes", () => {
    const s = stateOf(asked, { runActive: true, activeRunIds: [] });
    const next = conversationReducer(s, { type: "runActivityChanged", runs: { active: false, ids: [] } });
    expect(next.runActive).toBe(false);
    expect(next.activeRunIds).toBe(s.activeRunIds);
  });

  it("keeps what it does not own, such as a store's actions", () => {
    const withExtras = { ...stateOf(), sessionKey: "main", actions: { marker: true } };
    const next = conversationReducer(withExtras, { type: "historyLoadFailed", reason: "down" });
    expect(next.actions).toBe(withExtras.actions);
    expect(next.sessionKey).toBe("main");
  });
});

describe("conversationReducer: questions follow messages and local choices only", () => {
  const cases: Array<{ rule: string; event: ConversationEvent; from?: ConversationData; questions: "same" | "new" }> = [
    { rule: "run activity never re-derives", event: { type: "runActivityChanged", runs: { active: true, ids: ["B"] } }, questions: "same" },
    { rule: "a failed load keeps them", event: { type: "historyLoadFailed", reason: "down" }, questions: "same" },
    { rule: "a rejected item keeps them", event: { type: "itemRejected", item: refused() }, questions: "same" },
    { rule: "a reloaded history that asks and settles the same keeps the array", event: { type: "historyLoaded", messages: [...asked], rejected: [], runs: { active: false, ids: [] } }, questions: "same" },
    { rule: "a message that settles nothing keeps the array", event: { type: "messageArrived", message: thanks }, questions: "same" },
    { rule: "a protection that changes no status keeps the array", event: { type: "protectionChanged", itemId: "q", on: true }, questions: "same" },
    { rule: "a history in which a later run retires the question", event: { type: "historyLoaded", messages: later, rejected: [], runs: { active: false, ids: [] } }, questions: "new" },
    { rule: "a skip", event: { type: "questionSkipped", itemId: "q" }, questions: "new" },
    { rule: "a reopen after a later run", from: stateOf(later), event: { type: "questionReopened", itemId: "q", anchor: 1e9 }, questions: "new" },
  ];

  it.each(cases.map((c) => [c.rule, c] as const))("%s", (_, c) => {
    const prev = c.from ?? stateOf();
    const next = conversationReducer(prev, c.event);
    if (c.questions === "same") expect(next.questions).toBe(prev.questions);
    else {
      expect(next.questions).not.toBe(prev.questions);
      expect(next.questions).toEqual(deriveAsyncQuestions(next.messages, next.local));
    }
  });
});
