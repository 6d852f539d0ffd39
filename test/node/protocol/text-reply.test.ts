import { describe, expect, it } from "vitest";
import { checkAnswers, parseTextReply, type GatewayQuestion, type QuestionRecord } from "../../../src/protocol";

const recordOf = (...questions: GatewayQuestion[]): QuestionRecord => ({ id: "r1", createdAtMs: 0, expiresAtMs: 1, status: "pending", questions });

const target: GatewayQuestion = {
  questionId: "target",
  header: "Deploy",
  question: "Where should I deploy?",
  options: [{ label: "Staging (Recommended)", description: "Try it first" }, { label: "Production" }, { label: "Dev box" }],
  isOther: true,
};
const confirm: GatewayQuestion = { questionId: "confirm", header: "Confirm", question: "Go ahead?", options: [{ label: "Yes" }, { label: "No" }] };
const regions: GatewayQuestion = {
  questionId: "regions",
  header: "Regions",
  question: "Which regions?",
  options: [{ label: "eu-west" }, { label: "Asia, Pacific" }, { label: "Asia" }, { label: "Pacific" }],
  multiSelect: true,
};
const regionsOwn: GatewayQuestion = { ...regions, isOther: true };
const replicas: GatewayQuestion = { questionId: "replicas", header: "Replicas", question: "How many?", options: [{ label: "10" }, { label: "20" }, { label: "1" }] };
const note: GatewayQuestion = { questionId: "note", header: "Note", question: "Anything to add?", options: [], isOther: true };
const skipOption: GatewayQuestion = { questionId: "next", header: "Next", question: "Then?", options: [{ label: "Skip" }, { label: "Retry" }] };
const caseTwins: GatewayQuestion = { questionId: "twins", header: "Twins", question: "Which?", options: [{ label: "Yes" }, { label: "yes" }] };
const secret: GatewayQuestion = { questionId: "api_key", header: "Key", question: "Your API key?", options: [], isOther: true, secretStore: { name: "OPENAI_API_KEY", kind: "env" } };
const proto: GatewayQuestion = { ...confirm, questionId: "__proto__" };
const ctor: GatewayQuestion = { ...target, questionId: "constructor" };

type Expected = ReadonlyArray<readonly [string, readonly string[]]> | "skip" | RegExp;

// [what the row shows, questions, reply, answers as [questionId, values] entries | "skip" | the reason's wording]
const rows: ReadonlyArray<readonly [string, GatewayQuestion[], string, Expected]> = [
  ["an option number", [target], "2", [["target", ["Production"]]]],
  ["a number with a dot, as listed", [target], " 3. ", [["target", ["Dev box"]]]],
  ["a number with its label, as listed", [target], "2. Production", [["target", ["Production"]]]],
  ["a label in odd case and spacing", [target], "  dEV    BOX ", [["target", ["Dev box"]]]],
  ["a label without its (Recommended) suffix", [target], "staging", [["target", ["Staging (Recommended)"]]]],
  ["a label with its suffix", [target], "Staging (recommended)", [["target", ["Staging (Recommended)"]]]],
  ["own text, trimmed, becomes an Other answer", [target], "  my laptop, please  ", [["target", ["my laptop, please"]]]],
  ["a multi-line own answer in a one-question prompt", [target], "line one\nline two", [["target", ["line one\nline two"]]]],
  ["RTL own text", [target], "שרת הבדיקות", [["target", ["שרת הבדיקות"]]]],
  ["emoji own text", [target], "👨‍👩‍👧 the family box 🇫🇷", [["target", ["👨‍👩‍👧 the family box 🇫🇷"]]]],
  ["NUL and controls are stripped like sendableText", [target], "my\u0000 box\u0007", [["target", ["my box"]]]],
  ["NUL inside a number still reads the number", [target], "2\u0000", [["target", ["Production"]]]],
  ["a time-like own answer stays whole", [target], "1:30 pm", [["target", ["1:30 pm"]]]],
  ["a one-question reply may use the 1: form", [target], "1: 2", [["target", ["Production"]]]],
  ["a number out of range is an error, not own text", [target], "4", /no option 4; choose a number from 1 to 3/],
  ["zero is out of range", [target], "0", /no option 0/],
  ["a huge number is out of range", [target], "99999999999999999999999", /no option 999999999…; choose a number from 1 to 3/],
  ["one choice said twice for a single-select question", [target], "2, production", [["target", ["Production"]]]],
  ["two choices for a single-select question", [target], "1, 2", /takes one choice/],
  ["free text without Other names the choices", [confirm], "maybe", /"maybe" is not one of the choices \(1\. Yes; 2\. No\)/],
  ["labels differing only in case: the exact one", [caseTwins], "yes", [["twins", ["yes"]]]],
  ["labels differing only in case: any other case is ambiguous", [caseTwins], "YES", /matches more than one option; reply with its number/],
  ["a label of a strict question", [confirm], "NO", [["confirm", ["No"]]]],
  ["an empty reply", [target], "   \n\t ", /reply is empty/],
  ["only NUL bytes is empty", [target], "\u0000\u0000", /reply is empty/],
  ["skip", [target], "skip", "skip"],
  ["Skip, any case, with a full stop", [target, regions], " SKIP. ", "skip"],
  ["skip with another word from options", [target], "nope", [["target", ["nope"]]]],
  ["skip as one value of several is an error", [regionsOwn], "eu-west, skip", /skips the whole prompt/],
  ["skip when an option is called Skip is ambiguous", [skipOption], "skip", /both an option and the word that skips/],
  ["the Skip option by number", [skipOption], "1", [["next", ["Skip"]]]],
  ["a number that is another option's label is ambiguous", [replicas], "1", /both option 1 and the name of option 3/],
  ["a numeric label beyond the option count is that label", [replicas], "20", [["replicas", ["20"]]]],
  ["a number matching no label", [replicas], "2", [["replicas", ["20"]]]],
  ["a question without options takes the number as text", [note], "42", [["note", ["42"]]]],
  ["multi-select: numbers", [regions], "1, 3", [["regions", ["eu-west", "Asia"]]]],
  ["multi-select: a label holding a comma, whole", [regions], "asia,pacific", [["regions", ["Asia, Pacific"]]]],
  ["multi-select: comma label inside a list", [regions], "eu-west, Asia, Pacific, 3", [["regions", ["eu-west", "Asia, Pacific", "Asia"]]]],
  ["multi-select: reversed parts are two labels", [regions], "Pacific, Asia", [["regions", ["Asia", "Pacific"]]]],
  ["multi-select: duplicates collapse", [regions], "1, eu-west, 1,  EU-WEST", [["regions", ["eu-west"]]]],
  ["multi-select: empty parts are ignored", [regions], ",1,, 4,", [["regions", ["eu-west", "Pacific"]]]],
  ["multi-select: own text without Other names the choices", [regions], "1, Mars", /"Mars" is not one of the choices/],
  ["multi-select: own text with Other, commas kept", [regionsOwn], "1, Mars, Venus, 4", [["regions", ["eu-west", "Pacific", "Mars, Venus"]]]],
  ["multi-select: out of range inside a list", [regionsOwn], "1, 7", /no option 7/],
  ["two questions, one line each", [target, regions], "2\n1, 2", [["target", ["Production"]], ["regions", ["eu-west", "Asia, Pacific"]]]],
  ["two questions, numbered lines out of order", [target, regions], "2: asia\n1: staging", [["target", ["Staging (Recommended)"]], ["regions", ["Asia"]]]],
  ["two questions, numbered without a space", [target, regions], "1:2\n2:1", [["target", ["Production"]], ["regions", ["eu-west"]]]],
  ["two questions, mixed numbered and plain", [target, regions], "2: 4\nmy laptop", [["target", ["my laptop"]], ["regions", ["Pacific"]]]],
  ["three questions, blank lines and CRLF", [target, confirm, regions], "\r\n3\r\n\r\n2: yes\r\n1, 4\r\n", [["target", ["Dev box"]], ["confirm", ["Yes"]], ["regions", ["eu-west", "Pacific"]]]],
  ["three questions, mixed", [target, confirm, regions], "Dev box\n3: 1,2\nno", [["target", ["Dev box"]], ["confirm", ["No"]], ["regions", ["eu-west", "Asia, Pacific"]]]],
  ["one line for two questions is ambiguous", [target, regions], "2", /has 2 questions; answer each on its own line/],
  ["a line numbered twice", [target, regions], "1: 2\n1: 3", /Question 1 is answered more than once/],
  ["a question number that does not exist", [target, regions], "1: 2\n3: 1", /no question 3; this prompt has 2/],
  ["too many lines", [target, regions], "1\n2\n3", /more lines than there are questions/],
  ["a missing answer is named", [target, confirm, regions], "1\n2", /Question 3 \(Regions\) needs an answer/],
  ["an empty numbered line", [target, regions], "1: 2\n2:", /Question 2 \(Regions\): The answer is empty/],
  ["an error names its question", [target, confirm], "1\nperhaps", /Question 2 \(Confirm\): "perhaps" is not one of the choices/],
  ["a secret question cannot be answered in text", [secret], "sk-abc123", /secure field, never a chat message/],
  ["a secret prompt can still be skipped", [secret], "skip", "skip"],
  ["id __proto__ is an own key", [proto], "yes", [["__proto__", ["Yes"]]]],
  ["id constructor is an own key", [ctor, proto], "constructor text\n2", [["constructor", ["constructor text"]], ["__proto__", ["No"]]]],
];

describe("parseTextReply", () => {
  it.each(rows)("%s", (_name, questions, reply, expected) => {
    const record = recordOf(...questions);
    const result = parseTextReply(record, reply);
    if (expected === "skip") {
      expect(result).toEqual({ ok: true, skip: true });
    } else if (expected instanceof RegExp) {
      expect(result.ok).toBe(false);
      expect(!result.ok && result.reason).toMatch(expected);
    } else {
      expect(result.ok && result.answers && Object.entries(result.answers.answers)).toEqual(expected);
      // What comes back is exactly what question.resolve takes: the gateway's own rules accept it.
      if (result.ok && result.answers) expect(checkAnswers(record, result.answers)).toEqual([]);
    }
  });

  it("keeps a __proto__ answer as data, not as the envelope's prototype", () => {
    const result = parseTextReply(recordOf(proto), "2");
    const answers = result.ok ? result.answers?.answers : undefined;
    expect(Object.hasOwn(answers ?? {}, "__proto__")).toBe(true);
    expect(Object.getPrototypeOf(answers)).toBeNull();
  });

  it("takes skip words in another language", () => {
    const record = recordOf(target);
    expect(parseTextReply(record, "Überspringen", { skipWords: ["überspringen"] })).toEqual({ ok: true, skip: true });
    expect(parseTextReply(record, "skip", { skipWords: ["überspringen"] })).toEqual({ ok: true, answers: expect.anything() });
  });

  it("refuses a value that is not text instead of throwing", () => {
    expect(parseTextReply(recordOf(target), 42 as unknown as string)).toEqual({ ok: false, reason: "The reply is not text." });
  });
});
