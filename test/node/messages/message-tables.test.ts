import { describe, expect, it } from "vitest";
import {
  announcementText,
  defaultMessages,
  mergeMessages,
  pluralText,
  safeLocale,
  timeLeftText,
  type QuestionDockMessages,
} from "../../../src/messages";
import { deMessages } from "../../../src/messages/de";
import type { SubmitErrorCode } from "../../../src/store/dock/state";

const CODES: SubmitErrorCode[] = ["unanswered", "disconnected", "timeout", "not-arrived", "invalid-answer", "forbidden", "refused", "unexpected"];
// Every parameter any entry reads, so each function entry can be called and must say something.
const PARAMS = { left: "1", duration: "2", index: 1, count: 2, title: "T", answered: true, question: "Q", action: "answer", code: "refused", detail: "d", outcome: "O", label: "L", header: "H", method: "m", what: "w", scope: "s", said: "x" };

/** Every leaf of a table as [path, value]: strings, functions and plural forms alike. */
function leaves(value: unknown, path = ""): Array<[string, unknown]> {
  if (typeof value !== "object" || value === null) return [[path, value]];
  return Object.entries(value).flatMap(([key, inner]) => leaves(inner, path ? `${path}.${key}` : key));
}

const sayOf = (value: unknown) => (typeof value === "function" ? (value as (p: typeof PARAMS) => unknown)(PARAMS) : value);

describe("The German table", () => {
  it("has every key of the English one, and no other", () => {
    expect(leaves(deMessages).map(([path]) => path).sort()).toEqual(leaves(defaultMessages).map(([path]) => path).sort());
  });

  it.each([
    ["en", defaultMessages],
    ["de", deMessages],
  ] as const)("%s: no value is empty, and every function entry returns words", (_locale, table) => {
    for (const [path, value] of leaves(table)) {
      const said = sayOf(value);
      expect(typeof said, path).toBe("string");
      expect((said as string).trim(), path).not.toBe("");
    }
  });

  it("words every submit error for both actions", () => {
    for (const table of [defaultMessages, deMessages])
      for (const code of CODES)
        for (const action of ["answer", "skip"] as const) expect(table.submitError({ action, code, detail: "x" }).trim()).not.toBe("");
  });

  it("says something other than English for every sentence-length entry", () => {
    const english = new Map(leaves(defaultMessages).map(([path, value]) => [path, sayOf(value)]));
    const same = leaves(deMessages).filter(([path, value]) => {
      const said = sayOf(value) as string;
      return said.length > 12 && said === english.get(path);
    });
    expect(same).toEqual([]);
  });
});

describe("Plural and time words", () => {
  it("picks the locale's plural form and writes the number", () => {
    expect(pluralText(defaultMessages.unansweredQuestions, 1, "en")).toBe("1 unanswered question");
    expect(pluralText(defaultMessages.unansweredQuestions, 2, "en")).toBe("2 unanswered questions");
    expect(pluralText(deMessages.unansweredQuestions, 1, "de")).toBe("1 unbeantwortete Frage");
    expect(pluralText(deMessages.unansweredQuestions, 1234, "de")).toBe("1.234 unbeantwortete Fragen");
  });

  it("spells the time left in the locale's words", () => {
    expect(timeLeftText(5 * 60_000, defaultMessages, "en")).toBe("Time left: 5 minutes");
    expect(timeLeftText(5 * 60_000, deMessages, "de")).toBe("Verbleibende Zeit: 5 Minuten");
    expect(timeLeftText(3 * 3_600_000, deMessages, "de")).toBe("Verbleibende Zeit: etwa 3 Stunden");
    expect(timeLeftText(30_000, deMessages, "de")).toBe("Verbleibende Zeit: weniger als eine Minute");
  });
});

describe("Choosing and overriding a table", () => {
  it("keeps a regional tag, and reads a broken tag as en", () => {
    expect(safeLocale("de-AT")).toBe("de-AT");
    expect(safeLocale("not a locale!")).toBe("en");
  });

  it("lays an override over a group without losing the group's other entries", () => {
    const merged: QuestionDockMessages = mergeMessages(defaultMessages, { footer: { submit: "Send" }, dockLabel: "Agent questions" });
    expect(merged.footer.submit).toBe("Send");
    expect(merged.footer.skip).toBe("Skip");
    expect(merged.dockLabel).toBe("Agent questions");
    expect(defaultMessages.footer.submit).toBe("Submit");
  });

  it("words an announcement from the store's data, an async answer as queued", () => {
    expect(announcementText({ key: "outcome", kind: "answered", header: "Deploy" }, defaultMessages)).toBe("Answered: Deploy");
    expect(announcementText({ key: "outcome", kind: "answered", header: "Deploy", queued: true }, defaultMessages)).toBe("Answer queued: Deploy");
    expect(announcementText({ key: "outcome", kind: "expired", header: "" }, deMessages)).toBe("Abgelaufen: Frage");
    expect(announcementText({ key: "none" }, deMessages)).toBe("");
  });
});
