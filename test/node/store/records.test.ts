import { afterEach, describe, expect, it } from "vitest";
import { belongsToSession } from "../../../src/protocol";
import { CHECKS, REGION, TARGET, flush, startDock, until, type DockFixture } from "./dock-fixture";

let f: DockFixture;
afterEach(() => f?.stop());

const validRecord = (id: string, overrides: Record<string, unknown> = {}) => ({
  id,
  questions: [TARGET],
  sessionKey: "agent:main:main",
  createdAtMs: Date.now(),
  expiresAtMs: Date.now() + 60_000,
  status: "pending",
  ...overrides,
});

describe("Records", () => {
  it("mirrors each pending request by id, with the gateway's record as it was sent", async () => {
    f = await startDock();
    const a = await f.ask({ questions: [TARGET] });
    const b = await f.ask({ questions: [REGION, CHECKS] });
    expect([...f.state().records.keys()].sort()).toEqual([a, b].sort());
    expect(f.state().records.get(b)).toEqual(f.gatewayRecord(b));
    expect(f.state().views.get(b)).toBeUndefined();
    expect(f.state().submissions.get(b)).toBeUndefined();
  });

  it.each([
    // dock key, record key, shown
    ["main", "agent:main:main", true],
    ["agent:main:main", "agent:main:main", true],
    ["main", "agent:main:other", false],
    ["agent:main:other", "agent:main:other", true],
    ["agent:main:other", "agent:main:main", false],
    ["main", "agent:ops:main", false],
  ])("a dock for %j shows a request of session %j: %s", async (dockKey, recordKey, shown) => {
    f = await startDock({ sessionKey: dockKey });
    const marker = await f.ask({ questions: [REGION], sessionKey: dockKey === "main" ? "agent:main:main" : dockKey });
    await flush(10);
    const { id } = f.sim.ask({ questions: [TARGET], sessionKey: recordKey });
    await flush(10);
    // Events arrive in order, so a later request in the dock's own session proves the first was seen.
    const later = f.sim.ask({ questions: [CHECKS], sessionKey: dockKey === "main" ? "agent:main:main" : dockKey });
    await until(() => f.state().records.get(later.id), "the later request");
    expect(Boolean(f.state().records.get(id))).toBe(shown);
    expect([...f.state().order]).toEqual(shown ? [marker, id, later.id] : [marker, later.id]);
  });

  it.each([
    [false, []],
    [true, ["sessionless"]],
  ])("with showSessionless %s, a request without a session is shown only when asked for", async (showSessionless, expected) => {
    f = await startDock({ showSessionless });
    f.sim.ask({ id: "sessionless", questions: [TARGET], sessionKey: undefined });
    await flush(10);
    await f.ask({ id: "mine", questions: [REGION] });
    expect([...f.state().order]).toEqual([...expected, "mine"]);
  });

  it("matches 'main' to whatever main session key the gateway announces", async () => {
    f = await startDock({ mainSessionKey: "agent:ops:main" });
    const { id: other } = f.sim.ask({ questions: [TARGET], sessionKey: "agent:main:main" });
    const mine = await f.ask({ questions: [REGION], sessionKey: "agent:ops:main" });
    expect([...f.state().order]).toEqual([mine]);
    expect(f.state().records.get(other)).toBeUndefined();
  });

  it("orders pending requests by creation time, then id, whatever order they arrive in", async () => {
    f = await startDock();
    await f.ask({ id: "q-c", questions: [TARGET] });
    await f.ask({ id: "q-a", questions: [TARGET] });
    await flush(1000);
    await f.ask({ id: "q-0", questions: [TARGET] });
    // A record created earlier but delivered late (e.g. re-sent) still takes its place by time.
    f.sim.broadcast("question.requested", validRecord("q-b", { createdAtMs: Date.now() - 1000 }));
    await until(() => f.state().records.get("q-b"), "the late record");
    expect([...f.state().order]).toEqual(["q-a", "q-b", "q-c", "q-0"]);
  });

  it("breaks creation-time ties as the gateway's question.list does, so live and recovered panes agree", async () => {
    f = await startDock();
    // Code-unit order would put "q-B" first; the gateway compares ids with localeCompare.
    await f.ask({ id: "q-B", questions: [TARGET] });
    await f.ask({ id: "q-a", questions: [TARGET] });
    expect([...f.state().order]).toEqual(["q-a", "q-B"]);
    expect(f.sim.records().map((r) => r.id)).toEqual([...f.state().order]);
  });

  it("keeps the pending order stable across reconnects, adding what was asked meanwhile at the end", async () => {
    f = await startDock();
    for (const id of ["q-c", "q-a", "q-b"]) await f.ask({ id, questions: [TARGET] });
    f.actions.showRequest("q-b");
    f.actions.select("q-b", "target", "Production");
    const before = f.state().order;
    expect([...before]).toEqual(["q-a", "q-b", "q-c"]);

    f.sim.setOffline(true);
    f.sim.dropConnections();
    await until(() => f.state().connection.state === "reconnecting", "reconnecting");
    await flush(500);
    f.sim.ask({ id: "q-later", questions: [TARGET] });
    f.sim.setOffline(false);
    await until(() => f.state().records.get("q-later"), "recovery", 100);

    expect([...f.state().order]).toEqual([...before, "q-later"]);
    expect(f.sent("question.list")).toBe(2);
    // Recovery refreshes records without touching what the person was doing.
    expect(f.state().views.get("q-b")?.drafts).toEqual({ target: { selected: ["Production"], other: "" } });
  });

  it("updates a known request in place when the gateway sends it again", async () => {
    f = await startDock();
    const id = await f.ask({ questions: [TARGET] });
    f.actions.select(id, "target", "Production");
    const record = f.state().records.get(id)!;
    f.sim.broadcast("question.requested", { ...record, expiresAtMs: record.expiresAtMs + 5000 });
    await until(() => f.state().records.get(id)!.expiresAtMs === record.expiresAtMs + 5000, "the update");
    expect([...f.state().order]).toEqual([id]);
    expect(f.state().views.get(id)?.drafts.target?.selected).toEqual(["Production"]);
  });
});

describe("Session matching (belongsToSession)", () => {
  it.each([
    // record key, dock key, gateway main key, showSessionless, visible
    ["agent:main:main", "main", "agent:main:main", false, true],
    ["main", "agent:main:main", "agent:main:main", false, true],
    ["agent:main:main", "main", undefined, false, false],
    ["agent:main:side", "main", "agent:main:main", false, false],
    ["agent:main:side", "agent:main:side", "agent:main:main", false, true],
    [undefined, "main", "agent:main:main", false, false],
    [undefined, "main", "agent:main:main", true, true],
    ["", "main", "agent:main:main", true, true],
  ] as const)("a record of %j in a dock for %j (main is %j, sessionless %s): %s", (recordKey, dockKey, mainKey, sessionless, visible) => {
    expect(belongsToSession(recordKey, dockKey, mainKey, sessionless)).toBe(visible);
  });
});

describe("Malformed records", () => {
  it.each([
    ["a bad question id", { questions: [{ ...TARGET, questionId: "Bad-Id" }] }, "questions[0].questionId"],
    ["more options than the kit reads", { questions: [{ ...TARGET, options: Array.from({ length: 257 }, (_, i) => ({ label: `Choice ${i + 1}` })) }] }, "questions[0].options"],
    ["no questions", { questions: [] }, "questions"],
    ["no expiry", { expiresAtMs: "soon" }, "expiresAtMs"],
    ["an unknown status", { status: "maybe" }, "status"],
  ])("reports a question.requested payload with %s and keeps working", async (_name, overrides, path) => {
    f = await startDock();
    const good = await f.ask({ questions: [TARGET] });
    f.actions.select(good, "target", "Production");
    const before = f.state().records.get(good);

    f.sim.broadcast("question.requested", validRecord("broken", overrides));
    await until(() => f.state().rejected.length, "the report");
    expect(f.state().rejected).toEqual([
      { source: "question.requested", id: "broken", errors: expect.arrayContaining([{ path, message: expect.any(String) }]), at: Date.now() },
    ]);
    expect(f.state().records.get("broken")).toBeUndefined();
    expect([...f.state().order]).toEqual([good]);
    expect(f.state().records.get(good)).toBe(before);

    // The dock still takes new requests and still answers.
    const next = await f.ask({ questions: [REGION] });
    f.actions.select(good, "target", "Production");
    await f.actions.submit(good);
    expect(f.gatewayRecord(good)?.answers).toEqual({ answers: { target: ["Production"] } });
    expect([...f.state().order]).toEqual([next]);
  });

  it("reports a payload that is not an object at all, without an id", async () => {
    f = await startDock();
    f.sim.broadcast("question.requested", "not a record");
    await until(() => f.state().rejected.length, "the report");
    expect(f.state().rejected[0]).toMatchObject({ source: "question.requested", errors: [{ path: expect.any(String), message: expect.any(String) }] });
    expect(f.state().rejected[0]?.id).toBeUndefined();
  });

  it("reports a malformed question.resolved and leaves the request pending", async () => {
    f = await startDock();
    const id = await f.ask({ questions: [TARGET] });
    f.sim.broadcast("question.resolved", { id, status: "answered", answers: { target: ["Production"] } });
    await until(() => f.state().rejected.length, "the report");
    expect(f.state().rejected[0]).toMatchObject({ source: "question.resolved", errors: [expect.objectContaining({ path: "answers.answers" })] });
    expect([...f.state().order]).toEqual([id]);
    expect(f.state().outcomes.size).toBe(0);
  });
});
