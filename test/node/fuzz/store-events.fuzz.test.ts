import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DockState } from "../../../src/store";
import { flush, startDock, until, type DockFixture } from "../store/dock-fixture";
import { anyValue, corruptedRecord, HOSTILE_KEYS, validRecord } from "./arbitraries";

let f: DockFixture;
beforeAll(async () => {
  f = await startDock();
});
afterAll(() => f.stop());

const hostileId = fc.oneof(fc.constantFrom(...HOSTILE_KEYS), fc.string({ maxLength: 8 }));

// What a gateway (or something pretending to be one) might send the store, well-formed or not, and what its
// connection might go through. `pick` chooses among the requests pending at that moment.
// Reconnects are the slow events (a handshake and a recovery each), so they are the rare ones.
const event = fc.oneof(
  { weight: 6, arbitrary: validRecord.map((record) => ({ kind: "requested" as const, payload: record as unknown })) },
  { weight: 3, arbitrary: fc.oneof(anyValue, corruptedRecord).map((payload) => ({ kind: "requested" as const, payload })) },
  { weight: 2, arbitrary: fc.record({ id: hostileId, status: fc.constantFrom("answered", "cancelled", "expired", "weird") }).map((payload) => ({ kind: "resolved" as const, payload: payload as unknown })) },
  { weight: 2, arbitrary: anyValue.map((payload) => ({ kind: "resolved" as const, payload })) },
  { weight: 4, arbitrary: fc.record({ pick: fc.nat(), status: fc.constantFrom("cancelled" as const, "expired" as const) }).map((e) => ({ kind: "settle" as const, ...e })) },
  { weight: 2, arbitrary: fc.record({ pick: fc.nat(), by: fc.constantFrom("cancel", "resolve") }).map((e) => ({ kind: "gateway-settles" as const, ...e })) },
  { weight: 2, arbitrary: fc.constant({ kind: "ask" as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: "drop" as const }) },
  { weight: 1, arbitrary: fc.boolean().map((keepPending) => ({ kind: "restart" as const, keepPending })) },
);

function holdsInvariants(s: DockState, settled: ReadonlySet<string>): void {
  expect(new Set(s.order).size).toBe(s.order.length);
  expect([...s.order].sort()).toEqual([...s.records.keys()].sort());
  for (const id of s.views.keys()) expect(s.records.has(id), `view of ${JSON.stringify(id)} without its request`).toBe(true);
  if (s.activeId !== null) expect([...s.order]).toContain(s.activeId);
  else expect([...s.order]).toEqual([]);
  for (const id of s.outcomes.keys()) expect(s.records.has(id)).toBe(false);
  for (const id of settled) {
    expect(s.outcomes.has(id), `settled ${JSON.stringify(id)} has an outcome`).toBe(true);
    expect(s.records.has(id), `settled ${JSON.stringify(id)} left the dock`).toBe(false);
  }
}

const reconnected = () => until(() => f.state().connection.state === "connected", "the reconnect", 100);
let asked = 0;

describe("The store under random gateway events", () => {
  it("never throws, and keeps its tables consistent whatever arrives", async () => {
    // Ids the store saw settle: they must stay settled, even when a record with the same id is sent again.
    const settled = new Set<string>();
    const counts = { settled: 0, restarts: 0 };
    await fc.assert(
      fc.asyncProperty(fc.array(event, { minLength: 1, maxLength: 12 }), async (events) => {
        for (const e of events) {
          const pending = f.state().order;
          const target = "pick" in e && pending.length > 0 ? pending.at(e.pick % pending.length) : undefined;
          if (e.kind === "requested") f.sim.broadcast("question.requested", e.payload);
          else if (e.kind === "resolved") f.sim.broadcast("question.resolved", e.payload);
          else if (e.kind === "settle" && target !== undefined) {
            f.sim.broadcast("question.resolved", { id: target, status: e.status });
            settled.add(target);
            // A cancel is checked with question.get first (who cancelled?), so it settles a round trip later.
            await until(() => f.state().outcomes.has(target), `the settle of ${target}`);
          } else if (e.kind === "gateway-settles" && target !== undefined && f.gatewayRecord(target)?.status === "pending") {
            if (e.by === "cancel") f.sim.cancel(target);
            else f.sim.resolve(target, { [f.gatewayRecord(target)!.questions[0]!.questionId]: ["Other text"] });
            settled.add(target);
            await until(() => f.state().outcomes.has(target), `the settle of ${target}`);
          } else if (e.kind === "ask") {
            asked += 1;
            f.sim.ask({ questions: [{ questionId: "q", header: "Fuzz", question: `Asked ${asked}?`, options: [] }] });
          } else if (e.kind === "drop" || e.kind === "restart") {
            if (e.kind === "drop") f.sim.dropConnections();
            else f.sim.restart({ keepPending: e.keepPending });
            counts.restarts += 1;
            // The close arrives a moment later; events sent while no socket is open reach nobody, so wait
            // for the client to notice, then to be back (its recovery then lists what it missed).
            await until(() => f.state().connection.state !== "connected", "the disconnect");
            await reconnected();
          }
          await flush(1);
          holdsInvariants(f.state(), settled);
        }
        counts.settled = settled.size;
      }),
      { numRuns: 250 },
    );
    // The events did reach the store: records arrived, some were refused, and some settled.
    expect(f.state().order.length + f.state().outcomes.size).toBeGreaterThan(50);
    expect(f.state().rejected.length).toBeGreaterThan(0);
    expect(counts.settled).toBeGreaterThan(20);
    expect(counts.restarts).toBeGreaterThan(10);
    // 250 runs through the real client took 19 to 48 s on a busy 2-core machine: a limit for a hang, not for speed.
  }, 300_000);
});
