// An async answer shaped like a credential lives in this tab's memory only: sent and retried while the page
// lives, but never written to storage and never broadcast to the other panes.
import "fake-indexeddb/auto";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createIndexedDbStorage, createMemoryStorage, createPaneBus, type DockStorage, type OutboxEntry, type PaneBus, type PaneMessage } from "../../../src/store/outbox";
import { draftFor, SESSION, startRig, stateOf, until, useFakeTime, type Rig } from "./rig";

const KEY = "ghp_16C7e42F292c6912E7710c838347Ae178B4a";
const MESSAGE = `> Which token should the deploy use?\n\n${KEY}`;
const typed = (itemId: string) => ({ ...draftFor(itemId, []), answers: [{ selected: [], other: KEY }] });

let rig: Rig | undefined;
let listener: PaneBus | undefined;
let heard: PaneMessage[] = [];

afterEach(() => {
  listener?.close();
  rig?.stop();
  rig = undefined;
  vi.useRealTimers();
});

async function start(storage: DockStorage = createIndexedDbStorage({ dbName: `dock-${Math.random()}` })): Promise<Rig> {
  useFakeTime();
  const channel = `credential-${Math.random()}`;
  rig = await startRig({ storage, channel });
  listener = createPaneBus(channel);
  heard = [];
  listener.subscribe((m) => heard.push(m));
  return rig;
}

describe("A credential-shaped async answer", () => {
  it("is sent and confirmed, but never written to storage nor broadcast", async () => {
    const r = await start();
    const outbox = r.outbox();
    await until(() => outbox.getState().ready, "the outbox to load");
    const sent = outbox.getState().enqueue({ itemId: "item-1", message: MESSAGE, draft: typed("item-1") });
    await until(() => stateOf(outbox, sent.id) === "confirmed", "confirmation");
    await outbox.getState().whenSaved();
    expect(r.userMessages().map((m) => m.content)).toEqual([MESSAGE]);
    expect(await r.storage.loadOutbox(SESSION)).toEqual([]);
    expect(JSON.stringify(heard)).not.toContain(KEY);
    expect(outbox.getState().storageError).toBeUndefined();
  });

  it("is retried from memory after a failed send, still without a stored copy", async () => {
    const r = await start();
    r.faults.failNext("chat.send", { code: "UNAVAILABLE", message: "the agent is restarting its workspace" });
    const outbox = r.outbox();
    await until(() => outbox.getState().ready, "the outbox to load");
    const sent = outbox.getState().enqueue({ itemId: "item-1", message: MESSAGE, draft: typed("item-1") });
    await until(() => stateOf(outbox, sent.id) === "failed", "the failure");
    expect(outbox.getState().retry(sent.id)).toBe(true);
    await until(() => stateOf(outbox, sent.id) === "confirmed", "confirmation");
    await outbox.getState().whenSaved();
    expect(r.userMessages()).toHaveLength(1);
    expect(await r.storage.loadOutbox(SESSION)).toEqual([]);
    expect(JSON.stringify(heard)).not.toContain(KEY);
  });

  it("is not there after a reload", async () => {
    const r = await start();
    r.sim.startRun({ sessionKey: SESSION });
    await until(() => !r.history.isIdle(), "the run to be seen");
    const before = r.outbox();
    await until(() => before.getState().ready, "the outbox to load");
    before.getState().enqueue({ itemId: "item-1", message: MESSAGE, draft: typed("item-1") });
    await before.getState().whenSaved();
    before.getState().dispose();
    const after = r.outbox();
    await until(() => after.getState().ready, "the reload");
    expect(after.getState().entries).toEqual({});
    expect(r.userMessages()).toEqual([]);
  });

  it("stored by an earlier page, is removed from storage on load, yet still sent once", async () => {
    const old: OutboxEntry = { id: "old", sessionKey: SESSION, itemId: "item-2", message: MESSAGE, state: "queued", createdAt: 1, updatedAt: 1, failureCount: 0, isPaused: false };
    const deleted: string[] = [];
    const memory = createMemoryStorage();
    const storage: DockStorage = {
      ...memory,
      loadOutbox: async () => [old],
      deleteOutboxEntry: async (sessionKey, id) => {
        deleted.push(id);
        await memory.deleteOutboxEntry(sessionKey, id);
      },
    };
    const r = await start(storage);
    const outbox = r.outbox();
    await until(() => stateOf(outbox, "old") === "confirmed", "the old entry's delivery");
    await outbox.getState().whenSaved();
    expect(deleted).toContain("old");
    expect(r.userMessages().map((m) => m.content)).toEqual([MESSAGE]);
    expect(await memory.loadOutbox(SESSION)).toEqual([]);
  });

  it("reopens its draft on Discard in this tab only", async () => {
    const r = await start();
    r.sim.startRun({ sessionKey: SESSION });
    await until(() => !r.history.isIdle(), "the run to be seen");
    const outbox = r.outbox();
    await until(() => outbox.getState().ready, "the outbox to load");
    const reopened: unknown[] = [];
    outbox.getState().onReopenDraft((d) => reopened.push(d));
    const entry = outbox.getState().enqueue({ itemId: "item-1", message: MESSAGE, draft: typed("item-1") });
    expect(outbox.getState().discard(entry.id)).toEqual(typed("item-1"));
    await outbox.getState().whenSaved();
    await until(() => reopened.length === 1, "the reopened draft");
    expect(JSON.stringify(heard)).not.toContain(KEY);
    expect(await r.storage.loadDrafts(SESSION)).toEqual([]);
    expect(r.userMessages()).toEqual([]);
  });
});
