// Side effects follow the outbox by its named events (the dock mirrors entries, shows storage failures), so each
// event must be heard once, after its state is stored, and a change that changes nothing must stay silent.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { OutboxEvent } from "../../../src/store/outbox";
import { draftFor, startRig, until, useFakeTime, type Rig } from "./rig";

let rig: Rig;

beforeEach(async () => {
  useFakeTime();
  rig = await startRig();
});

afterEach(() => {
  rig.stop();
  vi.useRealTimers();
});

describe("outbox events", () => {
  it("tells listeners each changing event once, after the state is stored, until they unsubscribe", async () => {
    rig.sim.startRun({ sessionKey: "agent:main:main" });
    await until(() => !rig.history.isIdle(), "the run to be seen");
    const outbox = rig.outbox();
    await until(() => outbox.getState().ready, "the outbox to load");
    const heard: { type: OutboxEvent["type"]; stored: boolean; before: number; after: number }[] = [];
    const off = outbox.getState().onEvent((event, next, prev) => {
      heard.push({ type: event.type, stored: outbox.getState().entries === next.entries, before: prev.order.length, after: next.order.length });
    });
    const entry = outbox.getState().enqueue({ itemId: "item-1", message: "dev", draft: draftFor("item-1") });
    // The same question again: one answer per question, so nothing changes and nothing is heard.
    outbox.getState().enqueue({ itemId: "item-1", message: "prod", draft: draftFor("item-1", ["prod"]) });
    outbox.getState().discard(entry.id);
    off();
    outbox.getState().enqueue({ itemId: "item-2", message: "dev", draft: draftFor("item-2") });
    expect(heard).toEqual([
      { type: "enqueued", stored: true, before: 0, after: 1 },
      { type: "discarded", stored: true, before: 1, after: 0 },
    ]);
  });
});
