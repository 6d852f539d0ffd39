import { describe, expect, it } from "vitest";
import { HEADER_MAX_CHARS } from "../../../src/protocol/ask-user";
import { graphemes, truncateGraphemes } from "../../../src/protocol/graphemes";

const FLAG = "🇫🇷";
const FAMILY = "👨‍👩‍👧‍👦";
const E_ACUTE = "e\u0301";
const THUMB = "👍🏽";

describe("header truncation by grapheme", () => {
  it.each([
    ["ASCII, cut", "Deployment target region", "Deployment t"],
    ["ASCII, exactly 12", "abcdefghijkl", "abcdefghijkl"],
    ["flags only", FLAG.repeat(13), FLAG.repeat(12)],
    ["ZWJ families only", FAMILY.repeat(13), FAMILY.repeat(12)],
    ["combining accents only", E_ACUTE.repeat(13), E_ACUTE.repeat(12)],
    ["skin tones only", THUMB.repeat(13), THUMB.repeat(12)],
    ["flag at the edge", `Deploy to ${FLAG}${FLAG}!`, `Deploy to ${FLAG}${FLAG}`],
    ["family at the edge", `Team: ${FAMILY} and more`, `Team: ${FAMILY} and `],
    ["accent at the edge", `Caf${E_ACUTE} au lait now`, `Caf${E_ACUTE} au lait`],
    ["skin tone at the edge", `ok ${THUMB}${THUMB} thanks!!`, `ok ${THUMB}${THUMB} thanks`],
    ["a mix, short enough to keep", `${FLAG}${FAMILY}${E_ACUTE}${THUMB} fine`, `${FLAG}${FAMILY}${E_ACUTE}${THUMB} fine`],
    ["the mix at position 11 and 12", `abcdefghij${FAMILY}${FLAG}${THUMB}`, `abcdefghij${FAMILY}${FLAG}`],
  ])("%s", (_name, input, expected) => {
    expect(truncateGraphemes(input, HEADER_MAX_CHARS)).toBe(expected);
    expect(graphemes(truncateGraphemes(input, HEADER_MAX_CHARS)).length).toBeLessThanOrEqual(HEADER_MAX_CHARS);
  });

  it("never leaves half a cluster: every kept cluster is whole", () => {
    for (const unit of [FLAG, FAMILY, E_ACUTE, THUMB]) {
      for (let prefix = 0; prefix < 12; prefix++) {
        const cut = truncateGraphemes("x".repeat(prefix) + unit.repeat(20), 12);
        expect(cut.slice(prefix)).toBe(unit.repeat(12 - prefix));
      }
    }
  });

  it("falls back to code points where Intl.Segmenter is missing", () => {
    expect(graphemes(FLAG, null)).toHaveLength(2);
    expect(truncateGraphemes("🚀".repeat(13), 12, null)).toBe("🚀".repeat(12));
    expect(truncateGraphemes("abc", 12, null)).toBe("abc");
  });
});
