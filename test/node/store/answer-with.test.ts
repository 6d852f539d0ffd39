import { afterEach, describe, expect, it } from "vitest";
import { draftOf } from "../../../src/store";
import { REGION, TARGET, startDock, until, type DockFixture } from "./dock-fixture";

let f: DockFixture;
afterEach(() => f?.stop());

const STAGING = "Staging (Recommended)";
const reply = (answers: Record<string, string[]>) => ({ answers });

describe("Answering with answers read elsewhere (a chat reply)", () => {
  it("sends exactly those answers, not the draft, and records them as the person's own", async () => {
    f = await startDock();
    const id = await f.ask({ questions: [TARGET, REGION] });
    f.actions.select(id, "target", STAGING);
    const states: string[] = [];
    f.store.subscribe((s) => {
      const now = s.submissions.get(id)?.status ?? "gone";
      if (states.at(-1) !== now) states.push(now);
    });

    await f.actions.answerWith(id, reply({ target: ["Production"], region: ["Mars"] }));

    expect(f.gatewayRecord(id)).toMatchObject({ status: "answered", answers: reply({ target: ["Production"], region: ["Mars"] }) });
    expect(f.sent("question.resolve")).toBe(1);
    expect(states).toEqual(["submitting", "gone"]);
    expect(f.state().outcomes.get(id)).toMatchObject({ kind: "answered", answers: reply({ target: ["Production"], region: ["Mars"] }) });
  });

  it("sends nothing more while an answer of the same request is on its way", async () => {
    f = await startDock({ latencyMs: 50 });
    const id = await f.ask({ questions: [TARGET] });
    const first = f.actions.answerWith(id, reply({ target: ["Production"] }));
    await until(() => f.state().submissions.get(id)?.status === "submitting", "the first send", 10);
    await f.actions.answerWith(id, reply({ target: [STAGING] }));
    await until(() => f.state().outcomes.get(id), "the outcome", 50);
    await first;
    expect(f.sent("question.resolve")).toBe(1);
    expect(f.gatewayRecord(id)?.answers).toEqual(reply({ target: ["Production"] }));
  });

  it("cut off before its reply, is held as uncertain and then reads as the person's own answer", async () => {
    f = await startDock();
    const id = await f.ask({ questions: [TARGET] });
    const sent = f.actions.answerWith(id, reply({ target: ["Production"] }));
    await Promise.resolve();
    f.sim.setOffline(true);
    f.sim.dropConnections();
    await until(() => f.state().submissions.get(id)?.status !== "submitting", "the cut-off", 10);
    await sent;
    expect(f.state().submissions.get(id)).toEqual({ status: "uncertain", kind: "answer" });
    // The dock's own draft was never part of this answer.
    expect(draftOf(f.state().views.get(id), "target").selected).toEqual([]);

    f.sim.setOffline(false);
    await until(() => f.state().outcomes.get(id), "the recovered outcome", 100);
    expect(f.state().outcomes.get(id)).toMatchObject({ kind: "answered", answers: reply({ target: ["Production"] }) });
  });
});
