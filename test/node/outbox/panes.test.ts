import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createPaneBus, type AsyncDraft, type OutboxEntry, type PaneMessage } from "../../../src/store/outbox";
import { createConversationServices } from "../../../src/store";
import { draftFor, pass, startRig, stateOf, trace, until, useFakeTime, type Rig } from "./rig";

let rig: Rig;
let channel: string;

beforeEach(async () => {
  useFakeTime();
  channel = `panes-${Math.random()}`;
  rig = await startRig({ channel });
});

afterEach(() => {
  rig.stop();
  vi.useRealTimers();
});

async function busyRun(): Promise<string> {
  const runId = rig.sim.startRun({ sessionKey: "agent:main:main" });
  await until(() => !rig.history.isIdle(), "the run to be seen");
  return runId;
}

describe("Discard", () => {
  it("removes a queued answer, sends nothing, and reopens its draft in every pane", async () => {
    const other = createPaneBus(channel);
    const heard: PaneMessage[] = [];
    other.subscribe((m) => heard.push(m));
    const runId = await busyRun();
    const outbox = rig.outbox();
    await until(() => outbox.getState().ready, "the outbox to load");
    const reopenedHere: AsyncDraft[] = [];
    outbox.getState().onReopenDraft((d) => reopenedHere.push(d));
    const draft = draftFor("item-1", ["dev"]);
    const entry = outbox.getState().enqueue({ itemId: "item-1", message: "dev", draft });

    expect(outbox.getState().discard(entry.id)).toEqual(draft);
    expect(outbox.getState().entries).toEqual({});
    expect(outbox.getState().order).toEqual([]);
    expect(reopenedHere).toEqual([draft]);
    await outbox.getState().whenSaved();
    expect(await rig.storage.loadOutbox("agent:main:main")).toEqual([]);
    expect(await rig.storage.loadDrafts("agent:main:main")).toEqual([draft]);
    await pass(0);
    expect(heard.filter((m) => m.type !== "outbox-changed")).toEqual([
      { type: "outbox-removed", sessionKey: "agent:main:main", id: entry.id },
      { type: "reopen-draft", sessionKey: "agent:main:main", itemId: "item-1", draft },
    ]);

    rig.sim.completeRun(runId);
    await pass(5_000);
    expect(rig.faults.requests("chat.send")).toEqual([]);
    expect(rig.userMessages()).toEqual([]);
    other.close();
  });

  it("is refused while the answer is being sent or once it is confirmed", async () => {
    rig.faults.loseNextResponse("chat.send");
    const outbox = rig.outbox({ sendTimeoutMs: 60_000 });
    const entry = outbox.getState().enqueue({ itemId: "item-1", message: "main", draft: draftFor("item-1") });
    await until(() => rig.faults.requests("chat.send").length === 1, "the send");
    expect(outbox.getState().discard(entry.id)).toBeUndefined();
    await until(() => stateOf(outbox, entry.id) === "confirmed", "confirmation");
    expect(outbox.getState().discard(entry.id)).toBeUndefined();
    expect(stateOf(outbox, entry.id)).toBe("confirmed");
  });

  it("of an uncertain answer that the loaded history shows after all, confirms it instead of reopening the draft", async () => {
    rig.stop();
    rig = await startRig({ sim: { reply: false }, channel });
    // A conversation view that has loaded the history but not yet told the outbox.
    const quiet = { ...rig.history, subscribe: () => () => {}, reload: async () => {} };
    const outbox = rig.outbox({ history: quiet, sendTimeoutMs: 1_000 });
    rig.faults.loseNextResponse("chat.send");
    const entry = outbox.getState().enqueue({ itemId: "item-1", message: "main", draft: draftFor("item-1") });
    await until(() => stateOf(outbox, entry.id) === "unconfirmed", "unconfirmed", 100);
    await rig.history.reload();
    expect(outbox.getState().discard(entry.id)).toBeUndefined();
    expect(stateOf(outbox, entry.id)).toBe("confirmed");
    expect(rig.userMessages()).toHaveLength(1);
  });
});

describe("Several panes of one conversation", () => {
  it("show the same states in a second outbox over the same bus, which never sends the answer itself", async () => {
    const a = rig.outbox();
    const bBus = createPaneBus(channel);
    const b = rig.outbox({ bus: bBus });
    await until(() => a.getState().ready && b.getState().ready, "both outboxes to load");
    const seenInB = trace(b, "item-1");
    const entry = a.getState().enqueue({ itemId: "item-1", message: "main", draft: draftFor("item-1") });
    await until(() => stateOf(b, entry.id) === "confirmed", "the confirmation to reach the second pane");
    expect(seenInB).toEqual(["queued", "sending", "confirmed"]);
    expect(b.getState().entries[entry.id]).toEqual(a.getState().entries[entry.id]);
    expect(rig.faults.requests("chat.send")).toHaveLength(1);
    bBus.close();
  });

  it("two services objects of one conversation are independent outboxes kept in step: a second one finds the answer and never sends it twice", async () => {
    rig.faults.loseNextResponse("chat.send");
    const make = (sessionKey: string) => createConversationServices({ client: rig.client, sessionKey, storage: rig.storage, bus: createPaneBus(channel) });
    const first = make("agent:main:main");
    const elsewhere = make("agent:main:other");
    expect(elsewhere.outbox).not.toBe(first.outbox);
    await until(() => first.outbox.getState().ready, "the outbox to load");
    const entry = first.outbox.getState().enqueue({ itemId: "item-1", message: "main", draft: draftFor("item-1") });
    await until(() => rig.faults.requests("chat.send").length === 1, "the send");

    // Nothing is shared behind the host's back: a second object is a second outbox, in step through the pane bus.
    const again = make("agent:main:main");
    expect(again.outbox).not.toBe(first.outbox);
    await until(() => again.outbox.getState().entries[entry.id], "the answer in the second outbox");
    const shown = again.outbox.getState().entries[entry.id] as OutboxEntry;
    expect(shown.state).toBe(stateOf(first.outbox, entry.id));
    expect(again.outbox.getState().enqueue({ itemId: "item-1", message: "again", draft: draftFor("item-1") }).id).toBe(entry.id);
    expect(elsewhere.outbox.getState().entries[entry.id]).toBeUndefined();

    await until(() => stateOf(again.outbox, entry.id) === "confirmed", "confirmation");
    expect(rig.faults.requests("chat.send")).toHaveLength(1);
    for (const services of [first, elsewhere, again]) services.dispose();
  });

  it("dispose stops the outbox and the conversation; services made after it deliver what was queued", async () => {
    const make = () => createConversationServices({ client: rig.client, sessionKey: "agent:main:main", storage: rig.storage, bus: createPaneBus(channel) });
    const first = make();
    await until(() => first.outbox.getState().ready && first.conversation.getState().loaded, "the first services to load");
    const runId = rig.sim.startRun({ sessionKey: "agent:main:main" });
    await until(() => first.conversation.getState().runActive, "the run to be seen");
    const entry = first.outbox.getState().enqueue({ itemId: "item-1", message: "main", draft: draftFor("item-1") });
    await first.outbox.getState().whenSaved();
    first.dispose();
    first.dispose();

    rig.sim.completeRun(runId, "done");
    await pass(1000);
    expect(rig.faults.requests("chat.send")).toHaveLength(0);
    expect(stateOf(first.outbox, entry.id)).toBe("queued");
    // It stopped listening, so it never saw the run end.
    expect(first.conversation.getState().runActive).toBe(true);

    const second = make();
    await until(() => stateOf(second.outbox, entry.id) === "confirmed", "the saved answer delivered", 100);
    expect(rig.userMessages()).toHaveLength(1);
    second.dispose();
  });

  it("keeps its own state for an answer it is sending when another pane reports something older", async () => {
    rig.faults.loseNextResponse("chat.send");
    const outbox = rig.outbox({ sendTimeoutMs: 60_000 });
    const entry = outbox.getState().enqueue({ itemId: "item-1", message: "main", draft: draftFor("item-1") });
    await until(() => rig.faults.requests("chat.send").length === 1, "the send");
    const other = createPaneBus(channel);
    const heard: PaneMessage[] = [];
    other.subscribe((m) => heard.push(m));
    const stale = { ...outbox.getState().entries[entry.id]!, state: "queued" as const, message: "edited elsewhere", updatedAt: Date.now() + 10_000 };
    other.post({ type: "outbox-changed", sessionKey: "agent:main:main", entry: stale });
    other.post({ type: "outbox-removed", sessionKey: "agent:main:main", id: entry.id });
    await pass(0);
    expect(outbox.getState().entries[entry.id]).toMatchObject({ state: "sending", message: "main" });
    expect(heard.filter((m) => m.type === "outbox-changed").map((m) => m.type === "outbox-changed" && m.entry.state)).toEqual(["sending", "sending"]);
    other.close();
  });
});

describe("News from other panes arriving late or out of order", () => {
  it("never takes an older copy over a newer one, and never moves a confirmed answer back", async () => {
    const runId = await busyRun();
    const outbox = rig.outbox();
    await until(() => outbox.getState().ready, "the outbox to load");
    const other = createPaneBus(channel);
    const queued = outbox.getState().enqueue({ itemId: "item-1", message: "main", draft: draftFor("item-1") });
    outbox.getState().edit(queued.id, "main, edited");
    const edited = outbox.getState().entries[queued.id]!;
    other.post({ type: "outbox-changed", sessionKey: "agent:main:main", entry: { ...queued, message: "main" } });
    await pass(0);
    expect(outbox.getState().entries[queued.id]).toEqual(edited);

    rig.sim.completeRun(runId);
    await until(() => stateOf(outbox, queued.id) === "confirmed", "confirmation");
    const confirmed = outbox.getState().entries[queued.id]!;
    other.post({ type: "outbox-changed", sessionKey: "agent:main:main", entry: { ...confirmed, state: "failed", updatedAt: confirmed.updatedAt + 1_000 } });
    other.post({ type: "outbox-changed", sessionKey: "agent:main:main", entry: { ...confirmed, state: "sending", updatedAt: confirmed.updatedAt - 1 } });
    await pass(0);
    expect(outbox.getState().entries[queued.id]).toEqual(confirmed);
    other.close();
  });
});

describe("Other tabs (BroadcastChannel)", () => {
  // Real timers and BroadcastChannel here: each wait is vi.waitFor's, whose limit only catches a hang.
  it("hear every change and the reopened draft, and their own changes and discards reach this tab", async () => {
    vi.useRealTimers();
    const tab = new BroadcastChannel(channel);
    const heard: PaneMessage[] = [];
    tab.onmessage = (e: MessageEvent) => heard.push(e.data as PaneMessage);
    try {
      const runId = rig.sim.startRun({ sessionKey: "agent:main:main" });
      const outbox = rig.outbox();
      const reopened: AsyncDraft[] = [];
      outbox.getState().onReopenDraft((d) => reopened.push(d));
      await vi.waitFor(() => expect(!rig.history.isIdle() && outbox.getState().ready).toBe(true));
      const entry = outbox.getState().enqueue({ itemId: "item-1", message: "main", draft: draftFor("item-1") });
      await vi.waitFor(() => expect(heard).not.toHaveLength(0));
      expect(heard[0]).toMatchObject({ type: "outbox-changed", entry: { id: entry.id, state: "queued" } });

      const edited = { ...entry, message: "main, please", updatedAt: entry.updatedAt + 5 };
      tab.postMessage({ type: "outbox-changed", sessionKey: "agent:main:main", entry: edited } satisfies PaneMessage);
      tab.postMessage({ type: "reopen-draft", sessionKey: "agent:main:main", itemId: "item-0", draft: draftFor("item-0") } satisfies PaneMessage);
      tab.postMessage({ type: "nonsense" });
      await vi.waitFor(() => expect(reopened).not.toHaveLength(0));
      expect(outbox.getState().entries[entry.id]?.message).toBe("main, please");
      expect(reopened).toEqual([draftFor("item-0")]);

      rig.sim.completeRun(runId);
      await vi.waitFor(() => expect(stateOf(outbox, entry.id)).toBe("confirmed"));
      expect(rig.userMessages().map((m) => m.content)).toEqual(["main, please"]);
    } finally {
      tab.close();
    }
  });
});
