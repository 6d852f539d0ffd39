import { afterEach, describe, expect, it } from "vitest";
import type { Submission } from "../../../src/store";
import { CHECKS, REGION, TARGET, flush, startDock, until, type DockFixture, type FixtureOptions } from "./dock-fixture";

let f: DockFixture;
afterEach(() => f?.stop());

/** Every submission state a request goes through, "gone" once it left the dock. */
function watchSubmission(id: string): string[] {
  const status = (s: ReturnType<typeof f.state>) => (s.records.has(id) ? (s.submissions.get(id)?.status ?? "idle") : "gone");
  const seen: string[] = [status(f.state())];
  f.store.subscribe((s) => {
    const now = status(s);
    if (seen.at(-1) !== now) seen.push(now);
  });
  return seen;
}

/** The gateway's reply to our `question.resolve`, as it came over the wire. */
function refusalReasons(): Array<string | undefined> {
  return f.received.filter((fr) => fr.type === "res" && fr.ok === false).map((fr) => fr.error?.details?.reason);
}

describe("Submitting", () => {
  it("sends exactly the drafted answers with question.resolve and records the outcome as answered", async () => {
    f = await startDock();
    const id = await f.ask({ questions: [TARGET, REGION, CHECKS] });
    f.actions.select(id, "target", "Production");
    f.actions.setOther(id, "region", "Mars");
    f.actions.toggle(id, "checks", "E2E");
    f.actions.toggle(id, "checks", "Lint");
    const states = watchSubmission(id);
    await f.actions.submit(id);

    const sent = { answers: { target: ["Production"], region: ["Mars"], checks: ["Lint", "E2E"] } };
    expect(f.gatewayRecord(id)).toMatchObject({ status: "answered", answers: sent });
    expect(f.sent("question.resolve")).toBe(1);
    expect(states).toEqual(["idle", "submitting", "gone"]);
    const outcome = f.state().outcomes.get(id);
    expect(outcome).toMatchObject({ kind: "answered", answers: sent, at: Date.now() });
    expect(outcome?.record).toMatchObject({ id, status: "answered", questions: [TARGET, REGION, CHECKS].map((q) => expect.objectContaining(q)) });
    expect(f.state().records.get(id)).toBeUndefined();
    expect(f.state().views.get(id)).toBeUndefined();
    expect([...f.state().order]).toEqual([]);
  });

  it("skips with cancel:true and records the outcome as skipped, keeping the wording", async () => {
    f = await startDock();
    const id = await f.ask({ questions: [TARGET] });
    const states = watchSubmission(id);
    await f.actions.skip(id);
    expect(f.gatewayRecord(id)?.status).toBe("cancelled");
    expect(f.gatewayRecord(id)?.answers).toBeUndefined();
    expect(states).toEqual(["idle", "submitting", "gone"]);
    expect(f.state().outcomes.get(id)).toMatchObject({ kind: "skipped", record: { status: "cancelled", questions: [expect.objectContaining(TARGET)] } });
    expect(f.state().outcomes.get(id)?.answers).toBeUndefined();
  });

  it("counts a secret sent from this dock as answered, though the gateway records it as stored", async () => {
    f = await startDock();
    const secret = { questionId: "api_key", header: "Key", question: "Paste the deploy key", options: [], isSecret: true, secretStore: { name: "DEPLOY_KEY", kind: "secret" } };
    const id = await f.ask({ questions: [secret] });
    f.actions.setOther(id, "api_key", "hunter2");
    await f.actions.submit(id);
    await flush();
    expect(f.gatewayRecord(id)?.answers).toEqual({ answers: { api_key: ["stored"] } });
    expect(f.state().outcomes.get(id)).toMatchObject({ kind: "answered", answers: { answers: { api_key: ["stored"] } } });
    expect(JSON.stringify(f.state().outcomes.get(id))).not.toContain("hunter2");
  });

  it("sends one resolve for a double submit, and ignores a skip while the submit is in flight", async () => {
    f = await startDock({ latencyMs: 20 });
    const id = await f.ask({ questions: [TARGET] });
    f.actions.select(id, "target", "Production");
    const first = f.actions.submit(id);
    const second = f.actions.submit(id);
    const skip = f.actions.skip(id);
    expect(f.state().submissions.get(id)).toEqual({ status: "submitting", kind: "answer" });
    await until(() => f.state().outcomes.get(id), "the outcome", 10);
    await Promise.all([first, second, skip]);
    expect(f.sent("question.resolve")).toBe(1);
    expect(f.gatewayRecord(id)).toMatchObject({ status: "answered", answers: { answers: { target: ["Production"] } } });
    expect(f.state().outcomes.get(id)?.kind).toBe("answered");
  });

  it("ignores edits while a submit is in flight, so what is shown is what was sent", async () => {
    f = await startDock({ latencyMs: 20 });
    const id = await f.ask({ questions: [TARGET] });
    f.actions.select(id, "target", "Production");
    const sending = f.actions.submit(id);
    f.actions.select(id, "target", "Staging (Recommended)");
    f.actions.setOther(id, "target", "Canary");
    expect(f.state().views.get(id)?.drafts.target).toEqual({ selected: ["Production"], other: "" });
    await until(() => f.state().outcomes.get(id), "the outcome", 10);
    await sending;
    expect(f.gatewayRecord(id)?.answers).toEqual({ answers: { target: ["Production"] } });
  });

  it("refuses to submit while a question is unanswered, says so, and sends nothing", async () => {
    f = await startDock();
    const id = await f.ask({ questions: [TARGET, REGION] });
    f.actions.select(id, "target", "Production");
    await f.actions.submit(id);
    await flush(100);
    expect(f.state().submissions.get(id)).toEqual({ status: "error", kind: "answer", code: "unanswered" });
    expect(f.sent("question.resolve")).toBe(0);
    expect(f.gatewayRecord(id)?.status).toBe("pending");

    // Answering the rest clears the way; the earlier choice is still there.
    f.actions.select(id, "region", "US");
    await f.actions.submit(id);
    expect(f.gatewayRecord(id)?.answers).toEqual({ answers: { target: ["Production"], region: ["US"] } });
  });

  it("shows the gateway's refusal, keeps the draft, and a corrected retry resolves once", async () => {
    f = await startDock();
    const { id } = f.sim.ask({ questions: [{ ...TARGET, isOther: false }] });
    // A record that offers Other where the gateway's does not: the gateway refuses the typed text.
    f.sim.broadcast("question.requested", { ...f.gatewayRecord(id)!, questions: [{ ...TARGET, isOther: true }] });
    await until(() => f.state().records.get(id), "the request");
    f.actions.setOther(id, "target", "Canary");
    const states = watchSubmission(id);
    await f.actions.submit(id);

    expect(states).toEqual(["idle", "submitting", "error"]);
    expect(f.state().submissions.get(id)).toEqual({
      status: "error",
      kind: "answer",
      code: "invalid-answer",
      detail: expect.stringMatching(/question 'target' contains an unknown option/),
    });
    const { detail } = f.state().submissions.get(id) as Extract<Submission, { status: "error" }>;
    expect(f.state().announcement).toMatchObject({ key: "submitFailed", action: "answer", code: "invalid-answer", detail });
    expect(f.state().views.get(id)?.drafts.target).toEqual({ selected: [], other: "Canary" });
    expect(f.gatewayRecord(id)?.status).toBe("pending");

    f.actions.select(id, "target", "Production");
    await f.actions.submit(id);
    expect(states).toEqual(["idle", "submitting", "error", "submitting", "gone"]);
    expect(f.gatewayRecord(id)?.answers).toEqual({ answers: { target: ["Production"] } });
  });

  it("says the answer was not sent when the client is stopped, and keeps the draft", async () => {
    f = await startDock();
    const id = await f.ask({ questions: [TARGET] });
    f.actions.select(id, "target", "Production");
    f.client.stop();
    await f.actions.submit(id);
    expect(f.state().submissions.get(id)).toMatchObject({ status: "error", kind: "answer", code: "disconnected" });
    expect(f.state().views.get(id)?.drafts.target?.selected).toEqual(["Production"]);
    expect(f.gatewayRecord(id)?.status).toBe("pending");
  });
});

describe("Outcomes decided elsewhere", () => {
  it.each([
    ["answered by another client", "answered-elsewhere", "answered", (fx: DockFixture, id: string) => fx.sim.resolve(id, { target: ["Staging (Recommended)"] }, "control-ui:phone")],
    ["cancelled by another client", "skipped-elsewhere", "cancelled", (fx: DockFixture, id: string) => fx.sim.cancel(id, "control-ui:phone")],
    ["cancelled because its run ended", "cancelled", "cancelled", (fx: DockFixture, id: string) => fx.sim.cancel(id, "requester-inactive")],
    ["cancelled because its run was aborted", "cancelled", "cancelled", (fx: DockFixture, id: string) => fx.sim.cancel(id, "run-abort")],
    ["cancelled with no word of who did it", "cancelled", "cancelled", (fx: DockFixture, id: string) => fx.sim.cancel(id)],
  ])("a request %s leaves the dock as %s", async (_name, kind, status, act) => {
    f = await startDock();
    const id = await f.ask({ questions: [TARGET] });
    const other = await f.ask({ questions: [REGION] });
    f.actions.showRequest(id);
    f.actions.select(id, "target", "Production");
    act(f, id);
    await until(() => f.state().outcomes.get(id), "the outcome");
    const outcome = f.state().outcomes.get(id)!;
    expect(outcome.kind).toBe(kind);
    expect(outcome.record).toMatchObject({ status, questions: [expect.objectContaining(TARGET)] });
    if (kind === "answered-elsewhere") expect(outcome.answers).toEqual({ answers: { target: ["Staging (Recommended)"] } });
    expect([...f.state().order]).toEqual([other]);
    expect(f.state().activeId).toBe(other);
    expect(f.sent("question.resolve")).toBe(0);
  });

  // The `question.resolved` event for the request is lost, so only our own submit learns how it ended.
  const loseResolvedEvents: FixtureOptions = { lose: (frame) => frame.event === "question.resolved" };

  it.each([
    ["different answers", "answered-elsewhere", { target: ["Staging (Recommended)"] }],
    // The gateway's resolvedBy says whose answer it was, so an equal answer from a phone is still the phone's.
    ["the same answers", "answered-elsewhere", { target: ["Production"] }],
  ])("QUESTION_ALREADY_TERMINAL on our submit, after another client sent %s, counts as %s", async (_name, kind, theirs) => {
    f = await startDock(loseResolvedEvents);
    const id = await f.ask({ questions: [TARGET] });
    f.actions.select(id, "target", "Production");
    f.sim.resolve(id, theirs, "control-ui:phone");
    await flush(10);
    expect(f.state().records.get(id)).toBeDefined();

    await f.actions.submit(id);
    await until(() => f.state().outcomes.get(id), "the outcome");
    expect(refusalReasons()).toEqual(["QUESTION_ALREADY_TERMINAL"]);
    expect(f.state().outcomes.get(id)).toMatchObject({ kind, answers: { answers: theirs } });
    expect(f.gatewayRecord(id)).toMatchObject({ resolvedBy: "control-ui:phone", answers: { answers: theirs } });
    expect(f.sent("question.resolve")).toBe(1);
  });

  it("an answer the gateway holds under this dock's resolvedBy is the dock's own, whatever the draft says now", async () => {
    f = await startDock({ ...loseResolvedEvents, resolverId: "control-ui:this-page" });
    const id = await f.ask({ questions: [TARGET] });
    f.actions.select(id, "target", "Production");
    // As when our own earlier submit reached the gateway but its reply was lost.
    f.sim.resolve(id, { target: ["Staging (Recommended)"] }, "control-ui:this-page");
    await flush(10);
    await f.actions.submit(id);
    await until(() => f.state().outcomes.get(id), "the outcome");
    expect(f.state().outcomes.get(id)).toMatchObject({ kind: "answered", answers: { answers: { target: ["Staging (Recommended)"] } } });
  });

  it("sends this dock's resolvedBy with its answers and skips, so the gateway's record names it", async () => {
    f = await startDock({ resolverId: "control-ui:this-page" });
    const answered = await f.ask({ questions: [TARGET] });
    const skipped = await f.ask({ questions: [REGION] });
    f.actions.select(answered, "target", "Production");
    await f.actions.submit(answered);
    await f.actions.skip(skipped);
    expect(f.gatewayRecord(answered)).toMatchObject({ status: "answered", resolvedBy: "control-ui:this-page" });
    expect(f.gatewayRecord(skipped)).toMatchObject({ status: "cancelled", resolvedBy: "control-ui:this-page" });
    expect(f.state().outcomes.get(skipped)?.kind).toBe("skipped");
  });

  it("QUESTION_ALREADY_TERMINAL on our skip of a request cancelled elsewhere counts as skipped elsewhere", async () => {
    f = await startDock(loseResolvedEvents);
    const id = await f.ask({ questions: [TARGET] });
    f.sim.cancel(id, "control-ui:phone");
    await flush(10);
    await f.actions.skip(id);
    await until(() => f.state().outcomes.get(id), "the outcome");
    expect(refusalReasons()).toEqual(["QUESTION_ALREADY_TERMINAL"]);
    expect(f.state().outcomes.get(id)?.kind).toBe("skipped-elsewhere");
  });

  it.each([["submit" as const], ["skip" as const]])("QUESTION_NOT_FOUND on %s makes the request unavailable", async (action) => {
    f = await startDock();
    const now = Date.now();
    // A request the gateway does not know (any more), e.g. one it forgot after its grace period.
    f.sim.broadcast("question.requested", { id: "forgotten", questions: [TARGET], sessionKey: "agent:main:main", createdAtMs: now, expiresAtMs: now + 60_000, status: "pending" });
    await until(() => f.state().records.get("forgotten"), "the request");
    f.actions.select("forgotten", "target", "Production");
    await f.actions[action]("forgotten");
    expect(refusalReasons()).toEqual(["QUESTION_NOT_FOUND"]);
    expect(f.state().outcomes.get("forgotten")).toMatchObject({ kind: "unavailable", record: { questions: [expect.objectContaining(TARGET)] } });
    expect([...f.state().order]).toEqual([]);
  });
});
