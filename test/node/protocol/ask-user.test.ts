import { describe, expect, it } from "vitest";
import { isRecommended } from "../../../src/protocol/ask-user";

describe("isRecommended", () => {
  it.each([
    ["Staging (Recommended)", true],
    ["Staging (recommended)  ", true],
    ["Recommended staging", false],
    ["(Recommended) Staging", false],
  ])("%s → %s", (label, expected) => expect(isRecommended(label)).toBe(expected));
});
