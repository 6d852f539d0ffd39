import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { createQuestionDockStore, draftOf } from "../../../src/store";
import { TARGET, fakeClock, flush, startDock, until, type DockFixture } from "./dock-fixture";

let f: DockFixture;
afterEach(() => f?.stop());

const STAGING = "Staging (Recommended)";

/** Drops the socket while the submit's reply is on its way, and keeps the gateway unreachable. */
async function submitCutOff(id: string): Promise<void> {
  const sent = f.actions.submit(id);
  await Promise.resolve();
  f.sim.setOffline(true);
  f.sim.dropConnections();
  await until(() => f.state().submissions.get(id)?.status !== "submitting", "the cut-off", 10);
  await sent;
}

describe("A submit cut off before its reply", () => {
  it("that the gateway recorded stays uncertain, holds the draft, and then reads as the person's own answer", async () => {
    f = await startDock();
    const id = await f.ask({ questions: [TARGET] });
    f.actions.select(id, "target", STAGING);
    await submitCutOff(id);
    expect(f.gatewayRecord(id)).toMatchObject({ status: "answered", answers: { answers: { target: [STAGING] } } });
    expect(f.state().submissions.get(id)).toEqual({ status: "uncertain", kind: "answer" });
    expect(f.state().announcement).toMatchObject({ key: "uncertain", action: "answer" });

    // Nothing the person does now can be dropped unseen: the draft holds what was sent, a second submit waits.
    f.actions.select(id, "target", "Production");
    await f.actions.submit(id);
    expect(draftOf(f.state().views.get(id), "target").selected).toEqual([STAGING]);
    expect(f.sent("question.resolve")).toBe(1);

    f.sim.setOffline(false);
    await until(() => f.state().outcomes.get(id), "the recovered outcome", 100);
    expect(f.state().outcomes.get(id)).toMatchObject({ kind: "answered", answers: { answers: { target: [STAGING] } } });
  });

  it("that never reached the gateway becomes a plain failure once recovery finds the question pending", async () => {
    f = await startDock({ latencyMs: 50 });
    const id = await f.ask({ questions: [TARGET] });
    f.actions.select(id, "target", STAGING);
    await submitCutOff(id);
    expect(f.state().submissions.get(id)).toEqual({ status: "uncertain", kind: "answer" });
    f.sim.setOffline(false);
    await until(() => f.state().submissions.get(id)?.status === "error", "the recovery's verdict", 100);
    expect(f.gatewayRecord(id)?.status).toBe("pending");
    expect(f.state().submissions.get(id)).toMatchObject({ status: "error", kind: "answer", code: "not-arrived" });

    // Now the person may change their mind, and the second answer is theirs too.
    f.actions.select(id, "target", "Production");
    const again = f.actions.submit(id);
    await until(() => f.state().outcomes.get(id), "the outcome", 50);
    await again;
    expect(f.state().outcomes.get(id)).toMatchObject({ kind: "answered", answers: { answers: { target: ["Production"] } } });
  });

  it("remembers every answer it sent, so an earlier one recorded by a gateway without resolvedBy is still its own", async () => {
    f = await startDock({ latencyMs: 50 });
    const id = await f.ask({ questions: [TARGET] });
    f.actions.select(id, "target", STAGING);
    await submitCutOff(id);
    f.sim.setOffline(false);
    await until(() => f.state().submissions.get(id)?.status === "error", "the verdict", 100);
    f.actions.select(id, "target", "Production");
    // Meanwhile the gateway (one that keeps no resolvedBy) came to hold the first answer.
    const second = f.actions.submit(id);
    f.sim.resolve(id, { target: [STAGING] });
    await until(() => f.state().submissions.get(id)?.status !== "submitting", "the second reply", 10);
    await second;
    await until(() => f.state().outcomes.get(id), "the outcome", 50);
    expect(f.state().outcomes.get(id)).toMatchObject({ kind: "answered", answers: { answers: { target: [STAGING] } } });
  });

  it("a skip cut off the same way is held, then settles as the person's skip", async () => {
    f = await startDock();
    const id = await f.ask({ questions: [TARGET] });
    const sent = f.actions.skip(id);
    await Promise.resolve();
    f.sim.setOffline(true);
    f.sim.dropConnections();
    await sent;
    expect(f.state().submissions.get(id)).toEqual({ status: "uncertain", kind: "skip" });
    f.sim.setOffline(false);
    await until(() => f.state().outcomes.get(id), "the outcome", 100);
    expect(f.state().outcomes.get(id)?.kind).toBe("skipped");
    await flush(10);
  });
});

describe("A question that goes away while the person was answering", () => {
  it("keeps what they typed in the Unavailable outcome after a gateway restart, but never a secret", async () => {
    f = await startDock();
    const secret = { questionId: "api_key", header: "Key", question: "Paste the key", options: [], isSecret: true, secretStore: { name: "KEY", kind: "env" } };
    const id = await f.ask({ questions: [{ ...TARGET, isOther: true }] });
    const hidden = await f.ask({ questions: [secret] });
    f.actions.setOther(id, "target", "Canary, then everywhere");
    f.actions.setOther(hidden, "api_key", "hunter2");
    f.sim.restart();
    await until(() => f.state().outcomes.get(id) && f.state().outcomes.get(hidden), "both outcomes", 100);
    expect(f.state().outcomes.get(id)).toMatchObject({ kind: "unavailable", unsent: { target: { selected: [], other: "Canary, then everywhere" } } });
    expect(f.state().outcomes.get(hidden)?.unsent).toBeUndefined();
  });

  it("keeps nothing extra for a question the person skipped or left untouched", async () => {
    f = await startDock();
    const skipped = await f.ask({ questions: [{ ...TARGET, isOther: true }] });
    const untouched = await f.ask({ questions: [TARGET] });
    f.actions.setOther(skipped, "target", "typed");
    await f.actions.skip(skipped);
    f.sim.cancel(untouched, "run-abort");
    await until(() => f.state().outcomes.get(untouched), "the cancel", 10);
    expect(f.state().outcomes.get(skipped)?.unsent).toBeUndefined();
    expect(f.state().outcomes.get(untouched)?.unsent).toBeUndefined();
  });
});

describe("A cut-off answer whose question a restart then wipes", () => {
  it("is kept in the Unavailable summary as one that may have arrived, never as unsent", async () => {
    f = await startDock();
    const id = await f.ask({ questions: [{ ...TARGET, isOther: true }] });
    f.actions.setOther(id, "target", "Canary first");
    await submitCutOff(id);
    expect(f.state().submissions.get(id)?.status).toBe("uncertain");
    f.sim.restart();
    f.sim.setOffline(false);
    await until(() => f.state().outcomes.get(id), "the outcome after the restart", 100);
    expect(f.state().outcomes.get(id)).toMatchObject({ kind: "unavailable", unsent: { target: { other: "Canary first" } }, unsentMayHaveArrived: true });
  });

  it("a question lost in a restart with nothing sent keeps its draft as plainly unsent", async () => {
    f = await startDock();
    const id = await f.ask({ questions: [{ ...TARGET, isOther: true }] });
    f.actions.setOther(id, "target", "Canary first");
    f.sim.restart();
    await until(() => f.state().outcomes.get(id), "the outcome after the restart", 100);
    expect(f.state().outcomes.get(id)?.unsentMayHaveArrived).toBeUndefined();
  });
});

describe("A reload while an answer is on its way", () => {
  // The tab's sessionStorage, which outlives a reload (Node has none of its own).
  const tab = new Map<string, string>();
  beforeAll(() => {
    vi.stubGlobal("sessionStorage", { getItem: (k: string) => tab.get(k) ?? null, setItem: (k: string, v: string) => void tab.set(k, v) });
  });
  afterAll(() => vi.unstubAllGlobals());

  it("the new page asks about what this tab sent, and shows the gateway's answer as the person's own", async () => {
    f = await startDock({ latencyMs: 10 });
    const id = await f.ask({ questions: [TARGET] });
    f.actions.select(id, "target", "Production");
    void f.actions.submit(id);
    await flush(15); // the gateway has it; the reply is still on its way when the page goes
    expect(f.gatewayRecord(id)?.status).toBe("answered");
    f.store.getState().actions.dispose();

    // The reloaded page: a new store on the same tab, which no longer sees the request as pending.
    const reloaded = createQuestionDockStore({ client: f.client, sessionKey: "main", clock: fakeClock });
    try {
      await until(() => reloaded.getState().outcomes.get(id), "the outcome of the request sent before the reload", 10);
      expect(reloaded.getState().outcomes.get(id)).toMatchObject({ kind: "answered", answers: { answers: { target: ["Production"] } } });
      expect(reloaded.getState().records.get(id)).toBeUndefined();
    } finally {
      reloaded.getState().actions.dispose();
    }
  });
});
