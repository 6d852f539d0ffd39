import { describe, expect, it } from "vitest";
import { formatIssues, parseQuestionRecord } from "../../../src/protocol";
import { ISSUE_KEY_MAX, ISSUE_LIMIT, ISSUE_PATH_MAX, Reader, clip } from "../../../src/protocol/reader";

const record = (answers: unknown) => ({
  id: "r1",
  createdAtMs: 1,
  expiresAtMs: 2,
  status: "answered",
  questions: [{ questionId: "target", header: "", question: "Where?", options: [{ label: "A" }, { label: "B" }] }],
  answers,
});

describe("validation issues from untrusted keys", () => {
  it("clips a megabyte-long answer key in the issue path", () => {
    const key = "k".repeat(1_000_000);
    const read = parseQuestionRecord(record({ answers: { [key]: "not a list" } }));
    expect(read.ok).toBe(false);
    const issue = !read.ok ? read.errors[0]! : undefined;
    expect(issue?.path).toBe(`answers.answers.${"k".repeat(ISSUE_KEY_MAX - 1)}…`);
    expect(formatIssues(read.ok ? [] : read.errors).length).toBeLessThan(300);
  });

  it.each([
    ["short key", "abc", "a.abc"],
    ["exactly the limit", "x".repeat(ISSUE_KEY_MAX), `a.${"x".repeat(ISSUE_KEY_MAX)}`],
    ["one past the limit", "x".repeat(ISSUE_KEY_MAX + 1), `a.${"x".repeat(ISSUE_KEY_MAX - 1)}…`],
    ["an emoji at the cut", `${"x".repeat(ISSUE_KEY_MAX - 2)}😀😀`, `a.${"x".repeat(ISSUE_KEY_MAX - 2)}…`],
  ])("Reader.at with a %s", (_name, key, expected) => {
    expect(new Reader().at("a", key)).toBe(expected);
  });

  it("clips a deep path and a long message", () => {
    const r = new Reader();
    r.fail("p".repeat(10_000), "m".repeat(10_000));
    expect(r.issues[0]!.path).toHaveLength(ISSUE_PATH_MAX);
    expect(r.issues[0]!.path.endsWith("…")).toBe(true);
    expect(r.issues[0]!.message.length).toBeLessThanOrEqual(512);
    expect(clip("short", 10)).toBe("short");
  });

  it(`lists at most ${ISSUE_LIMIT} issues and counts the rest`, () => {
    const answers = Object.fromEntries(Array.from({ length: 5000 }, (_, i) => [`key_${i}`, 1]));
    const read = parseQuestionRecord(record({ answers }));
    expect(read.ok).toBe(false);
    const errors = read.ok ? [] : read.errors;
    expect(errors).toHaveLength(ISSUE_LIMIT + 1);
    expect(errors[ISSUE_LIMIT]).toEqual({ path: "", message: `and ${5000 - ISSUE_LIMIT} more problems` });
  });

  it("keeps a single overflow issue worded in the singular", () => {
    const r = new Reader();
    for (let i = 0; i <= ISSUE_LIMIT; i++) r.fail(`p${i}`, "bad");
    expect(r.issues.at(-1)).toEqual({ path: "", message: "and 1 more problem" });
  });

  it("still reports ordinary problems in full", () => {
    const read = parseQuestionRecord({ id: "r1", createdAtMs: 1, expiresAtMs: 2, questions: [{ questionId: "Bad Id", header: 5, question: "" }] });
    expect(read.ok).toBe(false);
    expect(!read.ok && read.errors.map((e) => e.path)).toEqual(["questions[0].questionId", "questions[0].header", "questions[0].question"]);
  });
});
