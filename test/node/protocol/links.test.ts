import { describe, expect, it } from "vitest";
import { parseQuestionRecord, safeHttpUrl } from "../../../src/protocol";

describe("safeHttpUrl credentials", () => {
  it.each([
    ["https://user:pass@example.com/docs", undefined],
    ["https://user@example.com/", undefined],
    ["http://user:@example.com/", undefined],
    ["https://:secret@example.com/", undefined],
    ["https://trusted.example@evil.example/", undefined],
    ["  https://user:pass@example.com  ", undefined],
    ["https://user%40corp:pass@example.com/", undefined],
    ["https://example.com/a@b", "https://example.com/a@b"],
    ["https://example.com/?mail=a@b.example", "https://example.com/?mail=a@b.example"],
    ["https://example.com/#a@b", "https://example.com/#a@b"],
    ["https://example.com/docs", "https://example.com/docs"],
    ["http://example.com:8080/x", "http://example.com:8080/x"],
    ["ftp://example.com/", undefined],
    ["javascript:alert(1)", undefined],
    ["mailto:a@example.com", undefined],
  ])("safeHttpUrl(%j) → %j", (input, expected) => expect(safeHttpUrl(input)).toBe(expected));

  it("drops a credentialed link from a record but keeps the question", () => {
    const read = parseQuestionRecord({
      id: "r1",
      createdAtMs: 1,
      expiresAtMs: 2,
      questions: [{ questionId: "target", header: "", question: "Where?", options: [{ label: "A" }, { label: "B" }], url: "https://admin:hunter2@docs.example.com/" }],
    });
    expect(read.ok).toBe(true);
    expect(read.ok && read.value.questions[0]?.url).toBeUndefined();
  });
});
