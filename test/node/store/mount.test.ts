import { afterEach, describe, expect, it } from "vitest";
import { openStore, type DockStore } from "../../../src/store";
import type { StoreApi } from "zustand/vanilla";
import { fakeClock, REGION, TARGET, startDock, until, type DockFixture } from "./dock-fixture";

let f: DockFixture;
const extra: StoreApi<DockStore>[] = [];
afterEach(() => {
  extra.splice(0).forEach((s) => s.getState().actions.dispose());
  f?.stop();
});

/** A second dock made the way a host remounts one: on the client that is already connected. */
function mountDock(sessionKey: string): StoreApi<DockStore> {
  const store = openStore({ client: f.client, sessionKey, typingGraceMs: 0, clock: fakeClock });
  extra.push(store);
  return store;
}

describe("A dock made on a client that is already connected", () => {
  it("shows the pending questions at once, without waiting for a reconnect", async () => {
    f = await startDock();
    const first = await f.ask({ questions: [TARGET] });
    const second = await f.ask({ questions: [REGION] });
    const lists = f.sent("question.list");
    const dock = mountDock("main");
    await until(() => dock.getState().order.length === 2, "the remounted dock's recovery");
    expect([...dock.getState().order].sort()).toEqual([first, second].sort());
    expect(dock.getState().activeId).not.toBeNull();
    expect(f.sent("question.list")).toBe(lists + 1);
    // Nothing was reconnected to get there.
    expect(f.state().connection.state).toBe("connected");
  });

  it("keeps each session's questions to its own dock when a host switches sessions over one client", async () => {
    f = await startDock();
    const mainId = await f.ask({ questions: [TARGET] });
    const otherRecord = f.sim.ask({ sessionKey: "agent:main:other", questions: [REGION] });
    const other = mountDock("agent:main:other");
    await until(() => other.getState().order.length === 1, "the other session's dock");
    expect([...other.getState().order]).toEqual([otherRecord.id]);
    expect([...f.state().order]).toEqual([mainId]);

    // Each dock keeps its own drafts; switching back finds them.
    f.actions.select(mainId, "target", "Production");
    other.getState().actions.select(otherRecord.id, "region", "EU");
    const again = mountDock("agent:main:other");
    await until(() => again.getState().order.length === 1, "the remounted other dock");
    expect(f.state().views.get(mainId)?.drafts["target"]?.selected).toEqual(["Production"]);
    expect(other.getState().views.get(otherRecord.id)?.drafts["region"]?.selected).toEqual(["EU"]);
  });

  it("learns at mount how questions it was given before connecting ended", async () => {
    f = await startDock();
    const id = await f.ask({ questions: [TARGET] });
    const record = f.state().records.get(id)!;
    await f.actions.skip(id);
    const dock = openStore({ client: f.client, sessionKey: "main", clock: fakeClock }, [record]);
    extra.push(dock);
    await until(() => dock.getState().outcomes.has(id), "the settled initial record");
    expect(dock.getState().records.get(id)).toBeUndefined();
  });
});
