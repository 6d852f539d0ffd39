import { afterEach, describe, expect, it } from "vitest";
import { draftOf } from "../../../src/store";
import { startDock, type DockFixture } from "./dock-fixture";

let f: DockFixture | undefined;
afterEach(() => f?.stop());

// Names that a plain object inherits from Object.prototype: a lookup by one of them finds a function, not nothing.
const HOSTILE = ["constructor", "__proto__", "toString", "hasOwnProperty", "valueOf"];
// A questionId must be snake_case, so of these names only "constructor" can reach the dock as one.
const HOSTILE_QUESTION_IDS = ["constructor"];

const question = (questionId: string) => ({
  questionId,
  header: "Deploy",
  question: `Question ${questionId}?`,
  options: [{ label: "Staging" }, { label: "Production" }],
  isOther: true,
});

describe("Hostile ids", () => {
  it.each(HOSTILE_QUESTION_IDS)("answers a question whose questionId is %s, by choice and by typed text", async (questionId) => {
    f = await startDock();
    const id = await f.ask({ questions: [question(questionId)] });
    expect(draftOf(f.state().views.get(id), questionId)).toEqual({ selected: [], other: "" });
    f.actions.setOther(id, questionId, "Canary");
    f.actions.select(id, questionId, "Production");
    await f.actions.submit(id);
    expect(f.gatewayRecord(id)).toMatchObject({ status: "answered" });
    expect(f.gatewayRecord(id)?.answers?.answers[questionId]).toEqual(["Production"]);
    expect(f.state().outcomes.get(id)).toMatchObject({ kind: "answered" });
  });

  it.each(HOSTILE)("keeps a request whose id is %s apart from every other", async (requestId) => {
    f = await startDock();
    const other = await f.ask({ questions: [question("target")] });
    // Before the request arrives, nothing may claim to hold it.
    expect(f.state().records.get(requestId)).toBeUndefined();
    expect(f.state().views.get(requestId)).toBeUndefined();
    const id = await f.ask({ id: requestId, questions: [question("target")] });
    expect(id).toBe(requestId);
    // Asked in the same instant, so the order is the gateway's id order; both must be there, once each.
    expect([...f.state().order].sort()).toEqual([other, requestId].sort());
    f.actions.select(requestId, "target", "Staging");
    await f.actions.skip(other);
    await f.actions.submit(requestId);
    expect(f.state().outcomes.get(requestId)).toMatchObject({ kind: "answered", answers: { answers: { target: ["Staging"] } } });
    expect([...f.state().order]).toEqual([]);
  });
});
