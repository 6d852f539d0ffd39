import { describe, expect, it } from "vitest";
import { formatAnswerText, parseAnswerText, parseAsyncDelivery } from "../../../src/protocol";

describe("formatAnswerText", () => {
  it("quotes each title, leaves a blank line, and joins values with commas", () => {
    expect(formatAnswerText([
      { title: "Which database?", values: ["Postgres"] },
      { title: "Regions", values: ["eu-west", "us-east"] },
    ])).toBe("> Which database?\n\nPostgres\n\n> Regions\n\neu-west, us-east");
  });

  it("keeps a multi-line title on one quoted line", () => {
    expect(formatAnswerText([{ title: "Pick\none", values: ["A"] }])).toBe("> Pick one\n\nA");
  });

  it("drops from the agent's titles and labels what the gateway refuses (NUL) or strips (other C0, DEL)", () => {
    const text = formatAnswerText([{ title: "Which\u0000 branch?\u0007", values: ["ma\u0000in\u007f", "rel\u001bease"] }]);
    expect(text).toBe("> Which branch?\n\nmain, release");
  });
});

describe("parseAnswerText", () => {
  const titles = ["Which database?", "Regions"];

  it("is the inverse of formatAnswerText", () => {
    const text = formatAnswerText([
      { title: titles[0]!, values: ["Postgres"] },
      { title: titles[1]!, values: ["eu-west", "us-east"] },
    ]);
    expect(parseAnswerText(text, titles)).toEqual({
      kind: "split",
      blocks: [
        { title: "Which database?", answer: "Postgres" },
        { title: "Regions", answer: "eu-west, us-east" },
      ],
    });
  });

  it("splits a reply to titles that held control characters, as it was sent", () => {
    const text = formatAnswerText([{ title: "Which\u0000 branch?", values: ["main"] }]);
    expect(parseAnswerText(text, ["Which\u0000 branch?"])).toEqual({ kind: "split", blocks: [{ title: "Which\u0000 branch?", answer: "main" }] });
  });

  it("keeps multi-line answers inside their block", () => {
    const text = "> Which database?\n\nPostgres,\nbecause of JSON\n\n> Regions\n\neu";
    const parsed = parseAnswerText(text, titles);
    expect(parsed.kind === "split" && parsed.blocks[0]?.answer).toBe("Postgres,\nbecause of JSON");
  });

  it.each([
    ["an answer quoting another question's heading", "> Which database?\n\nSee below\n> Regions\n\n> Regions\n\neu"],
    ["an answer containing a quoted line", "> Which database?\n\n> I said Postgres\n\n> Regions\n\neu"],
    ["headings out of order", "> Regions\n\neu\n\n> Which database?\n\nPostgres"],
    ["an edited reply without headings", "Postgres in eu please"],
    ["a missing answer", "> Which database?\n\n> Regions\n\neu"],
    ["text before the first heading", "Hi!\n> Which database?\n\nPostgres\n\n> Regions\n\neu"],
  ])("returns the whole text for %s", (_name, text) => {
    expect(parseAnswerText(text, titles)).toEqual({ kind: "whole", text });
  });
});

describe("parseAsyncDelivery", () => {
  it("accepts string and object options", () => {
    expect(parseAsyncDelivery({ itemId: "i1", questions: [{ title: "A?", options: ["x", { label: "y" }] }, { title: "B?" }] })).toEqual({
      ok: true,
      value: { itemId: "i1", questions: [{ title: "A?", options: ["x", "y"] }, { title: "B?", options: [] }] },
    });
  });

  it.each([
    ["no itemId", { questions: [{ title: "A" }] }, "itemId"],
    ["13 questions", { itemId: "i", questions: Array.from({ length: 13 }, (_, i) => ({ title: `Q${i}` })) }, "questions"],
    ["an empty title", { itemId: "i", questions: [{ title: " " }] }, "questions[0].title"],
    ["a numeric option", { itemId: "i", questions: [{ title: "A", options: [3] }] }, "questions[0].options[0]"],
  ])("rejects %s", (_name, input, path) => {
    const parsed = parseAsyncDelivery(input);
    expect(!parsed.ok && parsed.errors.map((e) => e.path)).toContain(path);
  });
});
