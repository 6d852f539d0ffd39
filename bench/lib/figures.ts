// Writes the benchmark figures into CONTRIBUTING.md, between two markers, from a saved results file: the one
// place the figures are written down, so they cannot drift from what the run measured.
import { readFileSync, writeFileSync } from "node:fs";
import { baselineText, checkBudgets, limitText, verdictWord } from "../budgets";
import { describeMachine, formatValue, type SavedResults } from "./report";

const START = "<!-- bench figures: start. Written by bench/run.mjs from bench/results/latest.json; edits here are overwritten. -->";
const END = "<!-- bench figures: end -->";

const cell = (text: string) => text.replaceAll("|", "\\|");
const row = (cells: readonly string[]) => `| ${cells.map(cell).join(" | ")} |`;
const load = (avg: readonly number[] | undefined) => (avg ? avg.map((n) => n.toFixed(2)).join(", ") : "not recorded");

/** The results as Markdown: how and where they were measured, each budget's verdict, then every row. */
export function figuresMarkdown(results: SavedResults): string {
  const verdicts = checkBudgets(results.suites);
  const failed = results.suites.filter((s) => s.error).map((s) => s.suite);
  return [
    `\`${results.command ?? "npm run bench"}\`, ${results.date.slice(0, 16).replace("T", " ")} UTC, commit \`${results.commit ?? "?"}\`, on ${describeMachine(results.environment)}.`,
    `Load average (1, 5, 15 min): ${load(results.load?.start)} at the start, ${load(results.load?.end)} at the end.`,
    ...(failed.length ? [`Suites that failed, so their rows are missing: ${failed.join(", ")}.`] : []),
    "",
    row(["verdict", "budget", "measured", "limit", "same run's baseline"]),
    row(["---", "---", "---:", "---:", "---"]),
    ...verdicts.map((v) => row([verdictWord(v), v.budget.figure, v.measured === undefined ? "—" : `${formatValue(v.measured)} ${v.budget.unit}`, limitText(v.budget), baselineText(v)])),
    "",
    row(["suite", "row", "value", "unit", "how"]),
    row(["---", "---", "---:", "---", "---"]),
    ...results.suites.flatMap((s) => s.rows.map((r) => row([s.suite, r.metric, formatValue(r.value), r.unit, r.note ?? ""]))),
  ].join("\n");
}

/** Replaces what lies between the markers in `docFile` with the figures of `resultsFile`. */
export function writeFigures(resultsFile: string, docFile: string): void {
  const results = JSON.parse(readFileSync(resultsFile, "utf8")) as SavedResults;
  const doc = readFileSync(docFile, "utf8");
  const start = doc.indexOf(START);
  const end = doc.indexOf(END);
  if (start < 0 || end < start) throw new Error(`${docFile} has no bench figures markers`);
  writeFileSync(docFile, `${doc.slice(0, start + START.length)}\n${figuresMarkdown(results)}\n${doc.slice(end)}`);
}
