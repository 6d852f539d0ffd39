import { describe, expect, it } from "vitest";
import { parseAsyncDelivery } from "../../../src/protocol";

const delivery = (options: unknown) => ({ itemId: "item-1", questions: [{ title: "Deploy where?", options }] });

describe("parseAsyncDelivery option labels", () => {
  it.each([
    ["distinct strings", ["Staging", "Production"]],
    ["distinct {label} objects", [{ label: "Staging" }, { label: "Production" }]],
    ["one option", ["Only"]],
    ["labels that differ inside, not by case", ["Stage one", "Stage two"]],
  ])("accepts %s", (_name, options) => {
    const read = parseAsyncDelivery(delivery(options));
    expect(read.ok).toBe(true);
    expect(read.ok && read.value.questions[0]?.options).toEqual((options as unknown[]).map((o) => (typeof o === "string" ? o : (o as { label: string }).label)));
  });

  it.each([
    ["an exact repeat", ["Staging", "Staging"], "questions[0].options[1]", /duplicates another option label/],
    ["a repeat in another case", ["Staging", "STAGING"], "questions[0].options[1]", /duplicates another option label/],
    ["a repeat with spaces around it", ["Staging", "  staging "], "questions[0].options[1]", /duplicates another option label/],
    ["a repeat among {label} objects", [{ label: "Yes" }, { label: "No" }, { label: "yes" }], "questions[0].options[2].label", /duplicates another option label/],
    ["a repeat mixing both forms", ["Yes", { label: "yes" }], "questions[0].options[1].label", /duplicates another option label/],
    ["an empty label", ["Staging", ""], "questions[0].options[1]", /must not be empty/],
    ["a blank label", ["Staging", "   "], "questions[0].options[1]", /must not be empty/],
    ["a blank {label}", [{ label: " " }, { label: "No" }], "questions[0].options[0].label", /must not be empty/],
  ])("refuses %s with an issue at its path", (_name, options, path, message) => {
    const read = parseAsyncDelivery(delivery(options));
    expect(read.ok).toBe(false);
    expect(!read.ok && read.errors).toContainEqual({ path, message: expect.stringMatching(message) });
  });

  it("reports a repeat in every question that has one", () => {
    const read = parseAsyncDelivery({ itemId: "i", questions: [{ title: "A", options: ["x", "X"] }, { title: "B", options: ["y"] }, { title: "C", options: ["z", "z"] }] });
    expect(!read.ok && read.errors.map((e) => e.path)).toEqual(["questions[0].options[1]", "questions[2].options[1]"]);
  });
});
