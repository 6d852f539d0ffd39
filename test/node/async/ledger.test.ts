import { describe, expect, it } from "vitest";
import { formatAnswerText, type ChatMessage } from "../../../src/protocol";
import { deriveAsyncQuestions, emptyAsyncLocal, reopenAnchor, type AsyncLocalState, type AsyncQuestionEntry } from "../../../src/store/conversation";
import { abortedPartial, commentary, delivery, failed, recoveryPrompt, reply, toolCall, transcript, user } from "./transcript";

const asked = [user("A", "Set up the repo"), delivery("A", "q"), reply("A", "Repo ready; question above.")];
const answerText = formatAnswerText([{ title: "Which branch?", values: ["main"] }]);

function local(overrides: Partial<AsyncLocalState> = {}): AsyncLocalState {
  return { ...emptyAsyncLocal(), ...overrides };
}

function question(messages: ChatMessage[], l: AsyncLocalState = local(), onTheirWay: ReadonlySet<string> = new Set()): AsyncQuestionEntry {
  const entry = deriveAsyncQuestions(messages, l, onTheirWay).find((q) => q.delivery.itemId === "q");
  if (!entry) throw new Error("question q was not derived");
  return entry;
}

/** A history and a reopen of q made when only its first `seen` messages were there. */
function reopenedAfter(seen: number, messages: ChatMessage[]) {
  return { messages, local: local({ reopenedAt: new Map([["q", reopenAnchor(messages.slice(0, seen))]]) }) };
}

describe("deriveAsyncQuestions: retirement", () => {
  const cases: Array<{ rule: string; messages: ChatMessage[]; local?: AsyncLocalState; onTheirWay?: ReadonlySet<string>; status: AsyncQuestionEntry["status"] }> = [
    { rule: "a later run that completes successfully retires it", messages: transcript(...asked, user("B", "Next task"), reply("B")), status: "retired" },
    { rule: "its own run completing does not retire it", messages: transcript(...asked), status: "pending" },
    {
      rule: "its own run completing after more work does not retire it",
      messages: transcript(user("A", "Set up"), delivery("A", "q"), toolCall("A"), reply("A", "All set.")),
      status: "pending",
    },
    {
      rule: "an overlapping run (started before the delivery, ending after) does not retire it",
      messages: transcript(user("B", "Long job"), toolCall("B"), delivery("codex-bg", "q"), reply("B", "Long job done.")),
      status: "pending",
    },
    { rule: "a later run that ends in commentary does not retire it", messages: transcript(...asked, user("B", "Next"), commentary("B")), status: "pending" },
    { rule: "a later run interrupted mid-stream (abort) does not retire it", messages: transcript(...asked, user("B", "Next"), abortedPartial("B")), status: "pending" },
    { rule: "a later run aborted before any text does not retire it", messages: transcript(...asked, user("B", "Next")), status: "pending" },
    { rule: "a later failed run does not retire it", messages: transcript(...asked, user("B", "Next"), failed("B")), status: "pending" },
    {
      rule: "a restart alone does not retire it (interrupted run, recovery still going)",
      messages: transcript(user("A", "Set up"), delivery("A", "q"), recoveryPrompt("R")),
      status: "pending",
    },
    {
      rule: "a failed restart recovery does not retire it",
      messages: transcript(user("A", "Set up"), delivery("A", "q"), recoveryPrompt("R"), failed("R")),
      status: "pending",
    },
    {
      rule: "a successful restart recovery retires a question delivered before it",
      messages: transcript(user("A", "Set up"), delivery("A", "q"), recoveryPrompt("R"), reply("R", "Resumed and finished.")),
      status: "retired",
    },
    {
      rule: "a restart recovery does not retire a question it delivered itself",
      messages: transcript(user("A", "Set up"), recoveryPrompt("R"), delivery("R", "q"), reply("R", "Resumed and finished.")),
      status: "pending",
    },
    {
      rule: "a question with an answer on its way (in flight or failed to send) is never retired",
      messages: transcript(...asked, user("B", "Next"), reply("B")),
      onTheirWay: new Set(["q"]),
      status: "pending",
    },
    {
      rule: "a skipped question leaves the dock without being answered",
      messages: transcript(...asked),
      local: local({ skipped: new Set(["q"]) }),
      status: "skipped",
    },
    {
      rule: "a reopened question stays pending after the run that retired it",
      ...reopenedAfter(5, transcript(...asked, user("B", "Next"), reply("B"))),
      status: "pending",
    },
    {
      rule: "a reopened question stays pending through a run that started before the reopen",
      ...reopenedAfter(4, transcript(...asked, user("B", "Next"), reply("B"))),
      status: "pending",
    },
    {
      rule: "a reopened question retires again when a run started after the reopen completes",
      ...reopenedAfter(5, transcript(...asked, user("B", "Next"), reply("B"), user("C", "More"), reply("C"))),
      status: "retired",
    },
    {
      rule: "a reopened question is not retired by a failed run after the reopen",
      ...reopenedAfter(5, transcript(...asked, user("B", "Next"), reply("B"), user("C", "More"), failed("C"))),
      status: "pending",
    },
  ];

  it.each(cases)("$rule", ({ messages, local: l, onTheirWay, status }) => {
    expect(question(messages, l, onTheirWay).status).toBe(status);
  });

  it("retires only the older reminder when a later run completes", () => {
    const messages = transcript(...asked, user("B", "Next"), delivery("B", "newer"), reply("B"));
    const statuses = Object.fromEntries(deriveAsyncQuestions(messages, local()).map((q) => [q.delivery.itemId, q.status]));
    expect(statuses).toEqual({ q: "retired", newer: "pending" });
  });

  it("moving a reminder into history never answers it; a reply still can afterwards", () => {
    const retired = question(transcript(...asked, user("B", "Next"), reply("B")));
    expect(retired).toMatchObject({ status: "retired", sourceMessageId: "msg-q", runId: "A" });
    expect(retired.replyText).toBeUndefined();
    expect(retired.replyKey).toBeUndefined();
    const answered = question(transcript(...asked, user("B", "Next"), reply("B"), user("ans-1", answerText, "msg-q")));
    expect(answered).toMatchObject({ status: "answered", replyText: answerText, replyKey: "ans-1" });
  });
});

describe("deriveAsyncQuestions: replies", () => {
  it("a reply whose replyToId is the question's message answers it, whatever its text", () => {
    const edited = "Use main, but rebase first.";
    expect(question(transcript(...asked, user("ans-1", edited, "msg-q")))).toMatchObject({ status: "answered", replyText: edited, replyKey: "ans-1" });
  });

  it("a reply to another message does not answer it", () => {
    expect(question(transcript(...asked, user("ans-1", answerText, "reply-A"))).status).toBe("pending");
  });

  it("without a replyToId, a reply whose text reads as answers to its titles answers it", () => {
    expect(question(transcript(...asked, user("ans-2", answerText)))).toMatchObject({ status: "answered", replyText: answerText, replyKey: "ans-2" });
  });

  it("without a replyToId, other text does not answer it", () => {
    expect(question(transcript(...asked, user("chat", "main please"))).status).toBe("pending");
  });

  it("a reply that could answer two open questions answers neither", () => {
    const messages = transcript(user("A", "x"), delivery("A", "q"), delivery("A", "twin"), reply("A"), user("ans", answerText));
    expect(deriveAsyncQuestions(messages, local()).map((q) => q.status)).toEqual(["pending", "pending"]);
  });

  it("a reply sent before the question arrived does not answer it", () => {
    expect(question(transcript(user("early", answerText), user("A", "x"), delivery("A", "q"), reply("A"))).status).toBe("pending");
  });

  it("a system message that quotes the titles is not a reply", () => {
    const system = { ...recoveryPrompt("R"), content: answerText };
    expect(question(transcript(...asked, system)).status).toBe("pending");
  });

  it("an answer wins over skip and an answer on its way", () => {
    const messages = transcript(...asked, user("ans", answerText, "msg-q"));
    expect(question(messages, local({ skipped: new Set(["q"]) }), new Set(["q"])).status).toBe("answered");
  });
});

describe("deriveAsyncQuestions: deliveries", () => {
  it("reads each question's delivery, source message, run and arrival time", () => {
    const [entry] = deriveAsyncQuestions(transcript(...asked), local());
    expect(entry).toEqual({
      delivery: { itemId: "q", questions: [{ title: "Which branch?", options: ["main", "dev"] }] },
      sourceMessageId: "msg-q",
      runId: "A",
      index: 1,
      deliveredAt: Date.UTC(2026, 8, 1, 9, 0, 1),
      status: "pending",
    });
  });

  it("skips a malformed delivery and keeps the others", () => {
    const broken = { ...delivery("A", "bad"), openclawAsyncDelivery: { itemId: "bad", questions: [] } };
    const messages = transcript(user("A", "x"), broken, delivery("A", "q"), reply("A"));
    expect(deriveAsyncQuestions(messages, local()).map((q) => q.delivery.itemId)).toEqual(["q"]);
  });

  it("keeps the first delivery of an itemId", () => {
    const messages = transcript(user("A", "x"), delivery("A", "q", ["First?"]), delivery("A", "q", ["Second?"]));
    expect(deriveAsyncQuestions(messages, local()).map((q) => q.delivery.questions[0]!.title)).toEqual(["First?"]);
  });

  it("ignores questions on a user message", () => {
    const spoof = { ...user("A", "x"), openclawAsyncDelivery: { itemId: "q", questions: [{ title: "Hi?" }] } };
    expect(deriveAsyncQuestions(transcript(spoof), local())).toEqual([]);
  });
});
