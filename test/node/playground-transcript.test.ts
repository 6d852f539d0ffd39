import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { savedEntries, type ChatEntry } from "../../playground/chat-entries";
import { mergeEntries } from "../../playground/chat-feed";
import { transcriptItems } from "../../playground/transcript-items";
import type { ChatMessage } from "../../src/protocol";
import type { Outcome } from "../../src/store";
import { live, read, rows, type RawRow } from "./playground-codex-rows";

const msg = (id: string, at: number, runId?: string, extra: Partial<ChatEntry> = {}): ChatEntry => ({ id, role: runId ? "assistant" : "user", text: id, at, ...(runId ? { runId } : {}), ...extra });
/** A summary asked at `asked` and settled at `at`. */
const outcome = (id: string, at: number, runId?: string, asked = at, extra: Partial<Outcome> = {}): Outcome => ({
  kind: "answered",
  at,
  ...(runId ? { runId } : {}),
  record: { id, questions: [], createdAtMs: asked, expiresAtMs: asked, status: "answered" },
  ...extra,
});
/** An async question's summary as the dock keeps it: named `async:<itemId>`, bound to the row that asked. */
const asyncOutcome = (itemId: string, kind: Outcome["kind"], at: number, anchor?: string): Outcome => ({
  ...outcome(`async:${itemId}`, at, undefined, at, { kind }),
  async: { itemId, ...(anchor ? { sourceMessageId: anchor } : {}) },
  ...(anchor ? { anchor } : {}),
});
const order = (items: ReturnType<typeof transcriptItems>) => items.map((i) => (i.kind === "message" ? i.entry.id : `q:${i.outcome.record.id}`));

describe("transcriptItems places summaries", () => {
  const cases: Array<{ name: string; entries: ChatEntry[]; outcomes: Outcome[]; expected: string[] }> = [
    {
      name: "at the turn of the run that asked, not where it settled (asked at 5 in r1, settled at 50)",
      entries: [msg("u1", 1), msg("a1", 20, "r1"), msg("u2", 30), msg("a2", 31, "r2")],
      outcomes: [outcome("q1", 50, "r1", 5)],
      expected: ["u1", "q:q1", "a1", "u2", "a2"],
    },
    {
      name: "after what its run wrote before asking, and before the reply it wrote after",
      entries: [msg("u1", 1), msg("before", 3, "r1"), msg("reply", 20, "r1"), msg("u2", 30)],
      outcomes: [outcome("q1", 15, "r1", 10)],
      expected: ["u1", "before", "q:q1", "reply", "u2"],
    },
    {
      name: "after the last message of a run that shows nothing after asking (stopped, or still going)",
      entries: [msg("u1", 1), msg("before", 3, "r1")],
      outcomes: [outcome("q1", 15, "r1", 10)],
      expected: ["u1", "before", "q:q1"],
    },
    {
      name: "right after the message that made its tool call, which is no row of its own when it has no text",
      entries: [msg("u1", 1), msg("intro", 2, "r1", { askCalls: ["call_1"] }), msg("ask-only", 3, "r1", { text: "", askCalls: ["call_2"] }), msg("reply", 9, "r1")],
      outcomes: [outcome("q2", 50, "r1", 3, { toolCallId: "call_2" }), outcome("q1", 40, "r1", 2, { toolCallId: "call_1" })],
      expected: ["u1", "intro", "q:q1", "q:q2", "reply"],
    },
    {
      name: "in the order asked within a run, and by time when its run is not shown",
      entries: [msg("u1", 1), msg("a1", 20, "r1"), msg("u2", 30)],
      outcomes: [outcome("q2", 22, "r1", 8), outcome("q1", 21, "r1", 5), outcome("q3", 25, "gone"), outcome("q4", 99)],
      expected: ["u1", "q:q1", "q:q2", "a1", "q:q3", "u2", "q:q4"],
    },
    {
      name: "treating hostile run and tool call ids as plain ids",
      entries: [msg("u1", 1), msg("a1", 2, "__proto__", { askCalls: ["constructor"] }), msg("a2", 30, "constructor")],
      outcomes: [outcome("q", 9, "constructor", 9), outcome("p", 9, "__proto__", 2, { toolCallId: "constructor" })],
      expected: ["u1", "a1", "q:p", "q:q", "a2"],
    },
    {
      name: "an async summary read back late (no run, settled now) right after the row whose item asked",
      entries: [msg("u1", 1), msg("ask", 2, undefined, { role: "assistant", asyncItemId: "item-1" }), msg("a1", 3, "r1"), msg("u2", 4)],
      outcomes: [asyncOutcome("item-1", "retired", 9_999)],
      expected: ["u1", "ask", "q:async:item-1", "a1", "u2"],
    },
    {
      name: "an async summary by the transcript id it names, when no row carries its item",
      entries: [msg("u1", 1), msg("ask", 2, undefined, { role: "assistant", messageId: "m2" }), msg("u2", 4)],
      outcomes: [{ ...asyncOutcome("item-1", "answered", 9_999), anchor: "m2" }],
      expected: ["u1", "ask", "q:async:item-1", "u2"],
    },
    {
      name: "an async row without text is no row of its own: its summary stands there",
      entries: [msg("u1", 1), msg("ask", 2, undefined, { role: "assistant", text: "", asyncItemId: "item-1" }), msg("u2", 4)],
      outcomes: [asyncOutcome("item-1", "answered", 9_999)],
      expected: ["u1", "q:async:item-1", "u2"],
    },
  ];
  it.each(cases)("$name", ({ entries, outcomes, expected }) => {
    expect(order(transcriptItems(entries, outcomes))).toEqual(expected);
  });

  it("moves a failed or stopped ending up to its run's turn, with the run's summaries before it", () => {
    const entries = [msg("uA", 1, "a", { role: "user" }), msg("askA", 2, "a", { asyncItemId: "i" }), msg("uB", 3, "b", { role: "user" }), msg("replyB", 4, "b"), msg("fail:a", 5, "a", { role: "error", ending: "failed" })];
    expect(order(transcriptItems(entries, [asyncOutcome("i", "retired", 9)]))).toEqual(["uA", "askA", "q:async:i", "fail:a", "uB", "replyB"]);
  });
});

/** What the transcript shows, one line a row: `role: text` for messages, `q:<id>` for summaries. */
function shown(messages: readonly ChatMessage[], outcomes: readonly Outcome[] = [], opts: { active?: string[]; local?: ChatEntry[] } = {}): string[] {
  const saved = savedEntries(messages, { activeRunIds: new Set(opts.active ?? []), now: 5_000 });
  return transcriptItems(mergeEntries(saved, opts.local ?? []), outcomes).map((i) =>
    i.kind === "outcome" ? `q:${i.outcome.record.id}` : `${i.entry.role}: ${i.entry.text}${i.entry.ending === "stopped" ? " (stopped)" : ""}`,
  );
}
const ids = (messages: readonly ChatMessage[]) => savedEntries(messages, { now: 5_000 }).map((e) => e.id);

describe("the transcript of Codex runs, live and after a reload", () => {
  const r = rows();
  const alpha = [r.prompt("turn-a", "k-a", "please alpha"), r.commentary("turn-a", "k-a", "thinking"), r.asked("turn-a", "ask-a", "Where to deploy?"), r.final("turn-a", "k-a", "done")];
  const later = [r.user("k-b", "and now?"), r.reply("k-b", "Noted.")];
  const history = read([...alpha, ...later]);
  const ALPHA = ["user: please alpha", "assistant: thinking", "assistant: Where to deploy?"];

  const cases: Array<{ name: string; messages: ChatMessage[]; outcomes: Outcome[]; expected: string[] }> = [
    {
      name: "after a reload, No longer pending stays right after the message that asked, not at the bottom",
      messages: history,
      outcomes: [asyncOutcome("ask-a", "retired", 99_999, "m3")],
      expected: [...ALPHA, "q:async:ask-a", "assistant: done", "user: and now?", "assistant: Noted."],
    },
    {
      name: "after a reload, Answer sent stays there too, even with the answer saved below",
      messages: read([...alpha, r.user("k-ans", "Where to deploy?: Production"), r.reply("k-ans", "Deploying.")]),
      outcomes: [asyncOutcome("ask-a", "answered", 99_999, "m3")],
      expected: [...ALPHA, "q:async:ask-a", "assistant: done", "user: Where to deploy?: Production", "assistant: Deploying."],
    },
    {
      name: "live, mid-run: the summary follows the asking row before its turn names a run",
      messages: read(alpha.slice(0, 3)),
      outcomes: [asyncOutcome("ask-a", "answered", 1_040, "m3")],
      expected: [...ALPHA, "q:async:ask-a"],
    },
  ];
  it.each(cases)("$name", ({ messages, outcomes, expected }) => {
    expect(shown(messages, outcomes)).toEqual(expected);
  });

  it("lends the turn's run to its async row, and names the terminal row the run's reply", () => {
    const entries = savedEntries(history, { now: 5_000 });
    expect(entries.map((e) => ({ id: e.id, runId: e.runId, asyncItemId: e.asyncItemId }))).toEqual([
      { id: "user:k-a", runId: "k-a", asyncItemId: undefined },
      { id: "msg:m2", runId: "k-a", asyncItemId: undefined },
      { id: "msg:m3", runId: "k-a", asyncItemId: "ask-a" },
      { id: "run:k-a", runId: "k-a", asyncItemId: undefined },
      { id: "user:k-b", runId: "k-b", asyncItemId: undefined },
      { id: "run:k-b", runId: "k-b", asyncItemId: undefined },
    ]);
  });
});

describe("a failed run ends at its own turn", () => {
  const r = rows();
  // Run a asks, then run b (sent later) replies before a fails.
  const before = [r.prompt("turn-a", "k-a", "first"), r.asked("turn-a", "ask-a", "Which branch?"), r.user("k-b", "second"), r.reply("k-b", "B done.")];
  const saved = read([...before, r.failed("k-a", "the model broke")]);
  const liveError = live({ runId: "k-a", state: "error", errorMessage: "the model broke" });
  const repeated = live({ runId: "k-a", state: "error", seq: 1, errorMessage: "⚠️ Agent failed before reply: the model broke" });
  const summary = [asyncOutcome("ask-a", "retired", 99_999, "m2")];

  const cases: Array<{ name: string; messages: ChatMessage[]; expected: string[] }> = [
    {
      name: "live: the chat error stands in its turn, above the later reply",
      messages: [...read(before), liveError],
      expected: ["user: first", "assistant: Which branch?", "q:async:ask-a", "error: the model broke", "user: second", "assistant: B done."],
    },
    {
      name: "after a reload: the saved record takes that place",
      messages: saved,
      expected: ["user: first", "assistant: Which branch?", "q:async:ask-a", "error: This turn ended before a reply: the model broke", "user: second", "assistant: B done."],
    },
    {
      name: "the gateway's repeated error, heard after the reload, adds nothing",
      messages: [...saved, repeated],
      expected: ["user: first", "assistant: Which branch?", "q:async:ask-a", "error: This turn ended before a reply: the model broke", "user: second", "assistant: B done."],
    },
  ];
  it.each(cases)("$name", ({ messages, expected }) => {
    expect(shown(messages, summary)).toEqual(expected);
  });

  it("follows the async row even when no saved row names its turn's run (a prompt saved without its mirror marks)", () => {
    const q = rows();
    const plain = read([q.user("k-a", "first"), q.asked("turn-x", "ask-a", "Which branch?"), q.user("k-b", "second"), q.reply("k-b", "B done."), q.failed("k-a", "boom")]);
    expect(shown(plain, summary)).toEqual(["user: first", "assistant: Which branch?", "q:async:ask-a", "error: This turn ended before a reply: boom", "user: second", "assistant: B done."]);
  });

  it("keeps one row id from the live error to the saved record, so the row is replaced, not moved", () => {
    expect(ids([...read(before), liveError])).toContain("fail:k-a");
    expect(ids(saved)).toContain("fail:k-a");
    expect(ids(saved).filter((id) => id === "fail:k-a")).toHaveLength(1);
  });

  it("a stream gives way to the run's failure", () => {
    const stream: ChatEntry = { id: "run:k-a", role: "assistant", text: "Half", at: 4_000, runId: "k-a", streaming: true };
    expect(shown(saved, [], { local: [stream] })).not.toContain("assistant: Half");
  });
});

describe("a reply saved before its run's end is shown once", () => {
  const row = (text: string): ChatEntry => ({ id: "msg:m-9", role: "assistant", text, at: 5_000, runId: "k-b" });
  const stream = (text: string): ChatEntry => ({ id: "run:k-b", role: "assistant", text, at: 4_000, runId: "k-b", streaming: true });

  it("drops the stream once a saved row of its run holds its text", () => {
    expect(mergeEntries([row("Deployed.")], [stream("Deployed.")]).map((e) => e.id)).toEqual(["msg:m-9"]);
    expect(mergeEntries([row("Deployed. All green.")], [stream("Deployed.")]).map((e) => e.id)).toEqual(["msg:m-9"]);
  });

  it("keeps a stream that says more than the saved rows of its run, or one of another run", () => {
    expect(mergeEntries([row("Working on it")], [stream("Deployed.")]).map((e) => e.id)).toEqual(["msg:m-9", "run:k-b"]);
    expect(mergeEntries([{ ...row("Deployed."), runId: "k-c" }], [stream("Deployed.")]).map((e) => e.id)).toEqual(["msg:m-9", "run:k-b"]);
  });
});

describe("an aborted run shows its partial text once, stopped, at its turn", () => {
  const r = rows();
  const turnA = [r.prompt("turn-a", "k-a", "look again")];
  const other = [r.user("k-b", "meanwhile"), r.reply("k-b", "Sure.")];
  const abortRows = [r.injectedAbort("k-a", "Half an answer"), r.final("turn-a", "k-a", "Half an answer", "aborted")];
  const liveAbort = live({ runId: "k-a", state: "aborted", stopReason: "rpc", message: { role: "assistant", content: [{ type: "text", text: "Half an answer" }], timestamp: 1 } });
  const expected = ["user: look again", "assistant: Half an answer (stopped)", "user: meanwhile", "assistant: Sure."];

  const cases: Array<{ name: string; raw?: RawRow[]; messages?: ChatMessage[] }> = [
    { name: "after a reload: the gateway's and the mirror's rows are one", raw: [...turnA, ...other, ...abortRows] },
    { name: "after a reload, the mirror's row first", raw: [...turnA, ...other, abortRows[1]!, abortRows[0]!] },
    { name: "live: the aborted event's partial", messages: [...read([...turnA, ...other]), liveAbort] },
  ];
  it.each(cases)("$name", ({ raw, messages }) => {
    expect(shown(messages ?? read(raw!))).toEqual(expected);
  });

  it("names the live and saved partial alike", () => {
    expect(ids([...read(turnA), liveAbort])).toEqual(["user:k-a", "run:k-a"]);
    expect(ids(read([...turnA, ...abortRows]))).toEqual(["user:k-a", "run:k-a"]);
  });
});

describe("savedEntries", () => {
  const assistant = (id: string, runId: string, content: unknown[], timestamp = 1) => ({ role: "assistant", content, timestamp, __openclaw: { runId, id } });
  const text = (t: string) => ({ type: "text", text: t });
  const askCall = (id: string) => ({ type: "toolCall", id, name: "tool_call", arguments: { id: "ask_user", args: { questions: [{ id: "q", header: "Q", question: "Which?", options: [] }] } } });
  const pick = (entries: ChatEntry[]) => entries.map((e) => ({ id: e.id, text: e.text, askCalls: e.askCalls }));

  const cases: Array<{ name: string; raw: RawRow[]; active?: string[]; expected: Array<{ id: string; text: string; askCalls: string[] | undefined }> }> = [
    {
      name: "a run that saved several replies gives one row each; the latest is the run's, as its live events name it",
      raw: [assistant("m1", "r1", [text("Let me ask."), askCall("call_1")]), assistant("m2", "r1", [text("Thanks.")])],
      expected: [
        { id: "msg:m1", text: "Let me ask.", askCalls: ["call_1"] },
        { id: "run:r1", text: "Thanks.", askCalls: undefined },
      ],
    },
    {
      name: "a message that only called ask_user stays for its summary's place; a running run leaves its id to the live stream",
      raw: [assistant("m1", "r2", [askCall("call_9")]), assistant("m2", "r2", [text("Partial")])],
      active: ["r2"],
      expected: [
        { id: "msg:m1", text: "", askCalls: ["call_9"] },
        { id: "msg:m2", text: "Partial", askCalls: undefined },
      ],
    },
  ];
  it.each(cases)("$name", ({ raw, active, expected }) => {
    expect(pick(savedEntries(read(raw), { activeRunIds: new Set(active ?? []) }))).toEqual(expected);
  });

  it("reads the real gateway's history of an answered question: the call's message, then the reply", () => {
    const real = JSON.parse(readFileSync(new URL("./protocol/fixtures/ask-user-history-more.json", import.meta.url), "utf8")) as { single: RawRow[] };
    expect(savedEntries(read(real.single)).map((e) => ({ role: e.role, text: e.text, askCalls: e.askCalls }))).toEqual([
      { role: "user", text: expect.stringMatching(/^ask one-/), askCalls: undefined },
      { role: "assistant", text: "", askCalls: [expect.stringMatching(/^call_mock_/)] },
      { role: "assistant", text: "Thanks, going ahead.", askCalls: undefined },
    ]);
  });

  it("a row without a timestamp keeps the time it was first shown", () => {
    const standIn = live({ runId: "r9", state: "error", errorMessage: "boom" });
    expect(savedEntries([standIn], { seenAt: new Map([["fail:r9", 42]]), now: 99 })[0]!.at).toBe(42);
    expect(savedEntries([standIn], { now: 99 })[0]!.at).toBe(99);
  });
});
