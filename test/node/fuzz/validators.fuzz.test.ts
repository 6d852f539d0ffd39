import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { askUserBlocksOf, askUserEntries } from "../../../src/protocol/ask-user-history";
import { checkAnswers, formatAnswerText, parseAnswerText, parseAsyncDelivery, parseChatEvent, parseChatMessage, parseQuestionRecord, parseResolvedEvent, safeHttpUrl, type Validated } from "../../../src/protocol";
import { looksLikeCredential } from "../../../src/protocol/credential-shape";
import { parseFrame } from "../../../src/protocol/frames";
import { parseGetResult, parseHelloOk, parseRecordList } from "../../../src/protocol/payloads";
import { sendableText } from "../../../src/protocol/sendable-text";
import { anyValue, corruptedRecord, validAsyncDelivery, validHelloOk, validRecord, validResolvedEvent } from "./arbitraries";

// 21 properties × 465 runs = 9,765 cases, plus 250 event sequences (about 1,600 events) of the store: over 10,000 in all.
const RUNS = 465;
const garbage = fc.oneof(anyValue, corruptedRecord);

// Whatever it was given, a validator answers: a value, or readable, bounded issues. It never throws.
function answersReadably(result: Validated<unknown>): void {
  expect(typeof result.ok).toBe("boolean");
  if (result.ok) return;
  expect(result.errors.length).toBeGreaterThan(0);
  expect(result.errors.length).toBeLessThanOrEqual(51);
  for (const issue of result.errors) {
    expect(typeof issue.path).toBe("string");
    expect(typeof issue.message).toBe("string");
    expect(issue.message.trim()).not.toBe("");
    expect(issue.path.length).toBeLessThanOrEqual(300);
    expect(issue.message.length).toBeLessThanOrEqual(600);
  }
}

// A list answers ok with its bad records set aside; their issues must be just as readable.
function recordListIssues(parsed: ReturnType<typeof parseRecordList>): Validated<unknown> {
  if (!parsed.ok || parsed.value.rejected.length === 0) return parsed;
  return { ok: false, errors: parsed.value.rejected.flatMap((r) => r.errors) };
}

describe("Every validator, fed anything", () => {
  it.each([
    ["parseQuestionRecord", parseQuestionRecord],
    ["parseAsyncDelivery", parseAsyncDelivery],
    ["parseChatMessage", parseChatMessage],
    ["parseChatEvent", parseChatEvent],
    ["parseResolvedEvent", parseResolvedEvent],
    ["parseHelloOk", parseHelloOk],
    ["parseGetResult", (v: unknown) => parseGetResult({ question: v })],
    ["parseRecordList", (v: unknown) => recordListIssues(parseRecordList(Array.isArray(v) ? v : { questions: [v] }))],
  ] as const)("%s never throws and explains every refusal", (_name, parse) => {
    fc.assert(fc.property(garbage, (value) => answersReadably(parse(value) as Validated<unknown>)), { numRuns: RUNS });
  });

  it("parseFrame takes any text, JSON or not", () => {
    fc.assert(
      fc.property(fc.oneof(fc.string({ unit: "binary" }), fc.json(), garbage.map((v) => JSON.stringify(v) ?? "")), (text) => answersReadably(parseFrame(text))),
      { numRuns: RUNS },
    );
  });

  it("the ask_user history reader never throws on any transcript that parseChatMessage lets through", () => {
    const content = fc.oneof(garbage, fc.array(fc.record({ type: fc.constantFrom("toolCall", "toolResult", "text"), name: fc.constantFrom("ask_user", "tool_call"), id: fc.string(), arguments: garbage, content: garbage }, { requiredKeys: [] }), { maxLength: 3 }));
    const message = fc.record({ role: fc.constantFrom("assistant", "toolResult", "user"), content, toolCallId: fc.string(), toolName: fc.constantFrom("ask_user", "tool_call"), runId: fc.string() }, { requiredKeys: [] });
    fc.assert(
      fc.property(fc.array(fc.oneof(message, anyValue), { maxLength: 6 }), (raw) => {
        for (const m of raw) expect(() => askUserBlocksOf((m as { content?: unknown } | null)?.content)).not.toThrow();
        const messages = raw.map((m) => parseChatMessage(m)).flatMap((p) => (p.ok ? [p.value] : []));
        expect(Array.isArray(askUserEntries(messages))).toBe(true);
      }),
      { numRuns: RUNS },
    );
  });

  it("checkAnswers judges any answer envelope the wire reader lets through, without throwing", () => {
    const envelope = fc.oneof(garbage, validResolvedEvent.map((e) => (e.status === "answered" ? e.answers : {})));
    fc.assert(
      fc.property(validRecord, envelope, (raw, answers) => {
        const record = parseQuestionRecord(raw);
        const event = parseResolvedEvent({ id: "x", status: "answered", answers });
        if (!record.ok || !event.ok || event.value.status !== "answered") return;
        const issues = checkAnswers(record.value, event.value.answers);
        expect(Array.isArray(issues)).toBe(true);
        for (const i of issues) expect(typeof i.message).toBe("string");
      }),
      { numRuns: RUNS },
    );
  });

  it("links, credential shapes and sendable text take any string", () => {
    fc.assert(
      // Text of low code units too: C0 controls, DEL and the C1 controls around it are rare among all code points.
      fc.property(fc.oneof(fc.string({ unit: "binary", maxLength: 200 }), fc.string({ unit: fc.integer({ min: 0, max: 0x9f }).map((c) => String.fromCharCode(c)), maxLength: 200 }), fc.webUrl({ withQueryParameters: true, withFragments: true }), anyValue), (value) => {
        const url = safeHttpUrl(value);
        if (url !== undefined) expect(url).toMatch(/^https?:\/\//);
        const text = typeof value === "string" ? value : JSON.stringify(value) ?? "";
        expect(typeof looksLikeCredential(text)).toBe("boolean");
        const sendable = sendableText(text);
        // Exactly the C0 controls other than tab, line feed and carriage return, and DEL, go: one code unit each,
        // counted, with everything else kept in order.
        let kept = "";
        let dropped = 0;
        for (let i = 0; i < text.length; i++) {
          const code = text.charCodeAt(i);
          if (code <= 0x08 || code === 0x0b || code === 0x0c || (code >= 0x0e && code <= 0x1f) || code === 0x7f) dropped += 1;
          else kept += text[i];
        }
        expect(sendable).toEqual({ text: kept, removed: dropped });
        expect(sendable.text.length + sendable.removed).toBe(text.length);
        // Cleaning is idempotent: what is sendable stays as it is.
        expect(sendableText(sendable.text)).toEqual({ text: sendable.text, removed: 0 });
      }),
      { numRuns: RUNS },
    );
  });

  it("parseAnswerText never throws", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary" }), fc.array(fc.string(), { maxLength: 4 }), (text, titles) => {
        expect(() => parseAnswerText(text, titles)).not.toThrow();
      }),
      { numRuns: RUNS },
    );
  });
});

describe("Valid by construction", () => {
  it("parseQuestionRecord accepts every well-formed record, ids such as constructor included, and keeps its fields", () => {
    fc.assert(
      fc.property(validRecord, (record) => {
        const parsed = parseQuestionRecord(record);
        expect(parsed.ok).toBe(true);
        if (!parsed.ok) return;
        expect(parsed.value.id).toBe(record.id);
        expect(parsed.value.questions.map((q) => q.options.map((o) => o.label))).toEqual(record.questions.map((q) => q.options.map((o) => o.label)));
      }),
      { numRuns: RUNS },
    );
  });

  it("parseFrame accepts an event frame carrying any valid record, payload untouched", () => {
    fc.assert(
      fc.property(validRecord, fc.nat(), (record, seq) => {
        const parsed = parseFrame(JSON.stringify({ type: "event", event: "question.requested", payload: record, seq }));
        expect(parsed.ok).toBe(true);
        if (parsed.ok && parsed.value.type === "event") expect(parsed.value.payload).toEqual(record);
      }),
      { numRuns: RUNS },
    );
  });

  it("parseAsyncDelivery accepts every well-formed delivery, options as strings or {label}", () => {
    fc.assert(
      fc.property(validAsyncDelivery, (delivery) => {
        const parsed = parseAsyncDelivery(delivery);
        expect(parsed.ok, JSON.stringify(parsed)).toBe(true);
        if (parsed.ok) expect(parsed.value.questions.map((q) => q.title)).toEqual(delivery.questions.map((q) => q.title));
      }),
      { numRuns: RUNS },
    );
  });

  it("parseResolvedEvent accepts every well-formed resolution, whatever the id", () => {
    fc.assert(
      fc.property(validResolvedEvent, (event) => {
        const parsed = parseResolvedEvent(event);
        expect(parsed.ok, JSON.stringify(parsed)).toBe(true);
        if (parsed.ok) expect(parsed.value.id).toBe(event.id);
      }),
      { numRuns: RUNS },
    );
  });

  it("parseHelloOk accepts every well-formed hello-ok", () => {
    fc.assert(
      fc.property(validHelloOk, (hello) => {
        const parsed = parseHelloOk(hello);
        expect(parsed.ok, JSON.stringify(parsed)).toBe(true);
        if (parsed.ok) expect(parsed.value.server.bootId).toBe(hello.server.bootId);
      }),
      { numRuns: RUNS },
    );
  });

  it("formatAnswerText output is always a string that parseAnswerText takes", () => {
    fc.assert(
      fc.property(fc.array(fc.record({ title: fc.string({ minLength: 1 }), values: fc.array(fc.string()) }), { minLength: 1, maxLength: 4 }), (items) => {
        const text = formatAnswerText(items);
        expect(typeof text).toBe("string");
        expect(() => parseAnswerText(text, items.map((i) => i.title))).not.toThrow();
      }),
      { numRuns: RUNS },
    );
  });
});
