// Edit answer from the dock's actions: the same outbox entry takes the new text; storage and the other tabs follow.
import { afterEach, describe, expect, it, vi } from "vitest";
import { createScriptedDock } from "../../../src/simulated";
import { wholeStore } from "../../../src/testing";
import { createAsyncQuestionsFeature, createMemoryStorage, createPaneBus, type OutboxEntry, type PaneMessage } from "../../../src/store";
import { keptEntries } from "../../support/kept";
import { fakeClock, flush, until } from "../fake-clock";

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
  const bus = createPaneBus(channel);
  const { sim, client, store: handle } = createScriptedDock({
    clock: fakeClock,
    sim: { tickIntervalMs: 0, reply: false },
    store: { typingGraceMs: 0, asyncQuestions: createAsyncQuestionsFeature({ storage, bus }) },
  });
  const store = wholeStore(handle);
  const otherTab = createPaneBus(channel);
  const heard: PaneMessage[] = [];
  otherTab.subscribe((m) => heard.push(m));
  stop = () => {
    store.getState().actions.dispose();
    bus.close();
    otherTab.close();
    client.stop();
  };
  client.start();
  await until(() => store.getState().connection.state === "connected", "the connection");
  sim.askAsync({ questions: [NOTES] });
  const run = sim.startRun();
  const rid = await until(() => [...store.getState().asyncOrigins.keys()][0], "the async question in the dock");
  const questionId = store.getState().records.get(rid)!.questions[0]!.questionId;
  const { actions } = store.getState();
  actions.setOther(rid, questionId, typed);
  await actions.submit(rid);
  const id = store.getState().outbox.order[0]!;
  const entry = () => store.getState().outbox.entries[id];
  const userMessages = () => sim.history().filter((m) => m.role === "user").map((m) => JSON.stringify(m));
  return { sim, run, store, storage, id, entry, heard, userMessages, actions };
}

const toldOf = (heard: PaneMessage[], message: string) => heard.some((m) => m.table === "outbox" && (m.value as OutboxEntry | undefined)?.message === message);

describe("editAnswer", () => {
  it("changes the text of the same entry, with the same key; storage, the other tabs and the dock follow", async () => {
    const q = await queuedAnswer("wait for me");
    const before = q.entry()!;
    expect(before.state).toBe("queued");
    expect(before.attempts ?? 0).toBe(0);
    // A NUL the gateway would refuse is cleaned as typed answers are.
    expect(q.actions.editAnswer(q.id, "Ship on Friday\u0000 instead")).toBe(true);
    const after = q.entry()!;
    expect(after).toMatchObject({ id: before.id, state: "queued", message: "Ship on Friday instead", createdAt: before.createdAt, draft: before.draft });
    expect(after.updatedAt).toBeGreaterThan(before.updatedAt);
    expect(after.idempotencyKey).toBeUndefined();
    expect(q.store.getState().outbox.order).toEqual([q.id]);
    expect(q.store.getState().outcomes.get(`async:${before.itemId}`)?.async?.outboxId).toBe(q.id);
    await flush();
    expect((await keptEntries(q.storage)).map((e) => e.message)).toEqual(["Ship on Friday instead"]);
    await until(() => toldOf(q.heard, "Ship on Friday instead"), "the other tab told");

    q.sim.completeRun(q.run, "Done.");
    await until(() => q.entry()?.state === "confirmed", "confirmation", 50);
    expect(q.userMessages()).toHaveLength(1);
    expect(q.userMessages()[0]).toContain("Ship on Friday instead");
    expect(q.userMessages()[0]).not.toContain("wait for me");
  });

  it("is refused once chat.send was called for the entry, and changes nothing", async () => {
    const q = await queuedAnswer("the original");
    q.sim.completeRun(q.run, "Done.");
    await until(() => (q.entry()?.attempts ?? 0) > 0, "the send attempt");
    const sent = q.entry()!;
    const told = q.heard.length;
    expect(q.actions.editAnswer(q.id, "too late")).toBe(false);
    expect(q.entry()).toBe(sent);
    await until(() => q.entry()?.state === "confirmed", "confirmation", 50);
    expect(q.actions.editAnswer(q.id, "too late")).toBe(false);
    expect(toldOf(q.heard.slice(told), "too late")).toBe(false);
    expect(q.userMessages()).toHaveLength(1);
    expect(q.userMessages()[0]).toContain("the original");
    expect(q.userMessages()[0]).not.toContain("too late");
  });

  it("is refused for an entry it does not know", async () => {
    const q = await queuedAnswer("x");
    const state = q.store.getState();
    expect(q.actions.editAnswer("no-such-entry", "y")).toBe(false);
    expect(q.store.getState()).toBe(state);
  });
});
