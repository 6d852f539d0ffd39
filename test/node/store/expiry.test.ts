import { afterEach, describe, expect, it } from "vitest";
import type { Clock } from "../../../src/gateway/clock";
import { REGION, TARGET, fakeClock, flush, startDock, until, type DockFixture } from "./dock-fixture";

let f: DockFixture;
afterEach(() => f?.stop());

describe("Expiry", () => {
  it("lets the prompt go at expiresAtMs, keeping its wording with the expired outcome", async () => {
    f = await startDock();
    const id = await f.ask({ questions: [TARGET, REGION], timeoutMs: 60_000 });
    f.actions.select(id, "target", "Production");
    const expiresAt = f.state().records.get(id)!.expiresAtMs;

    await flush(expiresAt - Date.now() - 1);
    expect([...f.state().order]).toEqual([id]);
    await flush(1);
    expect([...f.state().order]).toEqual([]);
    expect(f.state().outcomes.get(id)).toMatchObject({
      kind: "expired",
      at: expiresAt,
      record: { status: "expired", questions: [expect.objectContaining(TARGET), expect.objectContaining(REGION)] },
    });
    expect(f.state().announcement).toMatchObject({ key: "outcome", kind: "expired", header: "Deploy" });
    expect(f.gatewayRecord(id)?.status).toBe("expired");
  });

  it("expires on time even while the dock is offline and misses the gateway's event", async () => {
    f = await startDock();
    const id = await f.ask({ questions: [TARGET], timeoutMs: 30_000 });
    const expiresAt = f.state().records.get(id)!.expiresAtMs;
    f.sim.setOffline(true);
    f.sim.dropConnections();
    await until(() => f.state().connection.state === "reconnecting", "reconnecting");

    await flush(expiresAt - Date.now());
    expect(f.state().connection.state).toBe("reconnecting");
    expect(f.state().outcomes.get(id)).toMatchObject({ kind: "expired", at: expiresAt, record: { questions: [expect.objectContaining(TARGET)] } });

    // Once back, recovery does not bring the expired request back or change its outcome.
    f.sim.setOffline(false);
    await until(() => f.state().connection.state === "connected" && f.sent("question.list") === 2, "recovery", 100);
    await flush();
    expect([...f.state().order]).toEqual([]);
    expect(f.state().outcomes.get(id)?.kind).toBe("expired");
  });

  it("expires each of several requests at its own time while the dock is offline", async () => {
    f = await startDock();
    const early = await f.ask({ questions: [TARGET], timeoutMs: 30_000 });
    const late = await f.ask({ questions: [REGION], timeoutMs: 60_000 });
    const lateAt = f.state().records.get(late)!.expiresAtMs;
    f.sim.setOffline(true);
    f.sim.dropConnections();
    await until(() => f.state().connection.state === "reconnecting", "reconnecting");

    await flush(f.state().records.get(early)!.expiresAtMs - Date.now());
    expect([...f.state().order]).toEqual([late]);
    await flush(lateAt - Date.now());
    expect(f.state().connection.state).toBe("reconnecting");
    expect([...f.state().order]).toEqual([]);
    expect(f.state().outcomes.get(late)).toMatchObject({ kind: "expired", at: lateAt });
  });

  it("expires several requests each at its own time", async () => {
    f = await startDock();
    const late = await f.ask({ questions: [TARGET], timeoutMs: 90_000 });
    await flush(10);
    const early = await f.ask({ questions: [REGION], timeoutMs: 30_000 - 10 });
    await flush(10);
    const never = await f.ask({ questions: [TARGET] });
    await flush(30_000 - 20);
    expect([...f.state().order]).toEqual([late, never]);
    await flush(60_000 - 1);
    expect([...f.state().order]).toEqual([late, never]);
    await flush(1);
    expect([...f.state().order]).toEqual([never]);
    expect([...f.state().outcomes.keys()]).toEqual([early, late]);
  });

  it("expires at once a request that arrives already past its expiry", async () => {
    f = await startDock();
    const now = Date.now();
    f.sim.broadcast("question.requested", { id: "stale", questions: [TARGET], sessionKey: "agent:main:main", createdAtMs: now - 60_000, expiresAtMs: now - 1, status: "pending" });
    await until(() => f.state().outcomes.get("stale"), "the outcome");
    expect(f.state().outcomes.get("stale")?.kind).toBe("expired");
    expect([...f.state().order]).toEqual([]);
  });

  it("waits out an expiry beyond the longest timer delay without firing early or spinning", async () => {
    const delays: number[] = [];
    const counting: Clock = {
      now: () => fakeClock.now(),
      setTimeout: (fn, ms) => (delays.push(ms), fakeClock.setTimeout(fn, ms)),
      clearTimeout: (h) => fakeClock.clearTimeout(h),
    };
    f = await startDock({ clock: counting });
    const now = Date.now();
    const month = 30 * 24 * 3600_000;
    f.sim.broadcast("question.requested", { id: "far", questions: [TARGET], sessionKey: "agent:main:main", createdAtMs: now, expiresAtMs: now + month, status: "pending" });
    await until(() => f.state().records.get("far"), "the request");

    await flush(60_000);
    expect([...f.state().order]).toEqual(["far"]);
    expect(delays.length).toBeLessThan(5);
    expect(Math.max(...delays)).toBeLessThanOrEqual(2 ** 31 - 1);

    for (let left = month - 60_000; left > 0; left -= 2 ** 30) await flush(Math.min(left, 2 ** 30));
    expect(f.state().outcomes.get("far")).toMatchObject({ kind: "expired", at: now + month });
  });
});
