import { afterEach, describe, expect, it } from "vitest";
import type { ConnectionState } from "../../../src/gateway/connection";
import { CHECKS, REGION, TARGET, flush, startDock, until, type DockFixture } from "./dock-fixture";

let f: DockFixture;
afterEach(() => f?.stop());

function watchConnection(): ConnectionState[] {
  const seen: ConnectionState[] = [f.state().connection.state];
  f.store.subscribe((s) => {
    if (seen.at(-1) !== s.connection.state) seen.push(s.connection.state);
  });
  return seen;
}

const reconnected = (lists: number) => until(() => f.state().connection.state === "connected" && f.sent("question.list") >= lists, "the reconnection and recovery", 100);

/** Drops every socket and keeps the gateway unreachable until `back()`. */
async function goOffline() {
  f.sim.setOffline(true);
  f.sim.dropConnections();
  await until(() => f.state().connection.state === "reconnecting", "reconnecting");
  // Time moves on while away, so whatever is asked meanwhile is newer than what the dock holds.
  await flush(500);
}

describe("Connection", () => {
  it("mirrors the client's connection: connecting, connected, reconnecting, connected, offline", async () => {
    f = await startDock({ connect: false });
    const seen = watchConnection();
    f.client.start();
    await until(() => f.state().connection.state === "connected", "connected");
    expect(f.state().connection.hello?.mainSessionKey).toBe("agent:main:main");
    await goOffline();
    expect(f.state().connection.lastError).toMatch(/gateway/);
    f.sim.setOffline(false);
    await reconnected(2);
    f.client.stop();
    expect(seen).toEqual(["offline", "connecting", "connected", "reconnecting", "connected", "offline"]);
    expect(f.state().connection).toBe(f.client.getConnection());
  });

  it("shows offline with the reason when the gateway refuses the credentials", async () => {
    f = await startDock({ connect: false, clientToken: "wrong" });
    f.client.start();
    await until(() => f.state().connection.lastError, "the refusal");
    expect(f.state().connection.state).toBe("offline");
    expect(f.state().connection.lastError).toMatch(/^The gateway did not accept the credentials/);
  });
});

describe("Recovery after a reconnect", () => {
  it("re-reads the questions and learns how each one ended while the dock was away", async () => {
    f = await startDock();
    const answered = await f.ask({ questions: [TARGET] });
    const cancelled = await f.ask({ questions: [REGION] });
    const kept = await f.ask({ questions: [CHECKS] });
    f.actions.showRequest(kept);
    f.actions.toggle(kept, "checks", "Lint");
    await goOffline();

    f.sim.resolve(answered, { target: ["Production"] }, "control-ui:phone");
    f.sim.cancel(cancelled, "control-ui:phone");
    const asked = f.sim.ask({ questions: [TARGET] }).id;
    f.sim.setOffline(false);
    await until(() => f.state().records.get(asked), "the new request", 100);

    expect(f.state().outcomes.get(answered)).toMatchObject({ kind: "answered-elsewhere", answers: { answers: { target: ["Production"] } } });
    expect(f.state().outcomes.get(cancelled)?.kind).toBe("skipped-elsewhere");
    expect([...f.state().order]).toEqual([kept, asked]);
    expect(f.state().views.get(kept)?.drafts.checks?.selected).toEqual(["Lint"]);
    expect(f.sent("question.list")).toBe(2);
  });

  it("makes a request the gateway forgot while the dock was away unavailable", async () => {
    f = await startDock();
    const id = await f.ask({ questions: [TARGET] });
    await goOffline();
    f.sim.resolve(id, { target: ["Production"] }, "control-ui:phone");
    await flush(20_000); // past the gateway's grace for resolved records
    expect(f.gatewayRecord(id)).toBeUndefined();
    f.sim.setOffline(false);
    await until(() => f.state().outcomes.get(id), "the outcome", 100);
    expect(f.state().outcomes.get(id)).toMatchObject({ kind: "unavailable", record: { questions: [expect.objectContaining(TARGET)] } });
  });

  it("notices a lost event at the next one and recovers what it said", async () => {
    let lostOne = false;
    f = await startDock({
      lose: (frame) => {
        if (lostOne || frame.event !== "question.resolved") return false;
        return (lostOne = true);
      },
    });
    const id = await f.ask({ questions: [TARGET] });
    f.sim.resolve(id, { target: ["Production"] }, "control-ui:phone");
    await flush();
    expect(f.state().records.get(id)).toBeDefined();
    // The next event's seq skips the lost one: the client reports the gap and the store re-reads.
    await f.ask({ questions: [REGION] });
    await until(() => f.state().outcomes.get(id), "the recovered outcome");
    expect(f.state().outcomes.get(id)?.kind).toBe("answered-elsewhere");
    expect(f.sent("question.get")).toBe(1);
  });

  it.each([
    ["loses", {}, "unavailable"],
    ["keeps", { keepPending: true }, undefined],
  ])("after a restart that %s pending questions, old ones leave as %s and new ones show", async (_name, restart, kind) => {
    f = await startDock();
    const old = await f.ask({ questions: [TARGET] });
    f.actions.select(old, "target", "Production");
    const bootBefore = f.state().connection.hello?.server.bootId;
    f.sim.restart(restart);
    await until(() => f.state().connection.state === "reconnecting", "reconnecting");
    await reconnected(2);
    await flush();
    expect(f.state().connection.hello?.server.bootId).not.toBe(bootBefore);
    expect(f.state().outcomes.get(old)?.kind).toBe(kind);
    expect([...f.state().order]).toEqual(kind ? [] : [old]);
    if (!kind) expect(f.state().views.get(old)?.drafts.target?.selected).toEqual(["Production"]);

    const fresh = await f.ask({ questions: [REGION] });
    expect(f.state().activeId).toBe(fresh);
    f.actions.select(fresh, "region", "EU");
    await f.actions.submit(fresh);
    expect(f.gatewayRecord(fresh)?.answers).toEqual({ answers: { region: ["EU"] } });
  });

  it("waits out a restart that stays down for a while", async () => {
    f = await startDock();
    const old = await f.ask({ questions: [TARGET] });
    f.sim.restart({ offlineMs: 5_000 });
    await flush(4_000);
    expect(f.state().connection.state).toBe("reconnecting");
    expect([...f.state().order]).toEqual([old]);
    await reconnected(2);
    expect(f.state().outcomes.get(old)?.kind).toBe("unavailable");
  });
});

describe("A submit when the connection drops", () => {
  it("does not lose or double an answer the gateway took before the drop: recovery confirms it as ours", async () => {
    f = await startDock({ latencyMs: 10 });
    const id = await f.ask({ questions: [TARGET] });
    f.actions.select(id, "target", "Production");
    const sending = f.actions.submit(id);
    await flush(15); // the request reached the gateway; its reply is still on the way
    expect(f.gatewayRecord(id)?.status).toBe("answered");
    f.sim.setOffline(true);
    f.sim.dropConnections();
    await until(() => f.state().submissions.get(id)?.status === "uncertain", "the cut-off", 10);
    await sending;
    // Not a failure: the gateway may well have it, and recovery will tell.
    expect(f.state().submissions.get(id)).toEqual({ status: "uncertain", kind: "answer" });

    f.sim.setOffline(false);
    await until(() => f.state().outcomes.get(id), "the outcome", 10);
    expect(f.state().outcomes.get(id)).toMatchObject({ kind: "answered", answers: { answers: { target: ["Production"] } } });
    expect(f.sent("question.resolve")).toBe(1);
    expect(f.gatewayRecord(id)?.answers).toEqual({ answers: { target: ["Production"] } });
  });

  it("keeps the draft when the request was lost with the connection, and a retry resolves once", async () => {
    f = await startDock({ latencyMs: 10 });
    const id = await f.ask({ questions: [TARGET] });
    f.actions.select(id, "target", "Production");
    const sending = f.actions.submit(id);
    await flush(5); // still on the way to the gateway
    f.sim.setOffline(true);
    f.sim.dropConnections();
    await until(() => f.state().submissions.get(id)?.status === "uncertain", "the cut-off", 10);
    await sending;
    expect(f.state().views.get(id)?.drafts.target?.selected).toEqual(["Production"]);
    expect(f.gatewayRecord(id)?.status).toBe("pending");

    f.sim.setOffline(false);
    await until(() => f.state().connection.state === "connected" && f.sent("question.list") === 2, "recovery", 10);
    await flush(50);
    expect(f.state().submissions.get(id)).toMatchObject({ status: "error", kind: "answer", code: "not-arrived" });
    expect([...f.state().order]).toEqual([id]);
    const retry = f.actions.submit(id);
    await until(() => f.state().outcomes.get(id), "the retried answer", 10);
    await retry;
    expect(f.state().outcomes.get(id)?.kind).toBe("answered");
    expect(f.sent("question.resolve")).toBe(2);
    expect(f.received.filter((fr) => fr.event === "question.resolved" && fr.payload?.id === id)).toHaveLength(1);
  });

  it("holds a submit made while reconnecting and sends it once the connection is back", async () => {
    f = await startDock();
    const id = await f.ask({ questions: [TARGET] });
    f.actions.select(id, "target", "Production");
    await goOffline();
    const sending = f.actions.submit(id);
    await flush(500);
    expect(f.state().submissions.get(id)).toEqual({ status: "submitting", kind: "answer" });
    f.sim.setOffline(false);
    await until(() => f.state().outcomes.get(id), "the outcome", 100);
    await sending;
    expect(f.state().outcomes.get(id)?.kind).toBe("answered");
    expect(f.sent("question.resolve")).toBe(1);
  });
});

describe("Dispose", () => {
  it("detaches from the client: no more requests, outcomes, connection changes or timers", async () => {
    f = await startDock();
    const id = await f.ask({ questions: [TARGET], timeoutMs: 30_000 });
    f.actions.dispose();
    const before = f.state();

    f.sim.ask({ questions: [REGION] });
    f.sim.dropConnections();
    await flush(31_000);
    await until(() => f.client.getConnection().state === "connected", "the client's reconnection", 100);
    expect(f.state()).toBe(before);
    expect([...f.state().order]).toEqual([id]);
    expect(f.state().connection.state).toBe("connected");
    expect(f.gatewayRecord(id)?.status).toBe("expired");
  });

  it("does not re-arm the expiry timer when a submit in flight settles after dispose", async () => {
    f = await startDock({ latencyMs: 10 });
    const answered = await f.ask({ questions: [TARGET] });
    const other = await f.ask({ questions: [REGION], timeoutMs: 30_000 });
    f.actions.select(answered, "target", "Production");
    const sending = f.actions.submit(answered);
    f.actions.dispose();
    await until(() => f.gatewayRecord(answered)?.status === "answered", "the answer", 10);
    await flush(20);
    await sending;
    await flush(60_000);
    expect([...f.state().order]).toContain(other);
    expect(f.state().outcomes.has(other)).toBe(false);
  });
});
