// Edit answer from the dock's actions: the same outbox entry, through the outbox reducer's `edited` event.
import { afterEach, describe, expect, it, vi } from "vitest";
import { createScriptedDock } from "../../../src/simulated";
import { createConversationServices, createMemoryStorage, createPaneBus, type ConversationServices, type OutboxEvent, type PaneMessage } from "../../../src/store";
import { fakeClock, until } from "../fake-clock";
import { asyncQuestionsFeature } from "../../../src/features/async-questions";

const NOTES = { title: "Anything else the agent should know?" };

let stop: (() => void) | undefined;
afterEach(() => {
  stop?.();
  stop = undefined;
  vi.useRealTimers();
});

/** A dock on async services whose one question is answered while the agent's run goes on: the answer waits, queued. */
async function queuedAnswer(typed: string) {
  vi.useFakeTimers({ now: Date.UTC(2026, 8, 1, 9) });
  const storage = createMemoryStorage();
  const channel = `edit-queued-${Math.random()}`;
  let services: ConversationServices | undefined;
  const bus = createPaneBus(channel);
  const { sim, client, store } = createScriptedDock({
    clock: fakeClock,
    sim: { tickIntervalMs: 0, reply: false },
    store: ({ client }) => ({ typingGraceMs: 0, clock: fakeClock, asyncQuestions: asyncQuestionsFeature((services = createConversationServices({ client, sessionKey: "main", storage, bus, clock: fakeClock }))) }),
  });
  const otherPane = createPaneBus(channel);
  const heard: PaneMessage[] = [];
  otherPane.subscribe((m) => heard.push(m));
  stop = () => {
    store.getState().actions.dispose();
    services!.dispose();
    bus.close();
    otherPane.close();
    client.stop();
  };
  client.start();
  await until(() => store.getState().connection.state === "connected", "the connection");
  sim.askAsync({ questions: [NOTES] });
  const run = sim.startRun();
  const rid = await until(() => [...store.getState().asyncLinks.keys()][0], "the async question in the dock");
  const questionId = store.getState().records.get(rid)!.questions[0]!.questionId;
  const { actions } = store.getState();
  actions.setOther(rid, questionId, typed);
  await actions.submit(rid);
  const outbox = services!.outbox;
  const id = outbox.getState().order[0]!;
  const events: OutboxEvent[] = [];
  outbox.getState().onEvent((event) => events.push(event));
  const userMessages = () => sim.history().filter((m) => m.role === "user").map((m) => JSON.stringify(m));
  return { sim, run, store, outbox, storage, id, events, heard, userMessages, actions };
}

describe("editAnswer", () => {
  it("re-queues the same entry, with the same key, through `edited`; storage, the other panes and the dock follow", async () => {
    const q = await queuedAnswer("wait for me");
    const before = q.outbox.getState().entries[q.id]!;
    expect(before.state).toBe("queued");
    expect(before.attempts ?? 0).toBe(0);
    // A NUL the gateway would refuse is cleaned as typed answers are.
    expect(q.actions.editAnswer(q.id, "Ship on Friday\u0000 instead")).toBe(true);
    expect(q.events).toEqual([{ type: "edited", id: q.id, message: "Ship on Friday instead" }]);
    const after = q.outbox.getState().entries[q.id]!;
    expect(after).toMatchObject({ id: before.id, state: "queued", message: "Ship on Friday instead", createdAt: before.createdAt, draft: before.draft });
    expect(after.idempotencyKey).toBeUndefined();
    expect(q.outbox.getState().order).toEqual([q.id]);
    expect(q.store.getState().deliveries[q.id]?.message).toBe("Ship on Friday instead");
    await q.outbox.getState().whenSaved();
    expect((await q.storage.loadOutbox("main")).map((e) => e.message)).toEqual(["Ship on Friday instead"]);
    await until(() => q.heard.some((m) => m.type === "outbox-changed" && m.entry.message === "Ship on Friday instead"), "the other pane told");

    q.sim.completeRun(q.run, "Done.");
    await until(() => q.outbox.getState().entries[q.id]?.state === "confirmed", "confirmation", 50);
    expect(q.userMessages()).toHaveLength(1);
    expect(q.userMessages()[0]).toContain("Ship on Friday instead");
    expect(q.userMessages()[0]).not.toContain("wait for me");
  });

  it("is refused once chat.send was called for the entry, and changes nothing", async () => {
    const q = await queuedAnswer("the original");
    q.sim.completeRun(q.run, "Done.");
    await until(() => (q.outbox.getState().entries[q.id]?.attempts ?? 0) > 0, "the send attempt");
    const sent = q.outbox.getState().entries[q.id]!;
    q.events.length = 0;
    expect(q.actions.editAnswer(q.id, "too late")).toBe(false);
    expect(q.events).toEqual([]);
    expect(q.outbox.getState().entries[q.id]).toBe(sent);
    await until(() => q.outbox.getState().entries[q.id]?.state === "confirmed", "confirmation", 50);
    expect(q.actions.editAnswer(q.id, "too late")).toBe(false);
    expect(q.userMessages()).toHaveLength(1);
    expect(q.userMessages()[0]).toContain("the original");
    expect(q.userMessages()[0]).not.toContain("too late");
  });

  it("is refused for an entry it does not know", async () => {
    const q = await queuedAnswer("x");
    expect(q.actions.editAnswer("no-such-entry", "y")).toBe(false);
    expect(q.events).toEqual([]);
  });
});
