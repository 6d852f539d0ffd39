// What a host's side effects follow: a request arriving now, once, and its end; never a recovered one.
import { afterEach, describe, expect, it } from "vitest";
import type { RequestChange } from "../../../src/store";
import { REGION, TARGET, startDock, until, type DockFixture } from "./dock-fixture";

let f: DockFixture;
afterEach(() => f.stop());

const told = (changes: RequestChange[]) => changes.map((c) => (c.type === "arrived" ? `arrived ${c.record.id} ${c.blocking ? "blocking" : "async"}` : `ended ${c.id}`));

describe("onRequestChange", () => {
  it("tells each arrival once and each end, but no request a reconnect recovers", async () => {
    f = await startDock();
    const changes: RequestChange[] = [];
    const off = f.actions.onRequestChange((c) => changes.push(c));
    const first = await f.ask({ questions: [TARGET] });
    f.sim.setOffline(true);
    f.sim.dropConnections();
    await until(() => f.state().connection.state === "reconnecting", "the drop");
    // Asked while the page was away: it comes back with the recovery, which is no arrival to announce.
    const missed = f.sim.ask({ questions: [REGION] }).id;
    f.sim.setOffline(false);
    await until(() => f.state().records.get(missed), "the recovered request", 10);
    await f.actions.skip(first);
    await until(() => !f.state().records.get(first), "the skip");
    off();
    const later = await f.ask({ questions: [REGION] });
    expect(told(changes)).toEqual([`arrived ${first} blocking`, `ended ${first}`]);
    expect(f.state().records.get(later)).toBeDefined();
  });
});
