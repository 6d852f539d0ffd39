import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DockState } from "../../../src/store";
import { flush, startDock, until, type DockFixture } from "../store/dock-fixture";
import { anyValue, validRecord } from "./arbitraries";

let f: DockFixture;
beforeAll(async () => {
  f = await startDock();
});
afterAll(() => f.stop());

// What a gateway (or something pretending to be one) might send the store, well-formed or not.
const event = fc.oneof(
  validRecord.map((record) => ({ kind: "requested" as const, payload: record })),
  anyValue.map((payload) => ({ kind: "requested" as const, payload })),
  fc.record({ id: fc.constantFrom("constructor", "__proto__", "toString", "x"), status: fc.constantFrom("answered", "cancelled", "expired", "weird") }).map((payload) => ({ kind: "resolved" as const, payload })),
  anyValue.map((payload) => ({ kind: "resolved" as const, payload })),
  fc.constant({ kind: "drop" as const, payload: null }),
);

function holdsInvariants(s: DockState): void {
  expect(new Set(s.order).size).toBe(s.order.length);
  expect([...s.order].sort()).toEqual(Object.keys(s.records).sort());
  expect(Object.keys(s.views).sort()).toEqual(Object.keys(s.records).sort());
  if (s.activeId !== null) expect(s.order).toContain(s.activeId);
  else expect(s.order).toEqual([]);
  for (const id of s.outcomes.keys()) expect(Object.hasOwn(s.records, id)).toBe(false);
}

describe("The store under random gateway events", () => {
  it("never throws, and keeps its tables consistent whatever arrives", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(event, { minLength: 1, maxLength: 12 }), async (events) => {
        for (const e of events) {
          if (e.kind === "requested") f.sim.broadcast("question.requested", e.payload);
          else if (e.kind === "resolved") f.sim.broadcast("question.resolved", e.payload);
          else {
            f.sim.dropConnections();
            // Events sent while no socket is open reach nobody; wait for the client to be back.
            await until(() => f.state().connection.state === "connected", "the reconnect", 100);
          }
          await flush(1);
          holdsInvariants(f.state());
        }
      }),
      { numRuns: 120 },
    );
    // The events did reach the store: records arrived, and settled or expired.
    expect(f.state().order.length + f.state().outcomes.size).toBeGreaterThan(20);
    expect(f.state().rejected.length).toBeGreaterThan(0);
  });
});
