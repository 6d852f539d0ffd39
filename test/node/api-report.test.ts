// The package's surface is checked in (docs/api/question-dock.api.md): a change to any export fails here
// until the report is regenerated, so it shows in review as a change to what hosts depend on.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { apiReport, forgottenExports, REPORT_PATH } from "../api/api-report.mjs";

const root = join(import.meta.dirname, "../..");
const report = apiReport(root);

/** The names the report lists under one entry's heading. */
function namesOf(entry: string): string[] {
  const section = report.split(`## \`${entry}\``)[1]?.split("\n## ")[0] ?? "";
  return [...section.matchAll(/^(?:function|const|class|enum|interface|type) ([A-Za-z_$][\w$]*)/gm)].map((m) => m[1]!);
}

describe("the API report", () => {
  it("matches the checked-in report (run `npm run api:report` and review the diff)", () => {
    expect(report).toBe(readFileSync(join(root, REPORT_PATH), "utf8"));
  });

  it("keeps the root entry to the curated surface: about 25 to 65 values (the dock parts count twice: as named exports and on QuestionDock), no internals", () => {
    const names = namesOf("@openclaw-kit/question-dock");
    const values = names.filter((n) => new RegExp(`^(?:function|const|class) ${n}\\b`, "m").test(report));
    expect(values.length).toBeGreaterThanOrEqual(25);
    expect(values.length).toBeLessThanOrEqual(65);
    for (const internal of ["signConnect", "buildSignaturePayload", "messagePositions", "MAX_SUCCESSOR_KEYS", "QUESTION_ATTR", "DOCK_ATTR", "createSimulatedGateway"]) {
      expect(names).not.toContain(internal);
    }
    expect(names).toEqual(expect.arrayContaining(["QuestionDockProvider", "QuestionDock", "createGatewayClient", "createQuestionDockStore", "useQuestionStep"]));
  });

  it("puts the prompt-as-text helpers in the protocol entry under their documented names", () => {
    expect(namesOf("@openclaw-kit/question-dock/protocol")).toEqual(expect.arrayContaining(["parseTextReply", "parseQuestionRecord"]));
  });

  it("keeps the kit's own helpers out of the protocol entry", () => {
    const names = namesOf("@openclaw-kit/question-dock/protocol");
    for (const internal of ["sha256Hex", "truncateChars", "valid", "invalid", "idTable", "withEntry", "entryOf", "readAnswers", "sendableText", "looksLikeCredential", "readChatClaim", "askUserEntries"]) {
      expect(names).not.toContain(internal);
    }
  });

  // A type a host is handed but cannot import is one it can only spell through `ReturnType<…>` and indexed access,
  // and one the report never shows, so changing it would slip past review.
  it("exports every type that an exported signature uses, from some entry", () => {
    expect(forgottenExports(root).map((f) => `${f.name} (${f.file}), used by ${f.usedBy}`)).toEqual([]);
  });
});
