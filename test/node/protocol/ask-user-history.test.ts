import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { askUserBlocksOf, askUserEntries, askUserRecordId } from "../../../src/protocol/ask-user-history";
import { parseChatMessage, type ChatMessage } from "../../../src/protocol";
import { sha256Hex } from "../../../src/protocol/sha256";
import { anyValue } from "../fuzz/arbitraries";

// Real chat.history messages of openclaw 2026.9.6 (see docs/gateway-findings.md, "ask_user in chat.history").
const fixture = JSON.parse(readFileSync(new URL("./fixtures/ask-user-history.json", import.meta.url), "utf8")) as {
  recordIds: { answered: string; skipped: string; aborted: string };
  messages: unknown[];
};
const parsed = (raw: unknown[]): ChatMessage[] => raw.map((m) => parseChatMessage(m)).flatMap((r) => (r.ok ? [r.value] : []));
const real = askUserEntries(parsed(fixture.messages));

const call = (id: string, args: unknown, name = "tool_call") => ({
  role: "assistant",
  content: [{ type: "toolCall", id, name, arguments: name === "tool_call" ? { id: "ask_user", args } : args }],
  __openclaw: { runId: "r1", id: `msg-${id}` },
});
const q = (over: Record<string, unknown> = {}) => ({ id: "color", header: "Color", question: "Which color?", options: [{ label: "Red" }, { label: "Blue" }], ...over });

describe("sha256Hex", () => {
  it.each(["", "abc", "x".repeat(55), "x".repeat(56), "x".repeat(64), "y".repeat(300), "run\0call", "é漢😀"])("matches node:crypto for %j", (text) => {
    expect(sha256Hex(text)).toBe(createHash("sha256").update(text).digest("hex"));
  });
});

describe("askUserEntries on the real gateway's history", () => {
  it("finds one entry per ask_user call, bound to the assistant turn and run that asked", () => {
    expect(real.map((e) => ({ runId: e.runId, anchor: e.anchor, toolCallId: e.toolCallId }))).toEqual([
      { runId: expect.stringMatching(/^ans-/), anchor: "8b241e9a-3576-4fd9-ac8b-9d93da18331a", toolCallId: "call_mock_1" },
      { runId: expect.stringMatching(/^skip-/), anchor: "2159a03d-6bfe-4cc2-ac56-eb80065843fe", toolCallId: "call_mock_3" },
      { runId: expect.stringMatching(/^abort-/), anchor: "f0c51a82-d48d-4ad1-8359-afa8301aa212", toolCallId: "call_mock_5" },
    ]);
  });

  it("rebuilds the question record id from the run and the nested call id, when the history holds the nested call", () => {
    expect(real.map((e) => e.questionRecordId)).toEqual([fixture.recordIds.answered, fixture.recordIds.skipped, undefined]);
  });

  it("reads the questions as the agent asked them (multi-select, options, free text allowed)", () => {
    expect(real[0]!.questions).toEqual([
      { questionId: "stack", header: "Stack", question: "Which parts?", options: [{ label: "API" }, { label: "Web" }, { label: "Docs" }], multiSelect: true, isOther: true },
      { questionId: "env", header: "Env", question: "Where to?", options: [{ label: "Staging" }, { label: "Production" }], multiSelect: false, isOther: true },
    ]);
  });

  it("tells answered (with Other text), cancelled, and a call with no result apart", () => {
    expect(real.map((e) => e.outcome)).toEqual([
      { status: "answered", answers: { answers: { stack: ["API", "Web"], env: ["Somewhere else"] } } },
      { status: "no-answer", reason: "cancelled" },
      { status: "unknown" },
    ]);
  });
});

// More real messages: one question answered with Other text, and a question that expired.
const more = JSON.parse(readFileSync(new URL("./fixtures/ask-user-history-more.json", import.meta.url), "utf8")) as { single: unknown[]; expired: unknown[] };
const anchorOf = (raw: unknown[]) => (raw[1] as { __openclaw: { id: string } }).__openclaw.id;

describe("askUserEntries on more real endings", () => {
  it.each([
    ["one question, Other text", more.single, { status: "answered", answers: { answers: { region: ["Mars"] } } }],
    ["expired", more.expired, { status: "no-answer", reason: "timed-out" }],
  ] as const)("%s: one entry at the assistant message of the call, with its outcome", (_name, raw, outcome) => {
    const [entry, ...rest] = askUserEntries(parsed([...raw]));
    expect(rest).toEqual([]);
    expect(entry).toMatchObject({ toolCallId: expect.stringMatching(/^call_mock_/), runId: expect.any(String), anchor: anchorOf([...raw]), questionRecordId: expect.stringMatching(/^ask_[0-9a-f]{32}$/), outcome });
  });

  it("cuts a long header to 12 characters, as the question record does", () => {
    expect(askUserEntries(parsed(more.single))[0]!.questions[0]).toMatchObject({ questionId: "region", header: "Region of de", question: "Which region?" });
  });
});

describe("askUserEntries (table)", () => {
  const resultOf = (toolCallId: string, text: string, toolName = "ask_user") => ({ role: "toolResult", toolCallId, toolName, content: [{ type: "text", text }] });
  const wrapped = (text: string) => JSON.stringify({ tool: { name: "ask_user" }, result: { content: [{ type: "text", text }] } });
  const cases: Array<[string, unknown[], unknown]> = [
    ["a plain ask_user call answered", [call("c1", { questions: [q()] }, "ask_user"), resultOf("c1", `Color: Red\n\n${JSON.stringify({ status: "answered", answers: { answers: { color: ["Red"] } } })}`)], { status: "answered", answers: { answers: { color: ["Red"] } } }],
    ["no answer arrived (expired or timed out)", [call("c1", { questions: [q()] }), resultOf("c1", wrapped(`No answer arrived; proceed with best judgment.\n\n{"status":"no_answer"}`), "tool_call")], { status: "no-answer", reason: "timed-out" }],
    ["a no_answer without the known sentence: no reason", [call("c1", { questions: [q()] }), resultOf("c1", wrapped(`Something else.\n\n{"status":"no_answer"}`), "tool_call")], { status: "no-answer" }],
    ["an error result (the tool threw)", [call("c1", { questions: [q()] }, "ask_user"), resultOf("c1", "Aborted")], { status: "unknown" }],
    ["a result that is not JSON", [call("c1", { questions: [q()] }, "ask_user"), resultOf("c1", "\n\n{not json")], { status: "unknown" }],
    ["a result of another tool", [call("c1", { questions: [q()] }), resultOf("c1", JSON.stringify({ tool: { name: "exec" }, result: {} }), "tool_call")], { status: "unknown" }],
  ];
  it.each(cases)("%s", (_name, raw, outcome) => {
    expect(askUserEntries(parsed(raw)).map((e) => e.outcome)).toEqual([outcome]);
  });

  it("a plain ask_user call's record id hashes its own id; a tool_call wrapper's without its nested call has none", () => {
    expect(askUserEntries(parsed([call("c1", { questions: [q()] }, "ask_user")]))[0]!.questionRecordId).toBe(askUserRecordId("r1", "c1"));
    expect(askUserEntries(parsed([call("c1", { questions: [q()] })]))[0]!.questionRecordId).toBeUndefined();
  });

  it("keeps every option of a call that offers more than four, and only the label and description of each", () => {
    const options = Array.from({ length: 10 }, (_, i) => ({ label: `Choice ${i + 1}`, ...(i === 2 ? { value: "three", preview: "…" } : {}) }));
    const [entry] = askUserEntries(parsed([call("c1", { questions: [q({ options })] })]));
    expect(entry!.questions[0]!.options).toEqual(options.map(({ label }) => ({ label })));
  });

  it("ignores calls of other tools, tool_call for other tools and calls with no readable question", () => {
    const raw = [call("a", { questions: [q()] }, "exec"), call("b", { id: "exec", args: {} }), call("c", { questions: [{ header: "x" }] }), call("d", { questions: "no" })];
    expect(askUserEntries(parsed(raw))).toEqual([]);
  });

  it("survives hostile ids and answers: __proto__ and constructor stay plain keys", () => {
    const raw = [
      call("__proto__", { questions: [q({ id: "constructor" })] }, "ask_user"),
      resultOf("__proto__", `x\n\n{"status":"answered","answers":{"answers":{"constructor":["Red"],"__proto__":["Blue"]}}}`),
    ];
    const [entry] = askUserEntries(parsed(raw));
    expect(entry!.toolCallId).toBe("__proto__");
    expect(entry!.outcome.status === "answered" && Object.entries(entry!.outcome.answers.answers)).toEqual([["constructor", ["Red"]], ["__proto__", ["Blue"]]]);
    expect(({} as Record<string, unknown>).constructor).toBe(Object);
  });

  it.each([null, 1, "x", [], { role: "assistant", content: "text" }, { role: "assistant", content: [null, 1, { type: "toolCall" }] }, { role: "toolResult", toolName: "ask_user" }])(
    "reads nothing from %j and does not throw",
    (raw) => {
      expect(askUserBlocksOf(raw)).toBeUndefined();
    },
  );
});

describe("askUserEntries fed anything", () => {
  // Real messages with any block or field swapped for anything: reading never throws, and every entry is well formed.
  const mutated = fc.tuple(fc.nat({ max: fixture.messages.length - 1 }), fc.constantFrom("content", "role", "toolName", "toolCallId", "__openclaw", "arguments"), anyValue);
  it("never throws and yields entries with a tool call id and questions", () => {
    fc.assert(
      fc.property(fc.array(mutated, { maxLength: 4 }), fc.array(anyValue, { maxLength: 3 }), (changes, extra) => {
        const raw = JSON.parse(JSON.stringify(fixture.messages)) as Array<Record<string, unknown>>;
        for (const [i, key, value] of changes) raw[i]![key] = value;
        const entries = askUserEntries(parsed([...raw, ...extra]));
        for (const e of entries) {
          expect(typeof e.toolCallId).toBe("string");
          expect(e.questions.length).toBeGreaterThan(0);
          expect(["answered", "no-answer", "unknown"]).toContain(e.outcome.status);
        }
      }),
      { numRuns: 400 },
    );
  });
});
