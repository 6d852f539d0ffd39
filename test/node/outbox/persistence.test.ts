import "fake-indexeddb/auto";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createIndexedDbStorage, createMemoryStorage, DRAFT_SAVE_DELAY_MS, type DockStorage, type OutboxEntry, type SavedDraft } from "../../../src/store";
import { scopedRecords } from "../../../src/store/keep/storage";
import { keptDrafts } from "../../support/kept";
import { answer, branchAnswer, entryOf, inDock, pass, requestOf, SESSION, startRig, stateOf, until, useFakeTime, type Rig } from "./rig";

let rig: Rig | undefined;

afterEach(() => {
  rig?.stop();
  rig = undefined;
  vi.useRealTimers();
});

function entry(id: string, patch: Partial<OutboxEntry> = {}): OutboxEntry {
  return { id, sessionKey: SESSION, itemId: `item-${id}`, message: "main", state: "queued", createdAt: 1, updatedAt: 1, failureCount: 0, isPaused: false, ...patch };
}

function draft(itemId: string, other = ""): SavedDraft {
  return { requestId: requestOf(itemId), step: 0, answers: [{ questionId: "q0", selected: other ? [] : ["main"], other }], edited: true, updatedAt: 0 };
}

function freshDb(): DockStorage {
  return createIndexedDbStorage({ dbName: `dock-${Math.random()}` });
}

describe("The IndexedDB storage", () => {
  it("keeps records per scope and table, and forgets removed ones", async () => {
    const storage = freshDb();
    const mine = scopedRecords(storage, "scope A");
    const theirs = scopedRecords(storage, "scope A:thread");
    await mine.put("outbox", "a", entry("a"));
    await mine.put("outbox", "b", entry("b", { state: "confirmed" }));
    await theirs.put("outbox", "c", entry("c"));
    await mine.put("draft", requestOf("item-a"), draft("item-a"));

    expect(((await mine.list("outbox")) as OutboxEntry[]).map((e) => e.id).sort()).toEqual(["a", "b"]);
    expect(((await theirs.list("outbox")) as OutboxEntry[]).map((e) => e.id)).toEqual(["c"]);
    expect(await mine.list("draft")).toEqual([draft("item-a")]);
    expect(await theirs.list("draft")).toEqual([]);

    await mine.remove("outbox", "a");
    await mine.remove("draft", requestOf("item-a"));
    expect(((await mine.list("outbox")) as OutboxEntry[]).map((e) => e.id)).toEqual(["b"]);
    expect(await mine.list("draft")).toEqual([]);
  });

  it("survives being opened again under the same name (a reload)", async () => {
    const dbName = `dock-${Math.random()}`;
    await scopedRecords(createIndexedDbStorage({ dbName }), "scope A").put("outbox", "a", entry("a", { message: "> Which?\n\nmain" }));
    expect(await scopedRecords(createIndexedDbStorage({ dbName }), "scope A").list("outbox")).toEqual([entry("a", { message: "> Which?\n\nmain" })]);
  });
});

describe("What a page keeps", () => {
  it.each([
    ["IndexedDB", freshDb],
    ["memory", createMemoryStorage],
  ])("(%s) never keeps a draft whose typed text looks like a credential, and drops an earlier copy", async (_name, make) => {
    useFakeTime();
    rig = await startRig({ storage: make() });
    const page = rig.page();
    rig.ask("item-c", { questions: [{ title: "Which key should the deploy use?" }] });
    const rid = await inDock(page, "item-c");
    page.getState().actions.setOther(rid, "q0", "use the staging key");
    await pass(DRAFT_SAVE_DELAY_MS);
    await rig.saved();
    expect(await keptDrafts(rig.storage)).toEqual([expect.objectContaining({ requestId: rid, answers: [expect.objectContaining({ other: "use the staging key" })] })]);
    page.getState().actions.setOther(rid, "q0", "use ghp_16C7e42F292c6912E7710c838347Ae178B4a");
    await pass(DRAFT_SAVE_DELAY_MS);
    await rig.saved();
    expect(await keptDrafts(rig.storage)).toEqual([]);
  });

  it("never keeps the answer to a secret question, beside the blocking drafts it does keep", async () => {
    useFakeTime();
    rig = await startRig({ storage: freshDb() });
    const page = rig.page();
    const ask = async (question: Parameters<Rig["sim"]["ask"]>[0]["questions"][number]) => {
      const { id } = rig!.sim.ask({ sessionKey: SESSION, questions: [question] });
      await until(() => page.getState().records.has(id), "the question in the dock");
      return id;
    };
    // The gateway takes a secret only as the one question of its prompt.
    const secret = await ask({ questionId: "api_key", header: "Key", question: "Paste the deploy key", options: [], isOther: true, isSecret: true, secretStore: { name: "DEPLOY_KEY", kind: "secret" } });
    page.getState().actions.setOther(secret, "api_key", "hunter2");
    await pass(DRAFT_SAVE_DELAY_MS);
    await rig.saved();
    expect(await keptDrafts(rig.storage)).toEqual([]);
    const plain = await ask({ questionId: "target", header: "Target", question: "Where to?", options: [{ label: "Staging" }, { label: "Production" }], isOther: true });
    page.getState().actions.setOther(plain, "target", "Canary");
    await pass(DRAFT_SAVE_DELAY_MS);
    await rig.saved();
    expect((await keptDrafts(rig.storage)).map((d) => d.requestId)).toEqual([plain]);
    expect(JSON.stringify(await rig.storage.list(""))).not.toMatch(/hunter2|api_key/);
  });

  it("skips malformed records instead of failing the load", async () => {
    useFakeTime();
    const storage = freshDb();
    rig = await startRig({ storage });
    const records = scopedRecords(storage, rig.scope());
    await records.put("outbox", "bad", { ...entry("bad"), state: "lost" });
    await records.put("outbox", "other-session", entry("other-session", { sessionKey: "agent:main:other" }));
    await records.put("outbox", "good", entry("good", { state: "confirmed" }));
    await records.put("draft", "broken", { requestId: "broken", answers: "none" });
    const page = rig.page();
    await until(() => page.getState().outbox.ready, "the load");
    expect(page.getState().outbox.order).toEqual(["good"]);
    expect(page.getState().outbox.storageError).toBeUndefined();
  });
});

describe("After a reload (a new page over the same storage)", () => {
  it("an answer cut off mid-send becomes unconfirmed, then confirmed from the history without a second send", async () => {
    useFakeTime();
    // Neither the saved-row feed nor a reply tells the first page the message arrived before it closes.
    rig = await startRig({ storage: freshDb(), feed: false, sim: { reply: false } });
    const before = rig.page({ sendTimeoutMs: 60_000 });
    rig.ask("item-1");
    await inDock(before, "item-1");
    rig.faults.loseNextResponse("chat.send");
    const sent = await answer(before, "item-1");
    await until(() => rig!.sendKeys().length === 1, "the send");
    expect(await rig.kept()).toEqual([expect.objectContaining({ id: sent.id, state: "sending" })]);
    rig.close(before);

    const after = rig.page();
    const states: string[] = [];
    after.subscribe((s) => {
      const state = s.outbox.entries[sent.id]?.state;
      if (state && states.at(-1) !== state) states.push(state);
    });
    await until(() => stateOf(after, sent.id) === "confirmed", "confirmation");
    expect(states).toEqual(["unconfirmed", "confirmed"]);
    expect(rig.sendKeys()).toHaveLength(1);
    expect(rig.userMessages()).toHaveLength(1);
    expect(await rig.kept()).toEqual([expect.objectContaining({ id: sent.id, state: "confirmed" })]);
  });

  it("an answer whose send never left stays unconfirmed, and Retry delivers exactly one message", async () => {
    useFakeTime();
    rig = await startRig({ storage: freshDb() });
    const before = rig.page({ sendTimeoutMs: 60_000 });
    rig.ask("item-1");
    await inDock(before, "item-1");
    rig.faults.loseNextRequest("chat.send");
    const sent = await answer(before, "item-1");
    await until(() => rig!.sendKeys().length === 1, "the send");
    await rig.saved();
    rig.close(before);

    const reads = rig.historyReads();
    const after = rig.page();
    await until(() => stateOf(after, sent.id) === "unconfirmed" && rig!.historyReads() > reads, "unconfirmed after a history check");
    await pass(5_000);
    expect(stateOf(after, sent.id)).toBe("unconfirmed");
    after.getState().actions.retryAnswer(sent.id);
    await until(() => stateOf(after, sent.id) === "confirmed", "confirmation");
    expect(rig.sendKeys()).toEqual([sent.id, sent.id]);
    expect(rig.userMessages()).toHaveLength(1);
  });

  it("queued answers drain, and confirmed ones (edited or with quoted headings) stay confirmed", async () => {
    useFakeTime();
    const storage = freshDb();
    rig = await startRig({ storage });
    const before = rig.page();
    rig.ask("item-1");
    await inDock(before, "item-1");
    rig.sim.setOffline(true);
    rig.sim.dropConnections();
    await until(() => rig!.client.getConnection().state === "reconnecting", "the drop");
    const queued = await answer(before, "item-1");
    expect(before.getState().actions.editAnswer(queued.id, "> Which branch?\n\nmain\n\n> Why?\n\nIt is green")).toBe(true);
    await scopedRecords(storage, rig.scope()).put("outbox", "old", entry("old", { state: "confirmed", message: "> Deploy?\n\nyes", confirmedAt: 5 }));
    await rig.saved();
    rig.close(before);

    rig.sim.setOffline(false);
    await rig.connected();
    const after = rig.page();
    await until(() => stateOf(after, queued.id) === "confirmed", "the queued answer to drain");
    expect(rig.userMessages().map((m) => m.content)).toEqual(["> Which branch?\n\nmain\n\n> Why?\n\nIt is green"]);
    expect(entryOf(after, "old")).toMatchObject({ state: "confirmed", message: "> Deploy?\n\nyes" });
    await rig.saved();
    rig.close(after);

    const again = rig.page();
    await until(() => again.getState().outbox.ready, "the third load");
    expect(entryOf(again, queued.id)).toMatchObject({ state: "confirmed", message: "> Which branch?\n\nmain\n\n> Why?\n\nIt is green" });
    expect(rig.sendKeys()).toHaveLength(1);
  });
});

describe("When storage fails", () => {
  it("keeps sending in memory and records that saving failed, as a kind the views put into words", async () => {
    useFakeTime();
    const quotaExceeded = () => Promise.reject(new DOMException("The quota has been exceeded.", "QuotaExceededError"));
    const full: DockStorage = { ...createMemoryStorage(), put: quotaExceeded, remove: quotaExceeded };
    rig = await startRig({ storage: full });
    const page = rig.page();
    rig.ask("item-1");
    await inDock(page, "item-1");
    const sent = await answer(page, "item-1");
    await until(() => stateOf(page, sent.id) === "confirmed", "confirmation");
    expect(page.getState().outbox.storageError).toEqual({ kind: "storage-failed", operation: "save" });
    expect(rig.userMessages().map((m) => m.content)).toEqual([branchAnswer("main")]);
  });

  it("works without IndexedDB at all (private mode, old runtimes)", async () => {
    useFakeTime();
    const saved = globalThis.indexedDB;
    // @ts-expect-error -- removed on purpose for this test
    delete globalThis.indexedDB;
    try {
      rig = await startRig({ storage: createIndexedDbStorage({ dbName: "nowhere" }) });
      const page = rig.page();
      await until(() => page.getState().outbox.ready, "the outbox to load");
      expect(page.getState().outbox.storageError).toEqual({ kind: "storage-failed", operation: "load" });
      rig.ask("item-1");
      await inDock(page, "item-1");
      const sent = await answer(page, "item-1");
      await until(() => stateOf(page, sent.id) === "confirmed", "confirmation");
    } finally {
      globalThis.indexedDB = saved;
    }
  });
});
