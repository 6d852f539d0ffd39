import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { historyEntries, type ChatEntry } from "../../playground/chat-feed";
import { transcriptItems } from "../../playground/transcript-items";
import type { Outcome } from "../../src/store";

const msg = (id: string, at: number, runId?: string, extra: Partial<ChatEntry> = {}): ChatEntry => ({ id, role: runId ? "assistant" : "user", text: id, at, ...(runId ? { runId } : {}), ...extra });
/** A summary asked at `asked` and settled at `at`. */
const outcome = (id: string, at: number, runId?: string, asked = at, extra: Partial<Outcome> = {}): Outcome => ({
  kind: "answered",
  at,
  ...(runId ? { runId } : {}),
  record: { id, questions: [], createdAtMs: asked, expiresAtMs: asked, status: "answered" },
  ...extra,
});
const order = (items: ReturnType<typeof transcriptItems>) => items.map((i) => (i.kind === "message" ? i.entry.id : `q:${i.outcome.record.id}`));

describe("transcriptItems", () => {
  it("puts a summary at the turn of the run that asked, not where it settled", () => {
    const entries = [msg("u1", 1), msg("a1", 20, "r1"), msg("u2", 30), msg("a2", 31, "r2")];
    // Asked at 5 in run r1, settled late (at 50): before r1's reply, not at the end.
    expect(order(transcriptItems(entries, [outcome("q1", 50, "r1", 5)]))).toEqual(["u1", "q:q1", "a1", "u2", "a2"]);
  });

  it("a live summary goes after what its run wrote before asking, and before the reply it wrote after", () => {
    const entries = [msg("u1", 1), msg("before", 3, "r1"), msg("reply", 20, "r1"), msg("u2", 30)];
    expect(order(transcriptItems(entries, [outcome("q1", 15, "r1", 10)]))).toEqual(["u1", "before", "q:q1", "reply", "u2"]);
    // A run that shows nothing after asking (stopped, or still going): after its last message.
    expect(order(transcriptItems(entries.slice(0, 2), [outcome("q1", 15, "r1", 10)]))).toEqual(["u1", "before", "q:q1"]);
  });

  it("a summary bound to its tool call stands right after the message that made it, which is no row of its own when it has no text", () => {
    const entries = [msg("u1", 1), msg("intro", 2, "r1", { askCalls: ["call_1"] }), msg("ask-only", 3, "r1", { text: "", askCalls: ["call_2"] }), msg("reply", 9, "r1")];
    const items = transcriptItems(entries, [outcome("q2", 50, "r1", 3, { toolCallId: "call_2" }), outcome("q1", 40, "r1", 2, { toolCallId: "call_1" })]);
    expect(order(items)).toEqual(["u1", "intro", "q:q1", "q:q2", "reply"]);
  });

  it("keeps a run's summaries in the order asked, and places one without a shown run by time", () => {
    const entries = [msg("u1", 1), msg("a1", 20, "r1"), msg("u2", 30)];
    const items = transcriptItems(entries, [outcome("q2", 22, "r1", 8), outcome("q1", 21, "r1", 5), outcome("q3", 25, "gone"), outcome("q4", 99)]);
    expect(order(items)).toEqual(["u1", "q:q1", "q:q2", "a1", "q:q3", "u2", "q:q4"]);
  });

  it("treats hostile run and tool call ids as plain ids", () => {
    const entries = [msg("u1", 1), msg("a1", 2, "__proto__", { askCalls: ["constructor"] }), msg("a2", 30, "constructor")];
    expect(order(transcriptItems(entries, [outcome("q", 9, "constructor", 9), outcome("p", 9, "__proto__", 2, { toolCallId: "constructor" })]))).toEqual(["u1", "a1", "q:p", "q:q", "a2"]);
  });
});

describe("historyEntries", () => {
  const assistant = (id: string, runId: string, content: unknown[], timestamp = 1) => ({ role: "assistant", content, timestamp, __openclaw: { runId, id } });
  const text = (t: string) => ({ type: "text", text: t });
  const askCall = (id: string) => ({ type: "toolCall", id, name: "tool_call", arguments: { id: "ask_user", args: { questions: [{ id: "q", header: "Q", question: "Which?", options: [] }] } } });

  it("a run that saved several replies gives one row each; the latest is the run's, as its live events name it", () => {
    const entries = historyEntries([assistant("m1", "r1", [text("Let me ask."), askCall("call_1")]), assistant("m2", "r1", [text("Thanks.")])]);
    expect(entries.map((e) => ({ id: e.id, text: e.text, askCalls: e.askCalls }))).toEqual([
      { id: "msg:m1", text: "Let me ask.", askCalls: ["call_1"] },
      { id: "run:r1", text: "Thanks.", askCalls: undefined },
    ]);
  });

  it("keeps a message that only called ask_user, without text, for its summary's place; a running run leaves its id to the live stream", () => {
    const entries = historyEntries([assistant("m1", "r2", [askCall("call_9")]), assistant("m2", "r2", [text("Partial")])], new Set(["r2"]));
    expect(entries.map((e) => ({ id: e.id, text: e.text, askCalls: e.askCalls }))).toEqual([
      { id: "msg:m1", text: "", askCalls: ["call_9"] },
      { id: "msg:m2", text: "Partial", askCalls: undefined },
    ]);
  });

  it("reads the real gateway's history of an answered question: the call's message, then the reply", () => {
    const real = JSON.parse(readFileSync(new URL("./protocol/fixtures/ask-user-history-more.json", import.meta.url), "utf8")) as { single: unknown[] };
    expect(historyEntries(real.single).map((e) => ({ role: e.role, text: e.text, askCalls: e.askCalls }))).toEqual([
      { role: "user", text: expect.stringMatching(/^ask one-/), askCalls: undefined },
      { role: "assistant", text: "", askCalls: [expect.stringMatching(/^call_mock_/)] },
      { role: "assistant", text: "Thanks, going ahead.", askCalls: undefined },
    ]);
  });
});
