// Outcomes of ask_user questions read back from the conversation history: a store made after the questions ended
// (a reload, a new page) shows them from the simulated gateway's transcript, which is written like the real one's.
import { readFileSync } from "node:fs";
import { afterEach, describe, expect, it } from "vitest";
import type { StoreApi } from "zustand/vanilla";
import { createGatewayClient, type GatewayClient } from "../../../src/gateway";
import { askUserEntries } from "../../../src/protocol/ask-user-history";
import { parseChatMessage } from "../../../src/protocol";
import { createMemoryStorage, createPaneBus, openStore, type DockStore, type Outcome } from "../../../src/store";
import { fakeClock, startDock, TOKEN, until, type DockFixture } from "./dock-fixture";
import { asyncQuestionsFeature } from "../../../src/features/async-questions";

let dock: DockFixture | undefined;
const extra: Array<{ client: GatewayClient; dispose(): void }> = [];

afterEach(() => {
  extra.splice(0).forEach((x) => {
    x.dispose();
    x.client.stop();
  });
  dock?.stop();
  dock = undefined;
});

const feature = () => asyncQuestionsFeature({ storage: createMemoryStorage(), bus: createPaneBus(`history-outcomes-${Math.random()}`) });

/** A store with async questions on `client`, as a page makes it; waits until its history is read. */
async function liveStore(client: GatewayClient) {
  const store = openStore({ client, sessionKey: "main", typingGraceMs: 0, clock: fakeClock, asyncQuestions: feature() });
  extra.push({ client, dispose: () => store.getState().actions.dispose() });
  await until(() => store.getState().chat.loaded, "the history load");
  return store;
}

/** Reads the history again, as every reconnect does; resolves once the new read is in the store. */
async function readAgain(d: DockFixture, store: StoreApi<DockStore>) {
  const before = store.getState().chat.messages;
  d.sim.dropConnections();
  await until(() => store.getState().connection.state === "connected" && store.getState().chat.messages !== before, "the history read again", 100);
}

async function start() {
  dock = await startDock({ asyncQuestions: undefined });
  return dock;
}

/** A new client and store on the same gateway, as a reloaded page makes them; waits until its history is read. */
async function reloaded(d: DockFixture) {
  const client = createGatewayClient({ url: "sim://gateway", token: TOKEN, transport: d.sim.transport, random: () => 0.5, clock: fakeClock });
  const store = openStore({ client, sessionKey: "main", typingGraceMs: 0, clock: fakeClock, asyncQuestions: feature() });
  extra.push({ client, dispose: () => store.getState().actions.dispose() });
  client.start();
  await until(() => store.getState().chat.loaded, "the history load");
  return store;
}

const COLOR = { questionId: "color", header: "Color", question: "Which color?", options: [{ label: "Red" }, { label: "Blue" }] };
const SIZE = { questionId: "size", header: "Size", question: "How big?", options: [{ label: "S" }, { label: "L" }], multiSelect: true };

const summaries = (outcomes: ReadonlyMap<string, Outcome>) =>
  [...outcomes.values()].map((o) => ({ kind: o.kind, runId: o.runId, question: o.record.questions[0]?.question, answers: o.answers?.answers, reason: o.noAnswerReason }));

describe("outcomes rebuilt from chat.history", () => {
  it("a fresh store shows answered, skipped, expired and cut-off questions, each bound to its run, with the record id the gateway gave them", async () => {
    const d = await start();
    const r1 = d.sim.startRun({ runId: "run-1" });
    const q1 = d.sim.ask({ questions: [SIZE], runId: r1 });
    d.sim.resolve(q1.id, { size: ["S", "Extra large"] });
    await until(() => d.sim.history().some((m) => m.role === "toolResult"), "the tool result");
    d.sim.completeRun(r1, "Going with that.");
    const r2 = d.sim.startRun({ runId: "run-2" });
    const q2 = d.sim.ask({ questions: [COLOR], runId: r2 });
    d.sim.cancel(q2.id, "control-ui:other");
    await until(() => d.sim.history().filter((m) => m.role === "toolResult").length === 2, "the second tool result");
    d.sim.completeRun(r2, "Picking myself.");
    const r3 = d.sim.startRun({ runId: "run-3" });
    const q3 = d.sim.ask({ questions: [COLOR], runId: r3, timeoutMs: 1000 });
    await until(() => d.sim.history().filter((m) => m.role === "toolResult").length === 3, "the expiry's tool result", 500);
    d.sim.completeRun(r3, "Fine.");
    const r4 = d.sim.startRun({ runId: "run-4" });
    const q4 = d.sim.ask({ questions: [COLOR], runId: r4 });
    d.sim.abortRun(r4);

    const store = await reloaded(d);
    const outcomes = await until(() => (store.getState().outcomes.size === 4 ? store.getState().outcomes : undefined), "four outcomes");
    expect([...outcomes.keys()].slice(0, 3)).toEqual([q1.id, q2.id, q3.id]);
    expect([...outcomes.keys()][3]).not.toBe(q4.id);
    expect(summaries(outcomes)).toEqual([
      { kind: "answered", runId: "run-1", question: "How big?", answers: { size: ["S", "Extra large"] }, reason: undefined },
      { kind: "no-answer", runId: "run-2", question: "Which color?", answers: undefined, reason: "cancelled" },
      { kind: "expired", runId: "run-3", question: "Which color?", answers: undefined, reason: undefined },
      { kind: "no-answer", runId: "run-4", question: "Which color?", answers: undefined, reason: undefined },
    ]);
    expect([...outcomes.values()].every((o) => o.fromHistory && o.toolCallId && o.anchor)).toBe(true);
  });

  it("never duplicates a live outcome: the store that saw the question settle keeps its own, and adds nothing from history", async () => {
    const d = await start();
    const client = d.client;
    const run = d.sim.startRun({ runId: "run-live" });
    const live = await liveStore(client);
    const q = d.sim.ask({ questions: [COLOR], runId: run });
    await until(() => live.getState().records.get(q.id), "the live question");
    d.sim.resolve(q.id, { color: ["Red"] }, "control-ui:elsewhere");
    await until(() => live.getState().outcomes.get(q.id), "the live outcome");
    d.sim.completeRun(run, "Red it is.");
    await until(() => live.getState().chat.messages.some((m) => m.askUser?.some((b) => b.kind === "result")), "the result in history");
    await readAgain(d, live);
    expect([...live.getState().outcomes.keys()]).toEqual([q.id]);
    expect(live.getState().outcomes.get(q.id)).toMatchObject({ kind: "answered-elsewhere", runId: run });
    expect(live.getState().outcomes.get(q.id)!.fromHistory).toBeUndefined();
    // The history tells the live outcome which tool call and assistant message asked, so a view can place it.
    const [entry] = askUserEntries(live.getState().chat.messages);
    expect(live.getState().outcomes.get(q.id)).toMatchObject({ toolCallId: entry!.toolCallId, anchor: entry!.anchor });
    expect(entry!.anchor).toEqual(expect.any(String));
  });

  it("a live outcome of a stopped run (no record id in history) stays one outcome, bound to its tool call", async () => {
    const d = await start();
    const client = d.client;
    const live = await liveStore(client);
    const run = d.sim.startRun({ runId: "constructor" });
    const q = d.sim.ask({ questions: [COLOR], runId: run });
    await until(() => live.getState().records.get(q.id), "the live question");
    d.sim.abortRun(run);
    await until(() => live.getState().outcomes.get(q.id), "the live outcome");
    await readAgain(d, live);
    await until(() => live.getState().outcomes.get(q.id)?.toolCallId, "the binding");
    expect([...live.getState().outcomes.keys()]).toEqual([q.id]);
    expect(live.getState().outcomes.get(q.id)).toMatchObject({ kind: "cancelled", runId: "constructor", toolCallId: expect.any(String), anchor: expect.any(String) });
  });

  it("a question that settles after the history holding its call was read is bound without another read", async () => {
    const d = await start();
    const client = d.client;
    const live = await liveStore(client);
    const run = d.sim.startRun({ runId: "run-late" });
    const q = d.sim.ask({ questions: [COLOR], runId: run });
    await until(() => live.getState().records.get(q.id), "the live question");
    await readAgain(d, live);
    expect(askUserEntries(live.getState().chat.messages)).toHaveLength(1);
    // Cancelled as a stopping run does it: the history gets no result and is not read again.
    const reads = live.getState().chat.messages;
    d.sim.cancel(q.id, "run-abort");
    const outcome = await until(() => live.getState().outcomes.get(q.id)?.toolCallId && live.getState().outcomes.get(q.id), "the bound outcome");
    expect(live.getState().chat.messages).toBe(reads);
    expect(outcome).toMatchObject({ kind: "cancelled", runId: "run-late", anchor: expect.any(String) });
    expect([...live.getState().outcomes.keys()]).toEqual([q.id]);
  });

  it("puts nothing for a question still waiting in a running run", async () => {
    const d = await start();
    const run = d.sim.startRun({ runId: "run-wait" });
    d.sim.ask({ questions: [COLOR], runId: run });
    const store = await reloaded(d);
    await until(() => store.getState().order.length === 1, "the pending question");
    expect(store.getState().outcomes.size).toBe(0);
  });

  it("hostile ids stay plain keys: a run and call named __proto__ and constructor", async () => {
    const d = await start();
    const run = d.sim.startRun({ runId: "__proto__" });
    const q = d.sim.ask({ questions: [{ ...COLOR, questionId: "constructor" }], runId: run });
    d.sim.resolve(q.id, { constructor: ["Red"] });
    await until(() => d.sim.history().some((m) => m.role === "toolResult"), "the tool result");
    d.sim.completeRun(run, "ok");
    const store = await reloaded(d);
    const outcome = await until(() => store.getState().outcomes.get(q.id), "the outcome");
    expect(outcome).toMatchObject({ kind: "answered", runId: "__proto__" });
    expect(Object.entries(outcome.answers!.answers)).toEqual([["constructor", ["Red"]]]);
  });

  it("the simulated transcript holds the real gateway's messages for an answered ask_user, in the same order", async () => {
    const real = JSON.parse(readFileSync(new URL("../protocol/fixtures/ask-user-history.json", import.meta.url), "utf8")) as { messages: Array<{ role: string; __openclaw?: { runId?: string } }> };
    const realRun = real.messages[1]!.__openclaw!.runId;
    const d = await start();
    const run = d.sim.startRun({ runId: "run-shape" });
    const q = d.sim.ask({ questions: [COLOR], runId: run });
    d.sim.resolve(q.id, { color: ["Red"] });
    await until(() => d.sim.history().some((m) => m.role === "toolResult"), "the tool result");
    d.sim.completeRun(run, "Red.");
    const roles = (ms: Array<{ role: string }>) => ms.map((m) => m.role);
    expect(roles(d.sim.history())).toEqual(roles(real.messages.filter((m) => m.__openclaw?.runId === realRun || (m.role === "custom" && real.messages.indexOf(m) === 2))));
    const [entry] = askUserEntries(d.sim.history().map((m) => parseChatMessage(m)).flatMap((r) => (r.ok ? [r.value] : [])));
    expect(entry).toMatchObject({ runId: run, questionRecordId: q.id, outcome: { status: "answered", answers: { answers: { color: ["Red"] } } } });
  });
});
