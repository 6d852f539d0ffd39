// The conversation's reducer on its own: what each event does to the state and that an event changing nothing keeps
// the very same state object; then the async half of the store's reducer, which re-derives the async questions
// only when the messages, the person's local choices or the outbox change.
import { describe, expect, it } from "vitest";
import type { ChatMessage } from "../../../src/protocol";
import { conversationReducer, MAX_REJECTED, type ConversationData, type ConversationEvent } from "../../../src/store/conversation/conversation-reducer";
import { deriveAsyncQuestions, emptyAsyncLocal, type RejectedItem } from "../../../src/store/conversation";
import { asyncReducer as reduceAsync } from "../../../src/store/async/reducer";
import type { StoreEvent } from "../../../src/store/context";
import { emptyDockState } from "../../../src/store/dock/dock-reducer";
import type { StoreState } from "../../../src/store/dock/state";
import type { OutboxEntry } from "../../../src/store/outbox";
import type { SavedDraft } from "../../../src/store";
import { delivery, reply, transcript, user } from "./transcript";

const asked = transcript(user("A", "Set up the repo"), delivery("A", "q"), reply("A", "Repo ready."));
const later = transcript(user("A", "Set up the repo"), delivery("A", "q"), reply("A", "Repo ready."), user("B", "Next task"), reply("B"));
const thanks = transcript(user("B", "Thanks"))[0]!;
const refused = (itemId?: string): RejectedItem => ({ source: "chat", ...(itemId ? { itemId } : {}), errors: [{ path: "message", message: "is not an object" }] });

function stateOf(messages: ChatMessage[] = asked, overrides: Partial<ConversationData> = {}): ConversationData {
  const local = overrides.local ?? emptyAsyncLocal();
  return { messages, runActive: false, activeRunIds: [], loaded: true, rejected: [], local, questions: deriveAsyncQuestions(messages, local), ...overrides };
}

describe("conversationReducer: what each event does", () => {
  const cases: Array<{ event: ConversationEvent; from?: ConversationData; expect: (next: ConversationData, prev: ConversationData) => void }> = [
    {
      event: { type: "historyLoaded", messages: later, rejected: [], runs: { active: true, ids: ["B"] } },
      from: stateOf([], { loaded: false, error: { kind: "load-failed", reason: "down", retrying: false } }),
      expect: (s) => {
        expect(s).toMatchObject({ messages: later, loaded: true, runActive: true, activeRunIds: ["B"], rejected: [] });
        expect(s.error).toBeUndefined();
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
      event: { type: "historyLoadFailed", reason: "chat.history failed: UNAVAILABLE", retrying: true },
      expect: (s, prev) => {
        expect(s.error).toEqual({ kind: "load-failed", reason: "chat.history failed: UNAVAILABLE", retrying: true });
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
      expect: (s) => expect(s.local.skipped.has("q")).toBe(true),
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
      event: { type: "questionsSkipped", itemIds: ["q", "s"] },
      from: stateOf(asked, { local: { ...emptyAsyncLocal(), skipped: new Set(["s"]) } }),
      expect: (s) => expect([...s.local.skipped].sort()).toEqual(["q", "s"]),
    },
  ];

  it.each(cases.map((c) => [`${c.event.type} ${JSON.stringify(c.event).slice(0, 60)}`, c] as const))("%s", (_, c) => {
    const prev = c.from ?? stateOf();
    const next = conversationReducer(prev, c.event);
    expect(next).not.toBe(prev);
    c.expect(next, prev);
  });

  it("leaves the async questions to the store's async reducer: the same array, whatever the messages say", () => {
    const prev = stateOf();
    const next = conversationReducer(prev, { type: "historyLoaded", messages: later, rejected: [], runs: { active: false, ids: [] } });
    expect(next.messages).toBe(later);
    expect(next.questions).toBe(prev.questions);
  });
});

describe("conversationReducer: an event that changes nothing keeps the state object", () => {
  const running = stateOf(asked, { runActive: true, activeRunIds: ["A"] });
  const local = { reopenedAt: new Map([["q", 7]]), skipped: new Set(["s"]) };
  const cases: Array<{ rule: string; state: ConversationData; event: ConversationEvent }> = [
    { rule: "the same runs go on", state: running, event: { type: "runActivityChanged", runs: { active: true, ids: ["A"] } } },
    { rule: "no run went and none goes", state: stateOf(), event: { type: "runActivityChanged", runs: { active: false, ids: [] } } },
    { rule: "a question skipped twice", state: stateOf(asked, { local: { ...emptyAsyncLocal(), skipped: new Set(["q"]) } }), event: { type: "questionSkipped", itemId: "q" } },
    { rule: "a reopen at the anchor it already has", state: stateOf(asked, { local }), event: { type: "questionReopened", itemId: "q", anchor: 7 } },
    { rule: "questions skipped already", state: stateOf(asked, { local }), event: { type: "questionsSkipped", itemIds: ["s"] } },
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
});

// The store's state around a conversation, as the async reducer sees it.
function dockWith(chat: ConversationData, outbox: OutboxEntry[] = []): StoreState {
  const empty = emptyDockState("main", { state: "connected", attempt: 0 });
  return { ...empty, chat, outbox: { entries: Object.fromEntries(outbox.map((e) => [e.id, e])), order: outbox.map((e) => e.id), ready: true } };
}

const AT = 5_000;
const answerTo = (itemId: string, more: Partial<OutboxEntry> = {}): OutboxEntry => ({
  id: `entry-${itemId}`, sessionKey: "main", itemId, message: "> Which branch?\n\nmain", state: "queued", createdAt: 1_000, updatedAt: 1_000, failureCount: 0, isPaused: false, ...more,
});
const skippedDraft = (itemId: string): SavedDraft => ({ requestId: `async:${itemId}`, step: 0, answers: [], edited: false, disposition: "skipped", updatedAt: 1_000 });
const asyncReducer = <S extends StoreState>(s: S, event: StoreEvent): S => reduceAsync(s, event);
const statusIn = (s: StoreState) => s.chat.questions.find((q) => q.delivery.itemId === "q")?.status;

describe("asyncReducer: questions follow messages, local choices and the outbox only", () => {
  const cases: Array<{ rule: string; event: StoreEvent; from?: StoreState; questions: "same" | "new" }> = [
    { rule: "run activity never re-derives", event: { type: "runActivityChanged", runs: { active: true, ids: ["B"] } }, questions: "same" },
    { rule: "a failed load keeps them", event: { type: "historyLoadFailed", reason: "down", retrying: false }, questions: "same" },
    { rule: "a rejected item keeps them", event: { type: "itemRejected", item: refused() }, questions: "same" },
    { rule: "a reloaded history that asks and settles the same keeps the array", event: { type: "historyLoaded", messages: [...asked], rejected: [], runs: { active: false, ids: [] } }, questions: "same" },
    { rule: "a message that settles nothing keeps the array", event: { type: "messageArrived", message: thanks }, questions: "same" },
    { rule: "an answer on its way that changes no status keeps the array", event: { type: "enqueued", entry: answerTo("q"), at: AT }, questions: "same" },
    { rule: "an outbox change that settles nothing keeps the array", from: dockWith(stateOf(), [answerTo("q")]), event: { type: "sendStarted", id: "entry-q", at: AT }, questions: "same" },
    { rule: "a history in which a later run retires the question", event: { type: "historyLoaded", messages: later, rejected: [], runs: { active: false, ids: [] } }, questions: "new" },
    { rule: "a skip", event: { type: "questionSkipped", itemId: "q" }, questions: "new" },
    { rule: "a reopen after a later run", from: dockWith(stateOf(later)), event: { type: "questionReopened", itemId: "q", anchor: 1e9 }, questions: "new" },
    { rule: "an answer on its way to a question a later run retired", from: dockWith(stateOf(later)), event: { type: "enqueued", entry: answerTo("q"), at: AT }, questions: "new" },
    { rule: "skipped drafts an earlier page kept", event: { type: "restored", outcomes: [], drafts: [skippedDraft("q")], entries: [], isPaused: false, at: AT }, questions: "new" },
  ];

  it.each(cases.map((c) => [c.rule, c] as const))("%s", (_, c) => {
    const prev = c.from ?? dockWith(stateOf());
    const next = asyncReducer(prev, c.event);
    if (c.questions === "same") expect(next.chat.questions).toBe(prev.chat.questions);
    else {
      expect(next.chat.questions).not.toBe(prev.chat.questions);
      const onTheirWay = new Set(next.outbox.order.map((id) => next.outbox.entries[id]!).filter((e) => e.state !== "confirmed").map((e) => e.itemId));
      expect(next.chat.questions).toEqual(deriveAsyncQuestions(next.chat.messages, next.chat.local, onTheirWay));
    }
  });

  it("a history that retires the question says so; a skip and skipped drafts read back say skipped", () => {
    expect(statusIn(asyncReducer(dockWith(stateOf()), { type: "historyLoaded", messages: later, rejected: [], runs: { active: false, ids: [] } }))).toBe("retired");
    expect(statusIn(asyncReducer(dockWith(stateOf()), { type: "questionSkipped", itemId: "q" }))).toBe("skipped");
    expect(statusIn(asyncReducer(dockWith(stateOf()), { type: "restored", outcomes: [], drafts: [skippedDraft("q")], entries: [], isPaused: false, at: AT }))).toBe("skipped");
  });

  it("keeps a question a later run would retire pending while its answer is on its way, until the answer leaves the outbox", () => {
    const retired = dockWith(stateOf(later));
    expect(statusIn(retired)).toBe("retired");
    const queued = asyncReducer(retired, { type: "enqueued", entry: answerTo("q"), at: AT });
    expect(statusIn(queued)).toBe("pending");
    const failed = asyncReducer(asyncReducer(asyncReducer(queued, { type: "sendStarted", id: "entry-q", at: AT }), { type: "attempted", id: "entry-q", at: AT }), { type: "refused", id: "entry-q", reason: "busy", forGood: false, at: AT });
    expect(failed.outbox.entries["entry-q"]?.state).toBe("failed");
    expect(statusIn(failed)).toBe("pending");
    expect(statusIn(asyncReducer(failed, { type: "discarded", id: "entry-q", at: AT }))).toBe("retired");
    // Confirmed, it is on its way no more: only the saved reply, once the history holds it, answers it.
    expect(statusIn(asyncReducer(failed, { type: "confirmed", id: "entry-q", at: AT }))).toBe("retired");
  });

  it("is the same state for an event of neither half, and keeps what it does not own, such as a store's actions", () => {
    const s = dockWith(stateOf());
    expect(asyncReducer(s, { type: "collapsed" })).toBe(s);
    const withActions = { ...s, actions: { marker: true } };
    const next = asyncReducer(withActions, { type: "historyLoadFailed", reason: "down", retrying: false });
    expect(next.actions).toBe(withActions.actions);
    expect(next.records).toBe(s.records);
  });
});
