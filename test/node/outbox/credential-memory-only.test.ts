// An async answer shaped like a credential lives in this tab's memory only: sent and retried while the page
// lives, but never written to storage and never broadcast to the other tabs.
import "fake-indexeddb/auto";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createIndexedDbStorage, createMemoryStorage, createPaneBus, draftOf, type DockStorage, type OutboxEntry, type PaneBus, type PaneMessage } from "../../../src/store";
import { scopedRecords } from "../../../src/store/keep/storage";
import { keptDrafts } from "../../support/kept";
import { answer, inDock, requestOf, SESSION, startRig, stateOf, until, useFakeTime, type Rig } from "./rig";

const KEY = "ghp_16C7e42F292c6912E7710c838347Ae178B4a";
const TOKEN = { title: "Which token should the deploy use?" };
const MESSAGE = `> ${TOKEN.title}\n\n${KEY}`;

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
  rig = await startRig({ storage });
  listener = createPaneBus(rig.channel);
  heard = [];
  listener.subscribe((m) => heard.push(m));
  return rig;
}

/** Everything the storage holds, as text. */
const stored = async (r: Rig) => {
  await r.saved();
  return JSON.stringify(await r.storage.list(""));
};

describe("A credential-shaped async answer", () => {
  it("is sent and confirmed, but never written to storage nor broadcast", async () => {
    const r = await start();
    const page = r.page();
    r.ask("item-1", { questions: [TOKEN] });
    await inDock(page, "item-1");
    const sent = await answer(page, "item-1", { other: KEY });
    await until(() => stateOf(page, sent.id) === "confirmed", "confirmation");
    expect(r.userMessages().map((m) => m.content)).toEqual([MESSAGE]);
    expect(await r.kept()).toEqual([]);
    expect(await stored(r)).not.toContain(KEY);
    expect(JSON.stringify(heard)).not.toContain(KEY);
    expect(page.getState().outbox.storageError).toBeUndefined();
  });

  it("is retried from memory after a failed send, still without a stored copy", async () => {
    const r = await start();
    const page = r.page();
    r.ask("item-1", { questions: [TOKEN] });
    await inDock(page, "item-1");
    r.faults.failNext("chat.send", { code: "UNAVAILABLE", message: "the agent is restarting its workspace" });
    const sent = await answer(page, "item-1", { other: KEY });
    await until(() => stateOf(page, sent.id) === "failed", "the failure");
    page.getState().actions.retryAnswer(sent.id);
    await until(() => stateOf(page, sent.id) === "confirmed", "confirmation");
    expect(r.userMessages()).toHaveLength(1);
    expect(await r.kept()).toEqual([]);
    expect(await stored(r)).not.toContain(KEY);
    expect(JSON.stringify(heard)).not.toContain(KEY);
  });

  it("is not there after a reload", async () => {
    const r = await start();
    const before = r.page();
    r.ask("item-1", { questions: [TOKEN] });
    await inDock(before, "item-1");
    await r.busyRun();
    const sent = await answer(before, "item-1", { other: KEY });
    expect(stateOf(before, sent.id)).toBe("queued");
    await r.saved();
    r.close(before);
    const after = r.page();
    await until(() => after.getState().outbox.ready, "the reload");
    expect(after.getState().outbox.entries).toEqual({});
    expect(r.userMessages()).toEqual([]);
  });

  it("stored by an earlier page, is removed from storage on load, yet still sent once", async () => {
    const memory = createMemoryStorage();
    const removed: string[] = [];
    const storage: DockStorage = {
      ...memory,
      remove: async (key) => {
        removed.push(key);
        await memory.remove(key);
      },
    };
    const r = await start(storage);
    const old: OutboxEntry = { id: "old", sessionKey: SESSION, itemId: "item-2", message: MESSAGE, state: "queued", createdAt: 1, updatedAt: 1, failureCount: 0, isPaused: false };
    await scopedRecords(memory, r.scope()).put("outbox", "old", old);
    const page = r.page();
    await until(() => stateOf(page, "old") === "confirmed", "the old entry's delivery");
    await r.saved();
    expect(removed.some((key) => key.endsWith(":outbox:old"))).toBe(true);
    expect(r.userMessages().map((m) => m.content)).toEqual([MESSAGE]);
    expect(await r.kept()).toEqual([]);
    expect(JSON.stringify(heard)).not.toContain(KEY);
  });

  it("reopens its draft on Discard in this tab only", async () => {
    const r = await start();
    const page = r.page();
    r.ask("item-1", { questions: [TOKEN] });
    await inDock(page, "item-1");
    await r.busyRun();
    const entry = await answer(page, "item-1", { other: KEY });
    page.getState().actions.discardAnswer(entry.id);
    expect(page.getState().outbox.entries).toEqual({});
    expect(draftOf(page.getState().views.get(requestOf("item-1")), "q0").other).toBe(KEY);
    await r.saved();
    expect(JSON.stringify(heard)).not.toContain(KEY);
    expect(await keptDrafts(r.storage)).toEqual([]);
    expect(await stored(r)).not.toContain(KEY);
    expect(r.userMessages()).toEqual([]);
  });
});
