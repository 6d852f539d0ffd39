// The placement rules of `placeQuestionSummaries`, one row each: the messages, the outcomes, and the order a person
// reads. A message is written `id@at`, with its run and what it asked; a summary reads `q:<id>`.
import { describe, expect, it } from "vitest";
import { placeQuestionSummaries, type Outcome, type TranscriptMessage } from "../../src";

interface MessageSpec {
  role?: string;
  run?: string;
  calls?: string[];
  item?: string;
  tid?: string;
  onlyAsked?: true;
}
/** A message `id` written at `at`: the agent's when it names a run, else the person's, unless `role` says. */
const m = (id: string, at: number, spec: MessageSpec = {}): TranscriptMessage => ({
  id,
  at,
  role: spec.role ?? (spec.run ? "assistant" : "user"),
  ...(spec.run ? { runId: spec.run } : {}),
  ...(spec.calls ? { toolCallIds: spec.calls } : {}),
  ...(spec.item ? { asyncItemId: spec.item } : {}),
  ...(spec.tid ? { messageId: spec.tid } : {}),
  ...(spec.onlyAsked ? { onlyAsked: true } : {}),
});

interface OutcomeSpec {
  /** When the question was asked (`record.createdAtMs`); defaults to `settled`. */
  asked?: number;
  run?: string;
  call?: string;
  /** An async question's item; with `itemRun`, the run its link names. */
  item?: string;
  itemRun?: string;
  anchor?: string;
  fromHistory?: true;
}
/** A summary of question `id` that left the dock at `settled`. */
const q = (id: string, settled: number, spec: OutcomeSpec = {}): Outcome => ({
  kind: spec.fromHistory ? "no-answer" : "answered",
  at: settled,
  record: { id, questions: [], createdAtMs: spec.asked ?? settled, expiresAtMs: 0, status: "answered" },
  ...(spec.run ? { runId: spec.run } : {}),
  ...(spec.call ? { toolCallId: spec.call } : {}),
  ...(spec.item ? { async: { itemId: spec.item, ...(spec.itemRun ? { runId: spec.itemRun } : {}) } } : {}),
  ...(spec.anchor ? { anchor: spec.anchor } : {}),
  ...(spec.fromHistory ? { fromHistory: true as const } : {}),
});

const order = (messages: TranscriptMessage[], outcomes: Outcome[]) =>
  placeQuestionSummaries(messages, outcomes).map((i) => (i.kind === "message" ? i.message.id : `q:${i.outcome.record.id}`));

// A turn shared by many rows: the person asks, the agent writes, asks with tool call c1, and replies to the answer.
const TURN = [m("u1", 1, { run: "r1", role: "user" }), m("intro", 2, { run: "r1", calls: ["c1"], tid: "t2" }), m("reply", 20, { run: "r1" }), m("u2", 30), m("a2", 31, { run: "r2" })];

const RULES: Array<{ rule: string; messages: TranscriptMessage[]; outcomes: Outcome[]; expected: string[] }> = [
  // At the asking message.
  { rule: "after the message whose tool call asked, not where it settled", messages: TURN, outcomes: [q("q1", 99, { run: "r1", call: "c1" })], expected: ["u1", "intro", "q:q1", "reply", "u2", "a2"] },
  { rule: "the tool call wins over a run that says otherwise", messages: TURN, outcomes: [q("q1", 99, { run: "r2", call: "c1" })], expected: ["u1", "intro", "q:q1", "reply", "u2", "a2"] },
  { rule: "after the transcript id its anchor names", messages: TURN, outcomes: [q("q1", 99, { anchor: "t2" })], expected: ["u1", "intro", "q:q1", "reply", "u2", "a2"] },
  {
    rule: "an async question after the first row carrying its item, not a later one quoting it",
    messages: [m("u1", 1), m("ask", 2, { role: "assistant", item: "i1" }), m("u2", 3), m("again", 4, { role: "assistant", item: "i1" })],
    outcomes: [q("async:i1", 99, { item: "i1" })],
    expected: ["u1", "ask", "q:async:i1", "u2", "again"],
  },
  {
    rule: "a message that only asked is no row: its summary stands in its place",
    messages: [m("u1", 1), m("ask", 2, { run: "r1", calls: ["c1"], onlyAsked: true }), m("reply", 9, { run: "r1" })],
    outcomes: [q("q1", 5, { run: "r1", call: "c1" })],
    expected: ["u1", "q:q1", "reply"],
  },
  {
    rule: "a message that only asked and whose summary is gone leaves no row",
    messages: [m("u1", 1), m("ask", 2, { run: "r1", calls: ["c1"], onlyAsked: true }), m("reply", 9, { run: "r1" })],
    outcomes: [],
    expected: ["u1", "reply"],
  },
  // Within its run, while only the run is known.
  {
    rule: "only the run known: before the run's reply written after it was asked",
    messages: [m("u1", 1, { run: "r1", role: "user" }), m("before", 3, { run: "r1" }), m("reply", 20, { run: "r1" }), m("u2", 30)],
    outcomes: [q("q1", 25, { run: "r1", asked: 10 })],
    expected: ["u1", "before", "q:q1", "reply", "u2"],
  },
  {
    rule: "only the run known, nothing written since: after the run's last message (live, mid-run)",
    messages: [m("u1", 1, { run: "r1", role: "user" }), m("before", 3, { run: "r1" }), m("u2", 30), m("a2", 31, { run: "r2" })],
    outcomes: [q("q1", 40, { run: "r1", asked: 10 })],
    expected: ["u1", "before", "q:q1", "u2", "a2"],
  },
  {
    rule: "the person's message that started the run is never its reply, whatever its local time",
    messages: [m("u1", 50, { run: "r1", role: "user" }), m("reply", 60, { run: "r1" })],
    outcomes: [q("q1", 55, { run: "r1", asked: 10 })],
    expected: ["u1", "q:q1", "reply"],
  },
  {
    rule: "an async question's run from its link when the outcome names none",
    messages: [m("u1", 1, { run: "r1", role: "user" }), m("reply", 20, { run: "r1" }), m("u2", 30)],
    outcomes: [q("async:i1", 99, { item: "i1", itemRun: "r1", asked: 10 })],
    expected: ["u1", "q:async:i1", "reply", "u2"],
  },
  // By time, when its turn is not among the messages.
  {
    rule: "a run not shown: among the messages by when it settled",
    messages: TURN,
    outcomes: [q("q1", 25, { run: "gone", asked: 1 })],
    expected: ["u1", "intro", "reply", "q:q1", "u2", "a2"],
  },
  { rule: "nothing known, settled first: before every message", messages: TURN, outcomes: [q("q1", 0)], expected: ["q:q1", "u1", "intro", "reply", "u2", "a2"] },
  { rule: "nothing known, settled last: after every message", messages: TURN, outcomes: [q("q1", 99)], expected: ["u1", "intro", "reply", "u2", "a2", "q:q1"] },
  { rule: "settled at a message's own time: after it", messages: TURN, outcomes: [q("q1", 20)], expected: ["u1", "intro", "reply", "q:q1", "u2", "a2"] },
  { rule: "no messages yet: the summaries by when they settled", messages: [], outcomes: [q("late", 9), q("early", 3)], expected: ["q:early", "q:late"] },
  // Several at one place.
  {
    rule: "several at one message: in the order asked, not the order settled",
    messages: TURN,
    outcomes: [q("second", 40, { run: "r1", asked: 8 }), q("first", 50, { run: "r1", asked: 5 })],
    expected: ["u1", "intro", "q:first", "q:second", "reply", "u2", "a2"],
  },
  {
    rule: "hostile run, tool call and item ids are plain ids",
    messages: [m("u1", 1), m("a1", 2, { run: "__proto__", calls: ["constructor"], item: "toString" }), m("a2", 30, { run: "constructor" })],
    outcomes: [q("q", 9, { run: "constructor", asked: 9 }), q("p", 9, { run: "__proto__", call: "constructor", asked: 2 }), q("r", 9, { item: "hasOwnProperty" })],
    expected: ["u1", "a1", "q:p", "q:r", "q:q", "a2"],
  },
];

describe("placeQuestionSummaries", () => {
  it.each(RULES)("$rule", ({ messages, outcomes, expected }) => {
    expect(order(messages, outcomes)).toEqual(expected);
  });

  // Live, the dock knows the run and the tool call; after a reload, the transcript gives back the call and the
  // message id. Blocking or async, both land at the same row.
  const RELOAD = [m("u1", 1, { run: "r1", role: "user" }), m("ask", 2, { run: "r1", calls: ["c1"], tid: "t2" }), m("askAsync", 3, { run: "r1", item: "i1", tid: "t3" }), m("reply", 20, { run: "r1" })];
  const SAME_PLACE: Array<{ case: string; live: Outcome; reloaded: Outcome }> = [
    { case: "blocking", live: q("q1", 10, { run: "r1", asked: 2 }), reloaded: q("q1", 5_000, { call: "c1", fromHistory: true }) },
    { case: "blocking, call known live", live: q("q1", 10, { run: "r1", call: "c1", asked: 2 }), reloaded: q("q1", 5_000, { anchor: "t2", fromHistory: true }) },
    { case: "async", live: q("async:i1", 10, { item: "i1", run: "r1", asked: 3 }), reloaded: q("async:i1", 5_000, { item: "i1", anchor: "t3", fromHistory: true }) },
  ];
  it.each(SAME_PLACE)("puts a $case summary at the same row live and after a reload", ({ live, reloaded }) => {
    const liveOrder = order(RELOAD, [live]);
    expect(order(RELOAD, [reloaded])).toEqual(liveOrder);
    expect(liveOrder.indexOf(`q:${live.record.id}`)).toBeLessThan(liveOrder.indexOf("reply"));
  });

  it("gives every row a key unique in the list and keeps the host's message object", () => {
    const messages = [{ ...m("x", 1), text: "hello" }, m("y", 2)];
    const items = placeQuestionSummaries(messages, [q("x", 3)]);
    expect(new Set(items.map((i) => i.key)).size).toBe(items.length);
    const first = items[0]!;
    expect(first.kind === "message" && first.message).toBe(messages[0]);
  });
});
