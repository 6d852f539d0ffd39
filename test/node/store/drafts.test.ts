import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { answersFor, draftOf, hasReviewStep } from "../../../src/store";
import { CHECKS, REGION, TARGET, flush, startDock, type DockFixture } from "./dock-fixture";

let f: DockFixture;
beforeEach(async () => {
  f = await startDock();
});
afterEach(() => f.stop());

const draft = (id: string, questionId: string) => draftOf(f.state().views.get(id), questionId);
const answers = (id: string) => answersFor(f.state().records.get(id)!, f.state().views.get(id));

describe("Drafts", () => {
  it("keeps typed text apart from the choices, even when it equals an option label", async () => {
    const id = await f.ask({ questions: [TARGET] });
    f.actions.setOther(id, "target", "Production");
    expect(draft(id, "target")).toEqual({ selected: [], other: "Production" });

    await f.actions.submit(id);
    // Sent as free text: the gateway accepts it only because the question takes Other (isOther).
    expect(f.gatewayRecord(id)).toMatchObject({ status: "answered", answers: { answers: { target: ["Production"] } } });
    expect(f.state().outcomes.get(id)).toMatchObject({ kind: "answered", answers: { answers: { target: ["Production"] } } });
  });

  it("sends typed text only where the question accepts free text", async () => {
    const id = await f.ask({ questions: [{ ...TARGET, isOther: false }] });
    f.actions.setOther(id, "target", "Somewhere else");
    expect(answers(id)).toBeUndefined();
    f.actions.select(id, "target", "Production");
    expect(answers(id)).toEqual({ answers: { target: ["Production"] } });
  });

  it.each([
    ["select, then type", (a: F, id: string) => (a.select(id, "target", "Production"), a.setOther(id, "target", "Canary")), { selected: [], other: "Canary" }, ["Canary"]],
    // The typed text stays, not chosen: the choice is the one value sent.
    ["type, then select", (a: F, id: string) => (a.setOther(id, "target", "Canary"), a.select(id, "target", "Production")), { selected: ["Production"], other: "Canary" }, ["Production"]],
    ["type, select, then choose Other again", (a: F, id: string) => (a.setOther(id, "target", "Canary"), a.select(id, "target", "Production"), a.chooseOther(id, "target")), { selected: [], other: "Canary" }, ["Canary"]],
    ["choose Other with nothing typed keeps the choice", (a: F, id: string) => (a.select(id, "target", "Production"), a.chooseOther(id, "target")), { selected: ["Production"], other: "" }, ["Production"]],
    ["choose Other with only spaces typed keeps the choice", (a: F, id: string) => (a.setOther(id, "target", "  "), a.select(id, "target", "Production"), a.chooseOther(id, "target")), { selected: ["Production"], other: "  " }, ["Production"]],
    ["select, then type only spaces", (a: F, id: string) => (a.select(id, "target", "Production"), a.setOther(id, "target", "  ")), { selected: ["Production"], other: "  " }, ["Production"]],
    ["select twice", (a: F, id: string) => (a.select(id, "target", "Production"), a.select(id, "target", "Staging (Recommended)")), { selected: ["Staging (Recommended)"], other: "" }, ["Staging (Recommended)"]],
    ["toggle on a single-select", (a: F, id: string) => (a.toggle(id, "target", "Production"), a.toggle(id, "target", "Production")), { selected: ["Production"], other: "" }, ["Production"]],
    ["select a label that is not offered", (a: F, id: string) => a.select(id, "target", "Nowhere"), { selected: [], other: "" }, undefined],
    ["type text with spaces around it", (a: F, id: string) => a.setOther(id, "target", "  Canary  "), { selected: [], other: "  Canary  " }, ["Canary"]],
  ])("single-select: %s", async (_name, act, expectedDraft, expectedValues) => {
    const id = await f.ask({ questions: [TARGET] });
    act(f.actions, id);
    expect(draft(id, "target")).toEqual(expectedDraft);
    expect(answers(id)?.answers.target).toEqual(expectedValues);
  });

  it.each([
    ["toggles choices in option order", (a: F, id: string) => (a.toggle(id, "checks", "E2E"), a.toggle(id, "checks", "Lint")), ["E2E", "Lint"], ["Lint", "E2E"]],
    ["toggles a choice off again", (a: F, id: string) => (a.toggle(id, "checks", "E2E"), a.toggle(id, "checks", "Lint"), a.toggle(id, "checks", "E2E")), ["Lint"], ["Lint"]],
    ["treats select like toggle", (a: F, id: string) => (a.select(id, "checks", "Lint"), a.select(id, "checks", "E2E")), ["Lint", "E2E"], ["Lint", "E2E"]],
    ["adds typed text after the choices", (a: F, id: string) => (a.toggle(id, "checks", "Lint"), a.setOther(id, "checks", "Fuzzing")), ["Lint"], ["Lint", "Fuzzing"]],
    ["keeps typed text equal to an unchosen label as text", (a: F, id: string) => a.setOther(id, "checks", "E2E"), [], ["E2E"]],
    ["choose Other leaves the choices and the typed text as they are", (a: F, id: string) => (a.setOther(id, "checks", "Fuzzing"), a.toggle(id, "checks", "Lint"), a.chooseOther(id, "checks")), ["Lint"], ["Lint", "Fuzzing"]],
    ["does not send a label twice when typed text repeats a chosen one", (a: F, id: string) => (a.toggle(id, "checks", "Lint"), a.setOther(id, "checks", "Lint")), ["Lint"], ["Lint"]],
  ])("multi-select: %s", async (_name, act, selected, values) => {
    const id = await f.ask({ questions: [CHECKS] });
    act(f.actions, id);
    expect(draft(id, "checks").selected).toEqual(selected);
    expect(answers(id)?.answers.checks).toEqual(values);
  });

  it("sends a multi-select answer with the typed text as one more value", async () => {
    const id = await f.ask({ questions: [CHECKS] });
    f.actions.toggle(id, "checks", "Unit tests");
    f.actions.toggle(id, "checks", "Lint");
    f.actions.setOther(id, "checks", "Fuzzing");
    await f.actions.submit(id);
    expect(f.gatewayRecord(id)?.answers).toEqual({ answers: { checks: ["Lint", "Unit tests", "Fuzzing"] } });
  });

  it("keeps each question's draft apart in a multi-question prompt", async () => {
    const id = await f.ask({ questions: [TARGET, REGION, CHECKS] });
    f.actions.select(id, "target", "Production");
    f.actions.setOther(id, "region", "Mars");
    f.actions.toggle(id, "checks", "E2E");
    expect(f.state().views.get(id)?.drafts).toEqual({
      target: { selected: ["Production"], other: "" },
      region: { selected: [], other: "Mars" },
      checks: { selected: ["E2E"], other: "" },
    });
  });

  it("ignores edits for a question the request does not have, and for unknown requests", async () => {
    const id = await f.ask({ questions: [TARGET] });
    const before = f.state().views;
    f.actions.select(id, "nope", "Production");
    f.actions.setOther("no-such-request", "target", "x");
    expect(f.state().views).toBe(before);
  });

  it("stamps each edit with the time, which the priority rule reads", async () => {
    const id = await f.ask({ questions: [TARGET] });
    await flush(250);
    f.actions.setOther(id, "target", "C");
    expect(f.state().views.get(id)?.editedAt).toBe(Date.now());
  });
});

type F = DockFixture["actions"];

describe("Steps", () => {
  it.each([
    // questions, actions, expected step
    [1, ["next", "next"], 0],
    [1, ["back"], 0],
    [2, ["next"], 1],
    [2, ["next", "next"], 2],
    [2, ["next", "next", "next"], 2],
    [3, ["next", "next", "back"], 1],
    [3, ["back", "next"], 1],
  ] as const)("a %i-question prompt after %j is on step %i", async (count, moves, step) => {
    const id = await f.ask({ questions: [TARGET, REGION, CHECKS].slice(0, count) });
    for (const move of moves) f.actions[move](id);
    expect(f.state().views.get(id)?.step ?? 0).toBe(step);
  });

  it.each([
    [1, 5, 0],
    [1, -1, 0],
    [2, 2, 2],
    [2, 9, 2],
    [3, 1.7, 1],
    [3, -4, 0],
  ])("goToStep on a %i-question prompt: %d lands on %i", async (count, target, step) => {
    const id = await f.ask({ questions: [TARGET, REGION, CHECKS].slice(0, count) });
    f.actions.goToStep(id, target);
    expect(f.state().views.get(id)?.step ?? 0).toBe(step);
  });

  it("has a review step only for multi-question prompts", async () => {
    const single = await f.ask({ questions: [CHECKS] });
    const multi = await f.ask({ questions: [TARGET, REGION] });
    expect(hasReviewStep(f.state().records.get(single)!)).toBe(false);
    expect(hasReviewStep(f.state().records.get(multi)!)).toBe(true);
  });

  it("keeps the step and drafts of each request when switching between requests", async () => {
    const a = await f.ask({ questions: [TARGET, REGION] });
    const b = await f.ask({ questions: [CHECKS] });
    f.actions.showRequest(a);
    f.actions.select(a, "target", "Production");
    f.actions.next(a);
    f.actions.setOther(a, "region", "EU");
    f.actions.showRequest(b);
    f.actions.toggle(b, "checks", "Lint");
    f.actions.showRequest(a);
    expect(f.state().activeId).toBe(a);
    expect(f.state().views.get(a)).toMatchObject({ step: 1, drafts: { target: { selected: ["Production"] }, region: { other: "EU" } } });
    expect(f.state().views.get(b)?.drafts).toEqual({ checks: { selected: ["Lint"], other: "" } });
  });

  it("keeps drafts and step while collapsed, and collapsing neither answers nor skips", async () => {
    const id = await f.ask({ questions: [TARGET, REGION] });
    f.actions.select(id, "target", "Production");
    f.actions.next(id);
    f.actions.collapse();
    expect(f.state().collapsed).toBe(true);
    f.actions.expand();
    expect(f.state().collapsed).toBe(false);
    expect(f.state().views.get(id)).toMatchObject({ step: 1, drafts: { target: { selected: ["Production"] } } });
    await flush(1000);
    expect(f.gatewayRecord(id)?.status).toBe("pending");
    expect(f.sent("question.resolve")).toBe(0);
  });
});
