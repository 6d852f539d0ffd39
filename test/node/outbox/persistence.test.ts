import "fake-indexeddb/auto";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createIndexedDbStorage, createMemoryStorage, SecretNotStoredError, type DockStorage, type OutboxEntry } from "../../../src/store/outbox";
import { draftFor, pass, startRig, stateOf, until, useFakeTime, type Rig } from "./rig";

const SESSION = "agent:main:main";
let rig: Rig | undefined;

afterEach(() => {
  rig?.stop();
  rig = undefined;
  vi.useRealTimers();
});

function entry(id: string, patch: Partial<OutboxEntry> = {}): OutboxEntry {
  return { id, sessionKey: SESSION, itemId: `item-${id}`, message: "main", state: "queued", createdAt: 1, updatedAt: 1, failureCount: 0, isPaused: false, ...patch };
}

function freshDb(): DockStorage {
  return createIndexedDbStorage({ dbName: `dock-${Math.random()}` });
}

describe("The IndexedDB storage", () => {
  it("keeps entries and drafts per session, and forgets deleted ones", async () => {
    const storage = freshDb();
    await storage.saveOutboxEntry(entry("a"));
    await storage.saveOutboxEntry(entry("b", { state: "confirmed" }));
    await storage.saveOutboxEntry(entry("c", { sessionKey: `${SESSION}:thread` }));
    await storage.saveDraft(draftFor("item-a"));
    await storage.saveDraft({ ...draftFor("item-z"), sessionKey: "agent:main" });

    expect((await storage.loadOutbox(SESSION)).map((e) => e.id).sort()).toEqual(["a", "b"]);
    expect((await storage.loadOutbox(`${SESSION}:thread`)).map((e) => e.id)).toEqual(["c"]);
    expect(await storage.loadDrafts(SESSION)).toEqual([draftFor("item-a")]);

    await storage.deleteOutboxEntry(SESSION, "a");
    await storage.deleteDraft(SESSION, "item-a");
    expect((await storage.loadOutbox(SESSION)).map((e) => e.id)).toEqual(["b"]);
    expect(await storage.loadDrafts(SESSION)).toEqual([]);
  });

  it("survives being opened again under the same name (a reload)", async () => {
    const dbName = `dock-${Math.random()}`;
    await createIndexedDbStorage({ dbName }).saveOutboxEntry(entry("a", { message: "> Which?\n\nmain" }));
    expect(await createIndexedDbStorage({ dbName }).loadOutbox(SESSION)).toEqual([entry("a", { message: "> Which?\n\nmain" })]);
  });

  it.each([
    ["IndexedDB", freshDb],
    ["memory", createMemoryStorage],
  ])("(%s) refuses to write a secret draft, or an entry that carries one", async (_name, make) => {
    const storage = make();
    const secret = { ...draftFor("item-s"), secret: true };
    await expect(storage.saveDraft(secret)).rejects.toBeInstanceOf(SecretNotStoredError);
    await expect(storage.saveOutboxEntry(entry("s", { draft: secret }))).rejects.toBeInstanceOf(SecretNotStoredError);
    expect(await storage.loadDrafts(SESSION)).toEqual([]);
    expect(await storage.loadOutbox(SESSION)).toEqual([]);
  });

  it.each([
    ["IndexedDB", freshDb],
    ["memory", createMemoryStorage],
  ])("(%s) never keeps a draft whose typed text looks like a credential, and drops an earlier copy", async (_name, make) => {
    const storage = make();
    const typed = (other: string) => ({ ...draftFor("item-c"), answers: [{ selected: [], other }] });
    await storage.saveDraft(typed("use the staging key"));
    expect(await storage.loadDrafts(SESSION)).toHaveLength(1);
    await storage.saveDraft(typed("use ghp_16C7e42F292c6912E7710c838347Ae178B4a"));
    expect(await storage.loadDrafts(SESSION)).toEqual([]);
  });

  it("skips malformed records instead of failing the load", async () => {
    const storage = freshDb();
    await storage.saveOutboxEntry({ ...entry("bad"), state: "lost" as never });
    await storage.saveOutboxEntry(entry("good"));
    expect((await storage.loadOutbox(SESSION)).map((e) => e.id)).toEqual(["good"]);
  });
});

describe("After a reload (a new outbox over the same storage)", () => {
  it("an answer cut off mid-send becomes unconfirmed, then confirmed from the history without a second send", async () => {
    useFakeTime();
    rig = await startRig({ storage: freshDb() });
    rig.faults.loseNextResponse("chat.send");
    const before = rig.outbox({ sendTimeoutMs: 60_000 });
    const sent = before.getState().enqueue({ itemId: "item-1", message: "main", draft: draftFor("item-1") });
    await until(() => rig!.faults.requests("chat.send").length === 1, "the send");
    await before.getState().whenSaved();
    before.getState().dispose();
    expect(await rig.storage.loadOutbox(SESSION)).toEqual([expect.objectContaining({ id: sent.id, state: "sending" })]);

    const after = rig.outbox();
    const states: string[] = [];
    after.subscribe((s) => {
      const state = s.entries[sent.id]?.state;
      if (state && states.at(-1) !== state) states.push(state);
    });
    await until(() => stateOf(after, sent.id) === "confirmed", "confirmation");
    expect(states).toEqual(["unconfirmed", "confirmed"]);
    expect(rig.faults.requests("chat.send")).toHaveLength(1);
    expect(rig.userMessages()).toHaveLength(1);
    await after.getState().whenSaved();
    expect(await rig.storage.loadOutbox(SESSION)).toEqual([expect.objectContaining({ id: sent.id, state: "confirmed" })]);
  });

  it("an answer whose send never left stays unconfirmed, and Retry delivers exactly one message", async () => {
    useFakeTime();
    rig = await startRig({ storage: freshDb() });
    rig.faults.loseNextRequest("chat.send");
    const before = rig.outbox({ sendTimeoutMs: 60_000 });
    const sent = before.getState().enqueue({ itemId: "item-1", message: "main", draft: draftFor("item-1") });
    await until(() => rig!.faults.requests("chat.send").length === 1, "the send");
    await before.getState().whenSaved();
    before.getState().dispose();

    const after = rig.outbox();
    await until(() => stateOf(after, sent.id) === "unconfirmed" && rig!.history.reloads > 0, "unconfirmed after a history check");
    await pass(5_000);
    expect(stateOf(after, sent.id)).toBe("unconfirmed");
    expect(after.getState().retry(sent.id)).toBe(true);
    await until(() => stateOf(after, sent.id) === "confirmed", "confirmation");
    expect(rig.faults.requests("chat.send").map((r) => r.params.idempotencyKey)).toEqual([sent.id, sent.id]);
    expect(rig.userMessages()).toHaveLength(1);
  });

  it("queued answers drain, and confirmed ones (edited or with quoted headings) stay confirmed", async () => {
    useFakeTime();
    const storage = freshDb();
    rig = await startRig({ storage });
    rig.sim.setOffline(true);
    rig.sim.dropConnections();
    await until(() => rig!.client.getConnection().state === "reconnecting", "the drop");
    const before = rig.outbox();
    await until(() => before.getState().ready, "the outbox to load");
    const queued = before.getState().enqueue({ itemId: "item-1", message: "main", draft: draftFor("item-1") });
    before.getState().edit(queued.id, "> Which branch?\n\nmain\n\n> Why?\n\nIt is green");
    await storage.saveOutboxEntry(entry("old", { state: "confirmed", message: "> Deploy?\n\nyes", confirmedAt: 5 }));
    await before.getState().whenSaved();
    before.getState().dispose();

    rig.sim.setOffline(false);
    await rig.connected();
    const after = rig.outbox();
    await until(() => stateOf(after, queued.id) === "confirmed", "the queued answer to drain");
    expect(rig.userMessages().map((m) => m.content)).toEqual(["> Which branch?\n\nmain\n\n> Why?\n\nIt is green"]);
    expect(after.getState().entries["old"]).toMatchObject({ state: "confirmed", message: "> Deploy?\n\nyes" });

    const again = rig.outbox();
    await until(() => again.getState().ready, "the third load");
    expect(again.getState().entries[queued.id]).toMatchObject({ state: "confirmed", message: "> Which branch?\n\nmain\n\n> Why?\n\nIt is green" });
    expect(rig.faults.requests("chat.send")).toHaveLength(1);
  });
});

describe("When storage fails", () => {
  it("keeps sending in memory and records that saving failed, as a kind the views put into words", async () => {
    useFakeTime();
    const quotaExceeded = () => Promise.reject(new DOMException("The quota has been exceeded.", "QuotaExceededError"));
    const full: DockStorage = { ...createMemoryStorage(), saveOutboxEntry: quotaExceeded, deleteOutboxEntry: quotaExceeded, saveDraft: quotaExceeded };
    rig = await startRig({ storage: full });
    const reported: unknown[] = [];
    const outbox = rig.outbox({ onStorageError: (e) => reported.push(e) });
    const sent = outbox.getState().enqueue({ itemId: "item-1", message: "main", draft: draftFor("item-1") });
    await until(() => stateOf(outbox, sent.id) === "confirmed", "confirmation");
    expect(outbox.getState().storageError).toEqual({ kind: "storage-failed", operation: "save" });
    expect(reported.length).toBeGreaterThan(0);
    expect(String(reported[0])).toMatch(/quota/);
    expect(rig.userMessages()).toHaveLength(1);
  });

  it("works without IndexedDB at all (private mode, old runtimes)", async () => {
    useFakeTime();
    const saved = globalThis.indexedDB;
    // @ts-expect-error -- removed on purpose for this test
    delete globalThis.indexedDB;
    try {
      rig = await startRig({ storage: createIndexedDbStorage({ dbName: "nowhere" }) });
      const outbox = rig.outbox();
      await until(() => outbox.getState().ready, "the outbox to load");
      expect(outbox.getState().storageError).toEqual({ kind: "storage-failed", operation: "load" });
      const sent = outbox.getState().enqueue({ itemId: "item-1", message: "main", draft: draftFor("item-1") });
      await until(() => stateOf(outbox, sent.id) === "confirmed", "confirmation");
    } finally {
      globalThis.indexedDB = saved;
    }
  });
});
