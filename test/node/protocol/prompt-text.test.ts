import { describe, expect, it } from "vitest";
import { defaultPromptTextMessages, formatPromptAsText, parseTextReply, type GatewayQuestion, type QuestionRecord } from "../../../src/protocol";

const recordOf = (...questions: GatewayQuestion[]): QuestionRecord => ({ id: "r1", createdAtMs: 0, expiresAtMs: 1, status: "pending", questions });

const target: GatewayQuestion = {
  questionId: "target",
  header: "Deploy",
  question: "Where should I deploy?",
  options: [{ label: "Staging (Recommended)", description: "Try it first" }, { label: "Production", description: "Live for everyone" }],
};
const regions: GatewayQuestion = {
  questionId: "regions",
  header: "Regions",
  question: "Which regions?",
  options: [{ label: "eu-west" }, { label: "Asia, Pacific" }, { label: "us-east" }],
  multiSelect: true,
  isOther: true,
};
const note: GatewayQuestion = { questionId: "note", header: "", question: "Anything\nto add?", options: [], isOther: true };

describe("formatPromptAsText", () => {
  it("writes one single-select question with numbered options, how to choose and how to skip", () => {
    expect(formatPromptAsText(recordOf(target))).toBe(
      [
        "Deploy",
        "Where should I deploy?",
        "1. Staging (Recommended) — Try it first",
        "2. Production — Live for everyone",
        "Choose one. Reply with the option's number or its name.",
        "",
        'Reply "skip" to skip.',
      ].join("\n"),
    );
  });

  it("says an own answer is accepted when the question takes one", () => {
    expect(formatPromptAsText(recordOf({ ...target, isOther: true }))).toContain(
      "2. Production — Live for everyone\nChoose one. Reply with the option's number or its name. You can also write your own answer.\n",
    );
  });

  it("writes three questions with a reply layout, multi-select and a question without options", () => {
    expect(formatPromptAsText(recordOf(target, regions, note))).toBe(
      [
        `3 questions. Answer with one line per question, in order, using an option's number or name; or start each line with the question's number, like "1: 2" or "2: eu-west".`,
        "",
        "Question 1 of 3 · Deploy",
        "Where should I deploy?",
        "1. Staging (Recommended) — Try it first",
        "2. Production — Live for everyone",
        "Choose one.",
        "",
        "Question 2 of 3 · Regions",
        "Which regions?",
        "1. eu-west",
        "2. Asia, Pacific",
        "3. us-east",
        "Choose any, separated by commas. You can also write your own answer.",
        "",
        "Question 3 of 3",
        "Anything to add?",
        "Write your answer.",
        "",
        'Reply "skip" to skip all questions.',
      ].join("\n"),
    );
  });

  it("tells that a secret answer goes through the secure field, never chat", () => {
    const secret: GatewayQuestion = { ...note, header: "Key", question: "Your API key?", secretStore: { name: "OPENAI_API_KEY", kind: "env" } };
    expect(formatPromptAsText(recordOf(secret))).toBe(
      "Key\nYour API key?\nThis answer is secret: enter it in the app's secure field, never in chat.\n\nReply \"skip\" to skip.",
    );
  });

  it("uses the words it is given and the defaults for the rest", () => {
    const text = formatPromptAsText(recordOf(regions, target), {
      questionTitle: (i, n) => `Frage ${i} von ${n}`,
      chooseAny: "Wähle beliebig viele, durch Kommas getrennt.",
      skipWord: "überspringen",
      skip: (word) => `Antworte „${word}“, um zu überspringen.`,
    });
    expect(text).toContain("Frage 1 von 2 · Regions\nWhich regions?\n1. eu-west\n2. Asia, Pacific\n3. us-east\nWähle beliebig viele, durch Kommas getrennt. You can also write your own answer.");
    expect(text).toContain("Frage 2 von 2 · Deploy\n");
    expect(text.endsWith("Antworte „überspringen“, um zu überspringen.")).toBe(true);
    expect(text.startsWith(defaultPromptTextMessages.intro(2, "1: 2", "2: Staging (Recommended)"))).toBe(true);
  });

  it("keeps every option on one line and drops characters a chat message cannot carry", () => {
    const odd: GatewayQuestion = { ...target, options: [{ label: "Two\nlines", description: "with\u0000 NUL" }, { label: "B\u0007ell" }] };
    expect(formatPromptAsText(recordOf(odd))).toContain("\n1. Two lines — with NUL\n2. Bell\n");
  });

  it("offers sample lines that parseTextReply reads as the answers they show", () => {
    const record = recordOf(target, regions);
    const samples = /like "(.+)" or "(.+)"\./.exec(formatPromptAsText(record));
    const reply = parseTextReply(record, `${samples?.[1]}\n${samples?.[2]}`);
    expect(reply.ok && reply.answers && Object.entries(reply.answers.answers)).toEqual([["target", ["Production"]], ["regions", ["eu-west"]]]);
  });
});
