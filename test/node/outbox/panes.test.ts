// Discard, and the tabs of one conversation kept in step: each tab is a store on its own client (the same device),
// with its own end of one pane-bus channel, over one storage.
import { afterEach, describe, expect, it, vi } from "vitest";
import { createPaneBus, draftOf, type OutboxEntry, type PaneBus, type PaneMessage } from "../../../src/store";
import { keptDrafts } from "../../support/kept";
import { answer, branchAnswer, entryOf, inDock, pass, requestOf, SESSION, startRig, stateOf, trace, until, useFakeTime, type DockStoreApi, type Rig, type RigOptions } from "./rig";

let rig: Rig | undefined;
let listener: PaneBus | undefined;

afterEach(() => {
  listener?.close();
  listener = undefined;
  rig?.stop();
  rig = undefined;
  vi.useRealTimers();
});

async function start(opts: RigOptions = {}): Promise<Rig> {
  useFakeTime();
  rig = await startRig(opts);
  return rig;
}

/** Another end of the rig's channel, as a tab of another version would hold, recording what it hears. */
function listen(r: Rig): { bus: PaneBus; heard: PaneMessage[] } {
  const heard: PaneMessage[] = [];
  listener = createPaneBus(r.channel);
  listener.subscribe((m) => heard.push(m));
  return { bus: listener, heard };
}

/** The choice the dock's draft of item-1 holds. */
const chosen = (page: DockStoreApi, itemId = "item-1") => draftOf(page.getState().views.get(requestOf(itemId)), "q0").selected;
const outboxNews = (heard: PaneMessage[]) => heard.filter((m) => m.table === "outbox" && m.value !== undefined).map((m) => m.value as OutboxEntry);

describe("Discard", () => {
  it("removes a queued answer, sends nothing, and reopens its draft in every tab", async () => {
    const r = await start();
    const other = await r.tab();
    const [a, b] = [r.page(), other.page()];
    const { heard } = listen(r);
    r.ask("item-1");
    await inDock(a, "item-1");
    await inDock(b, "item-1");
    const runId = await r.busyRun();
    const entry = await answer(a, "item-1", { label: "dev" });
    await until(() => entryOf(b, entry.id) && !b.getState().records.has(requestOf("item-1")), "the answer shown in the other tab");
    const told = heard.length;

    a.getState().actions.discardAnswer(entry.id);
    expect(a.getState().outbox).toMatchObject({ entries: {}, order: [] });
    expect(chosen(a)).toEqual(["dev"]);
    await until(() => b.getState().outbox.order.length === 0 && b.getState().records.has(requestOf("item-1")), "the draft reopened in the other tab");
    expect(chosen(b)).toEqual(["dev"]);
    expect(await r.kept()).toEqual([]);
    expect(await keptDrafts(r.storage)).toEqual([expect.objectContaining({ requestId: requestOf("item-1"), answers: [expect.objectContaining({ questionId: "q0", selected: ["dev"] })] })]);
    // One message says it: the entry left as discarded, so each tab reopens the draft it holds with it.
    expect(heard.slice(told).filter((m) => m.table !== "draft")).toEqual([{ scope: r.scope(), table: "reopen", id: entry.id }]);

    r.sim.completeRun(runId);
    await pass(5_000);
    expect(r.sendKeys()).toEqual([]);
    expect(r.userMessages()).toEqual([]);
  });

  it("is refused while the answer is being sent or once it is confirmed", async () => {
    // Neither the saved-row feed nor a reply tells the page the message arrived: it stays sending until a history read.
    const r = await start({ feed: false, sim: { reply: false } });
    const page = r.page({ sendTimeoutMs: 60_000 });
    r.ask("item-1");
    await inDock(page, "item-1");
    r.faults.loseNextResponse("chat.send");
    const entry = await answer(page, "item-1");
    await until(() => r.userMessages().length === 1, "the send");
    page.getState().actions.discardAnswer(entry.id);
    expect(stateOf(page, entry.id)).toBe("sending");
    r.sim.completeRun(entry.id, "Thanks.");
    await until(() => stateOf(page, entry.id) === "confirmed", "confirmation");
    page.getState().actions.discardAnswer(entry.id);
    expect(stateOf(page, entry.id)).toBe("confirmed");
    expect(page.getState().records.has(requestOf("item-1"))).toBe(false);
  });

  it("of an uncertain answer that a history read then shows is refused: the answer is confirmed and its draft does not come back", async () => {
    const r = await start({ feed: false, sim: { reply: false } });
    const page = r.page({ sendTimeoutMs: 1_000 });
    r.ask("item-1");
    await inDock(page, "item-1");
    r.faults.loseNextResponse("chat.send");
    const entry = await answer(page, "item-1");
    await until(() => stateOf(page, entry.id) === "unconfirmed", "unconfirmed", 100);
    // The run's end makes the page read the history, which holds the message.
    r.sim.completeRun(entry.id, "Thanks.");
    await until(() => page.getState().chat.messages.some((m) => m.idempotencyKey === `${entry.id}:user`), "the history read");
    page.getState().actions.discardAnswer(entry.id);
    expect(stateOf(page, entry.id)).toBe("confirmed");
    expect(page.getState().records.has(requestOf("item-1"))).toBe(false);
    expect(r.userMessages()).toHaveLength(1);
  });
});

describe("Two tabs of one conversation", () => {
  it("show the same states in the second tab, which never sends the answer itself", async () => {
    const r = await start();
    const other = await r.tab();
    const [a, b] = [r.page(), other.page()];
    r.ask("item-1");
    await inDock(a, "item-1");
    await inDock(b, "item-1");
    const seenInB = trace(b, "item-1");
    const entry = await answer(a, "item-1");
    await until(() => stateOf(b, entry.id) === "confirmed" && stateOf(a, entry.id) === "confirmed", "the confirmation in both tabs");
    expect(seenInB).toEqual(["queued", "sending", "confirmed"]);
    const { confirmedAt: _a, updatedAt: _au, ...inA } = entryOf(a, entry.id)!;
    const { confirmedAt: _b, updatedAt: _bu, ...inB } = entryOf(b, entry.id)!;
    expect(inB).toEqual(inA);
    expect(other.faults.requests("chat.send")).toEqual([]);
    expect(r.sendKeys()).toEqual([entry.id]);
    expect(b.getState().records.has(requestOf("item-1"))).toBe(false);
  });

  it("a tab opened while the answer is being sent finds it, never asks again and never sends it twice; another session's page does not see it", async () => {
    const r = await start({ feed: false, sim: { reply: false } });
    const a = r.page();
    const elsewhere = r.page({ sessionKey: "agent:main:other" });
    r.ask("item-1");
    await inDock(a, "item-1");
    r.faults.loseNextResponse("chat.send");
    const entry = await answer(a, "item-1");
    await until(() => r.userMessages().length === 1, "the send");
    await r.saved();
    expect(stateOf(a, entry.id)).toBe("sending");

    const other = await r.tab();
    const b = other.page();
    await until(() => entryOf(b, entry.id), "the answer in the new tab");
    await until(() => stateOf(b, entry.id) === "confirmed" && stateOf(a, entry.id) === "confirmed", "the confirmation in both tabs");
    expect(b.getState().records.has(requestOf("item-1"))).toBe(false);
    expect(b.getState().outbox.order).toEqual([entry.id]);
    expect(r.sendKeys()).toEqual([entry.id]);
    expect(r.userMessages()).toHaveLength(1);
    expect(elsewhere.getState().outbox.entries).toEqual({});
  });

  it("a closed page stops its outbox and its conversation; a page opened after it delivers what was queued", async () => {
    const r = await start();
    const first = r.page();
    r.ask("item-1");
    await inDock(first, "item-1");
    const runId = await r.busyRun();
    const entry = await answer(first, "item-1");
    await r.saved();
    first.getState().actions.dispose();
    r.close(first);

    r.sim.completeRun(runId, "done");
    await pass(1000);
    expect(r.sendKeys()).toEqual([]);
    expect(stateOf(first, entry.id)).toBe("queued");
    // It stopped listening, so it never saw the run end.
    expect(first.getState().chat.runActive).toBe(true);

    const second = r.page();
    await until(() => stateOf(second, entry.id) === "confirmed", "the saved answer delivered", 100);
    expect(r.userMessages()).toHaveLength(1);
  });

  it("keeps its own state for an answer it is sending when another tab reports something older", async () => {
    const r = await start();
    const page = r.page({ sendTimeoutMs: 60_000 });
    r.ask("item-1");
    await inDock(page, "item-1");
    r.faults.loseNextRequest("chat.send");
    const entry = await answer(page, "item-1");
    await until(() => r.sendKeys().length === 1, "the send");
    const { bus, heard } = listen(r);
    const stale = { ...entryOf(page, entry.id)!, state: "queued" as const, message: "edited elsewhere", updatedAt: Date.now() + 10_000 };
    bus.post({ scope: r.scope(), table: "outbox", id: entry.id, value: stale });
    bus.post({ scope: r.scope(), table: "outbox", id: entry.id });
    await pass(0);
    expect(entryOf(page, entry.id)).toMatchObject({ state: "sending", message: branchAnswer("main") });
    expect(outboxNews(heard).map((e) => e.state)).toEqual(["sending", "sending"]);
  });
});

describe("News from other tabs arriving late or out of order", () => {
  it("never takes an older copy over a newer one, and never moves a confirmed answer back", async () => {
    const r = await start();
    const page = r.page();
    r.ask("item-1");
    await inDock(page, "item-1");
    const runId = await r.busyRun();
    const { bus } = listen(r);
    const queued = await answer(page, "item-1");
    page.getState().actions.editAnswer(queued.id, "main, edited");
    const edited = entryOf(page, queued.id)!;
    bus.post({ scope: r.scope(), table: "outbox", id: queued.id, value: { ...queued, message: branchAnswer("main") } });
    await pass(0);
    expect(entryOf(page, queued.id)).toEqual(edited);

    r.sim.completeRun(runId);
    await until(() => stateOf(page, queued.id) === "confirmed", "confirmation");
    const confirmed = entryOf(page, queued.id)!;
    bus.post({ scope: r.scope(), table: "outbox", id: queued.id, value: { ...confirmed, state: "failed", updatedAt: confirmed.updatedAt + 1_000 } });
    bus.post({ scope: r.scope(), table: "outbox", id: queued.id, value: { ...confirmed, state: "sending", updatedAt: confirmed.updatedAt - 1 } });
    await pass(0);
    expect(entryOf(page, queued.id)).toEqual(confirmed);
  });

  it("ignores news of another conversation's scope", async () => {
    const r = await start();
    const page = r.page();
    r.ask("item-1");
    await inDock(page, "item-1");
    await r.busyRun();
    const { bus } = listen(r);
    const queued = await answer(page, "item-1");
    bus.post({ scope: `${r.scope()}-other`, table: "outbox", id: queued.id, value: { ...queued, message: "from elsewhere", updatedAt: queued.updatedAt + 1_000 } });
    bus.post({ scope: `${r.scope()}-other`, table: "outbox", id: queued.id });
    await pass(0);
    expect(entryOf(page, queued.id)).toEqual(queued);
  });
});

describe("Other tabs (BroadcastChannel)", () => {
  // Real timers and BroadcastChannel here: each wait is vi.waitFor's, whose limit only catches a hang.
  it("hear every change, and their own changes and reopened drafts reach this tab", async () => {
    const r = await start();
    vi.useRealTimers();
    const tab = new BroadcastChannel(r.channel);
    const heard: PaneMessage[] = [];
    tab.onmessage = (e: MessageEvent) => heard.push(e.data as PaneMessage);
    try {
      const page = r.page();
      r.ask("item-0");
      r.ask("item-1");
      await vi.waitFor(() => expect(page.getState().records.has(requestOf("item-0")) && page.getState().records.has(requestOf("item-1"))).toBe(true));
      const runId = r.sim.startRun({ sessionKey: SESSION });
      await vi.waitFor(() => expect(page.getState().chat.runActive).toBe(true));
      const rid = requestOf("item-1");
      page.getState().actions.select(rid, "q0", "main");
      await page.getState().actions.submit(rid);
      const entry = Object.values(page.getState().outbox.entries)[0]!;
      await vi.waitFor(() => expect(outboxNews(heard)).not.toHaveLength(0));
      expect(outboxNews(heard)[0]).toMatchObject({ id: entry.id, state: "queued" });

      const edited = { ...entry, message: "main, please", updatedAt: entry.updatedAt + 5 };
      // The other tab answered item-0 and then discarded that answer: its draft reopens here too.
      const draft = { requestId: requestOf("item-0"), step: 0, answers: [{ questionId: "q0", selected: ["dev"], other: "" }], edited: true, updatedAt: Date.now() };
      const theirs = { ...entry, id: "their-entry", itemId: "item-0", message: "> ?\n\ndev", draft, updatedAt: entry.updatedAt + 1 };
      tab.postMessage({ scope: r.scope(), table: "outbox", id: entry.id, value: edited } satisfies PaneMessage);
      tab.postMessage({ scope: r.scope(), table: "outbox", id: theirs.id, value: theirs } satisfies PaneMessage);
      await vi.waitFor(() => expect(page.getState().records.has(requestOf("item-0"))).toBe(false));
      tab.postMessage({ scope: r.scope(), table: "reopen", id: theirs.id } satisfies PaneMessage);
      tab.postMessage({ type: "nonsense" });
      await vi.waitFor(() => expect(chosen(page, "item-0")).toEqual(["dev"]));
      expect(entryOf(page, entry.id)?.message).toBe("main, please");

      r.sim.completeRun(runId);
      await vi.waitFor(() => expect(stateOf(page, entry.id)).toBe("confirmed"));
      expect(r.userMessages().map((m) => m.content)).toEqual(["main, please"]);
    } finally {
      tab.close();
    }
  });
});
