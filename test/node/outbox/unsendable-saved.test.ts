// An answer saved before its text was cleaned holds a NUL the gateway refuses on every try: a reload cleans it,
// so it is sent once instead of failing for good.
import "fake-indexeddb/auto";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createIndexedDbStorage, type OutboxEntry } from "../../../src/store";
import { scopedRecords } from "../../../src/store/keep/storage";
import { requestOf, startRig, stateOf, until, useFakeTime, SESSION, type Rig } from "./rig";

let rig: Rig | undefined;

afterEach(() => {
  rig?.stop();
  rig = undefined;
  vi.useRealTimers();
});

const DIRTY = "> Which branch?\u0000\n\nmain\u0007";
const CLEAN = "> Which branch?\n\nmain";

function saved(id: string, patch: Partial<OutboxEntry>): OutboxEntry {
  return { id, sessionKey: SESSION, itemId: `item-${id}`, message: DIRTY, state: "queued", createdAt: 1, updatedAt: 1, failureCount: 0, isPaused: false, draft: { requestId: requestOf(`item-${id}`), step: 0, answers: [{ questionId: "q0", selected: ["main"], other: "" }], edited: true, updatedAt: 0 }, ...patch };
}

describe("A saved answer holding characters the gateway refuses", () => {
  it.each([
    ["queued", saved("q", {})],
    ["refused for good", saved("f", { state: "failed", refusedForGood: true, failureCount: 1, failureReason: "message must not contain null bytes", attempts: 1 })],
  ])("(%s) is cleaned after a reload and delivered once", async (_name, entry) => {
    useFakeTime();
    const storage = createIndexedDbStorage({ dbName: `dock-${Math.random()}` });
    rig = await startRig({ storage });
    await scopedRecords(storage, rig.scope()).put("outbox", entry.id, entry);
    const page = rig.page();
    await until(() => stateOf(page, entry.id) === "confirmed", "confirmation");
    expect(rig.userMessages().map((m) => m.content)).toEqual([CLEAN]);
    expect(rig.faults.requests("chat.send").map((r) => r.params.message)).toEqual([CLEAN]);
    expect(await rig.kept()).toEqual([expect.objectContaining({ id: entry.id, message: CLEAN, state: "confirmed" })]);
  });
});
