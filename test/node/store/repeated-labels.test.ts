// An async question may repeat a label: the draft tells its options apart by position, and the answer is the label.
import { describe, expect, it } from "vitest";
import type { GatewayQuestion } from "../../../src/protocol";
import { newView, selectOption, setOtherText } from "../../../src/store/dock/drafts";
import { chosenPositions, draftOf, valuesOf } from "../../../src/store/dock/selectors";

const single: GatewayQuestion = { questionId: "q0", header: "", question: "Deploy where?", options: [{ label: "Staging" }, { label: "Production" }, { label: "Staging" }], isOther: true };
const multi: GatewayQuestion = { ...single, multiSelect: true };
const draft = (view: ReturnType<typeof newView>) => draftOf(view, "q0");

describe("A question that repeats a label", () => {
  it("single-select: the option picked is the one chosen, and its label is the answer", () => {
    const view = selectOption(newView(), single, "Staging", 1, 2);
    expect(chosenPositions(single, draft(view))).toEqual([2]);
    expect(valuesOf(single, draft(view))).toEqual(["Staging"]);
    // Typing keeps nothing chosen; the choice comes back by position.
    const typed = setOtherText(view, single, "Canary", 2);
    expect(chosenPositions(single, draft(typed))).toEqual([]);
    expect(chosenPositions(single, draft(selectOption(typed, single, "Staging", 3, 0)))).toEqual([0]);
  });

  it("multi-select: each option flips on its own, and the label is sent once", () => {
    let view = selectOption(newView(), multi, "Staging", 1, 2);
    view = selectOption(view, multi, "Staging", 2, 0);
    expect(chosenPositions(multi, draft(view))).toEqual([2, 0]);
    expect(valuesOf(multi, draft(view))).toEqual(["Staging"]);
    view = selectOption(view, multi, "Staging", 3, 2);
    expect(chosenPositions(multi, draft(view))).toEqual([0]);
  });

  it("a pick without a position, or with one that does not hold the label, means the first option holding it", () => {
    expect(chosenPositions(single, draft(selectOption(newView(), single, "Staging", 1)))).toEqual([0]);
    expect(chosenPositions(single, draft(selectOption(newView(), single, "Staging", 1, 1)))).toEqual([0]);
  });

  it("a draft read back from labels alone, or with positions that do not fit, takes each label's first free option", () => {
    expect(chosenPositions(multi, { selected: ["Staging", "Staging"], other: "" })).toEqual([0, 2]);
    expect(chosenPositions(multi, { selected: ["Staging"], other: "", positions: [1] })).toEqual([0]);
  });

  it("labels that do not repeat keep the draft as it always was: labels only", () => {
    const plain: GatewayQuestion = { ...single, options: [{ label: "Staging" }, { label: "Production" }] };
    expect(draft(selectOption(newView(), plain, "Production", 1, 1))).toEqual({ selected: ["Production"], other: "" });
  });
});
