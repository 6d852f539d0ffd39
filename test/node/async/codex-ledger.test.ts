import { describe, expect, it } from "vitest";
import { parseChatMessage, type ChatMessage } from "../../../src/protocol";
import { runEndingOf } from "../../../src/protocol/run-ending";
import { deriveAsyncQuestions, emptyAsyncLocal, reopenAnchor, type AsyncLocalState, type AsyncQuestionEntry } from "../../../src/store/conversation";
import { codexAbort, codexAsk, codexCommentary, codexFailure, codexFinal, codexPrompt } from "./codex-transcript";
import { transcript } from "./transcript";

const one = (raw: unknown): ChatMessage => {
  const read = parseChatMessage(raw);
  if (!read.ok) throw new Error("unreadable test row");
  return read.value;
};

describe("runEndingOf: the Codex plugin's rows", () => {
  it.each([
    ["the async question row (no run id, mirrored)", codexAsk("t1", "q"), null],
    ["the mirrored prompt", codexPrompt("A", "t1"), null],
    ["commentary (mirrored, not terminal)", codexCommentary("A", "t1"), null],
    ["the final (runTerminal, stop)", codexFinal("A", "t1"), "successful"],
    ["a failure record (custom run-failed-before-reply)", codexFailure("A"), "settled"],
    ["the gateway's injected abort partial", codexAbort("A", "t1")[0], "settled"],
    ["the mirrored aborted reply (runTerminal, aborted)", codexAbort("A", "t1")[1], "settled"],
    ["another custom record", { role: "custom", customType: "openclaw.nested-tool.v1", content: "x", __openclaw: { runId: "A" } }, null],
  ] as const)("%s → %s", (_name, raw, expected) => {
    expect(runEndingOf(one(raw))).toBe(expected);
  });

  it("reads the failure record's run id, type and the mirror identity of a row", () => {
    expect(one(codexFailure("A"))).toMatchObject({ role: "custom", customType: "run-failed-before-reply", runId: "A" });
    expect(one(codexAsk("t1", "q"))).toMatchObject({ mirrorOrigin: "codex-app-server", mirrorIdentity: "t1:async:q" });
    expect(one(codexAsk("t1", "q")).runId).toBeUndefined();
  });
});

const asked = [codexPrompt("A", "t1"), codexAsk("t1", "q"), codexFinal("A", "t1", "Asked above.")];
const local = (o: Partial<AsyncLocalState> = {}): AsyncLocalState => ({ ...emptyAsyncLocal(), ...o });
const question = (messages: ChatMessage[], l = local(), onTheirWay: ReadonlySet<string> = new Set()): AsyncQuestionEntry => {
  const entry = deriveAsyncQuestions(messages, l, onTheirWay).find((q) => q.delivery.itemId === "q");
  if (!entry) throw new Error("question q was not derived");
  return entry;
};

describe("deriveAsyncQuestions on Codex rows: retirement", () => {
  const cases: Array<{ rule: string; rows: Array<Record<string, unknown>>; local?: AsyncLocalState; onTheirWay?: ReadonlySet<string>; status: AsyncQuestionEntry["status"] }> = [
    { rule: "a later successful run retires it", rows: [...asked, codexPrompt("B", "t2"), codexFinal("B", "t2")], status: "retired" },
    { rule: "its own run's final does not retire it", rows: asked, status: "pending" },
    { rule: "a later failed run (custom record) does not retire it", rows: [...asked, codexPrompt("B", "t2"), codexFailure("B")], status: "pending" },
    { rule: "a later aborted run (two rows) does not retire it", rows: [...asked, codexPrompt("B", "t2"), ...codexAbort("B", "t2")], status: "pending" },
    { rule: "a later run aborted before any text does not retire it", rows: [...asked, codexPrompt("B", "t2")], status: "pending" },
    { rule: "a later commentary-only run does not retire it", rows: [...asked, codexPrompt("B", "t2"), codexCommentary("B", "t2")], status: "pending" },
    {
      rule: "an overlapping run that started before the question and ends after does not retire it",
      rows: [codexPrompt("A", "t1"), codexPrompt("B", "t2"), codexAsk("t1", "q"), codexFinal("B", "t2"), codexFinal("A", "t1")],
      status: "pending",
    },
    {
      rule: "a run whose abort saved a row after a success row of another run still counts only the success",
      rows: [...asked, codexPrompt("B", "t2"), ...codexAbort("B", "t2"), codexPrompt("C", "t3"), codexFinal("C", "t3")],
      status: "retired",
    },
    {
      rule: "a typed draft does not keep a later successful run from retiring it",
      rows: [...asked, codexPrompt("B", "t2"), codexFinal("B", "t2")],
      local: local(),
      status: "retired",
    },
    {
      rule: "an answer on its way (send in flight or failed) keeps it",
      rows: [...asked, codexPrompt("B", "t2"), codexFinal("B", "t2")],
      onTheirWay: new Set(["q"]),
      status: "pending",
    },
  ];
  it.each(cases)("$rule", ({ rows, local: l, onTheirWay, status }) => {
    expect(question(transcript(...rows), l, onTheirWay).status).toBe(status);
  });

  it("a reopened question retires again only when a run started after the reopen succeeds", () => {
    const rows = transcript(...asked, codexPrompt("B", "t2"), codexFinal("B", "t2"), codexPrompt("C", "t3"), ...codexAbort("C", "t3"), codexPrompt("D", "t4"), codexFinal("D", "t4"));
    const reopened = (seen: number) => local({ reopenedAt: new Map([["q", reopenAnchor(rows.slice(0, seen))]]) });
    expect(question(rows.slice(0, 8), reopened(5)).status).toBe("pending");
    expect(question(rows, reopened(5)).status).toBe("retired");
  });
});

describe("deriveAsyncQuestions on Codex rows: binding", () => {
  it("binds the question to its run through its turn, and to the row that asked", () => {
    const entry = question(transcript(...asked));
    expect(entry).toMatchObject({ runId: "A", turnId: "t1", sourceMessageId: "msg-q" });
  });

  it("binds by turn, not by order, when another run's prompt came between", () => {
    const entry = question(transcript(codexPrompt("A", "t1"), codexPrompt("B", "t2"), codexAsk("t1", "q"), codexFinal("B", "t2")));
    expect(entry.runId).toBe("A");
  });

  it("binds by the final's turn when the prompt was not mirrored", () => {
    const entry = question(transcript(codexAsk("t9", "q"), codexFinal("Z", "t9")));
    expect(entry).toMatchObject({ runId: "Z", turnId: "t9" });
  });

  it("falls back to the person's message before it while its turn names no run yet", () => {
    const entry = question(transcript({ role: "user", content: "go", idempotencyKey: "K:user", __openclaw: { id: "u", idempotencyKey: "K:user" } }, codexAsk("t5", "q")));
    expect(entry).toMatchObject({ runId: "K", turnId: "t5" });
  });
});
