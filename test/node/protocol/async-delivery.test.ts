import { describe, expect, it } from "vitest";
import { parseAsyncDelivery } from "../../../src/protocol";
import { MAX_OPTIONS } from "../../../src/protocol/ask-user";

const delivery = (options: unknown) => ({ itemId: "item-1", questions: [{ title: "Deploy where?", options }] });
const labelsOf = (options: unknown[]) => options.map((o) => (typeof o === "string" ? o : (o as { label: string }).label));

describe("parseAsyncDelivery option labels", () => {
  it.each([
    ["distinct strings", ["Staging", "Production"]],
    ["distinct {label} objects", [{ label: "Staging" }, { label: "Production" }]],
    ["one option", ["Only"]],
    ["labels that differ inside, not by case", ["Stage one", "Stage two"]],
    // OpenClaw's own UI shows these; the dock tells the options apart by position.
    ["an exact repeat", ["Staging", "Staging"]],
    ["a repeat in another case", ["Staging", "STAGING"]],
    ["a repeat with spaces around it", ["Staging", "  staging "]],
    ["a repeat among {label} objects", [{ label: "Yes" }, { label: "No" }, { label: "yes" }]],
    ["a repeat mixing both forms", ["Yes", { label: "Yes" }]],
    // More than the Codex plugin sends today (4), and fields it has no use for yet: read, up to the kit's bound.
    ["ten options", Array.from({ length: 10 }, (_, i) => `Choice ${i + 1}`)],
    [`${MAX_OPTIONS} options`, Array.from({ length: MAX_OPTIONS }, (_, i) => `Choice ${i + 1}`)],
    ["{label} objects with fields the kit does not read", [{ label: "Yes", value: "y", preview: "…" }, { label: "No" }]],
  ])("accepts %s, every label kept in its place", (_name, options) => {
    const read = parseAsyncDelivery(delivery(options));
    expect(read.ok).toBe(true);
    expect(read.ok && read.value.questions[0]?.options).toEqual(labelsOf(options));
  });

  it.each([
    ["an empty label", ["Staging", ""], "questions[0].options[1]", /must not be empty/],
    ["a blank label", ["Staging", "   "], "questions[0].options[1]", /must not be empty/],
    ["a blank {label}", [{ label: " " }, { label: "No" }], "questions[0].options[0].label", /must not be empty/],
    ["more options than the kit reads", Array.from({ length: MAX_OPTIONS + 1 }, (_, i) => `Choice ${i + 1}`), "questions[0].options", /must have 1 to 256 options, got 257/],
  ])("refuses %s with an issue at its path", (_name, options, path, message) => {
    const read = parseAsyncDelivery(delivery(options));
    expect(read.ok).toBe(false);
    expect(!read.ok && read.errors).toContainEqual({ path, message: expect.stringMatching(message) });
  });
});
