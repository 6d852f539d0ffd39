// Finds the benchmark suites, runs them one after another, prints a table and each budget's verdict, and saves
// the results; a full run also writes its figures into CONTRIBUTING.md.
import { loadavg } from "node:os";
import { fileURLToPath } from "node:url";
import { browserEnvironment } from "./lib/browser";
import { checkBudgets, formatVerdicts } from "./budgets";
import { writeFigures } from "./lib/figures";
import { describeMachine, formatTable, machineEnvironment, saveResults, type SuiteOutcome } from "./lib/report";
import type { BenchSuite } from "./lib/types";

// Loaded eagerly: Vite's runner (bench/run.mjs) is closed once this module has been imported.
const suiteModules = import.meta.glob<{ default: BenchSuite }>("./suites/*.bench.ts", { eager: true });
const resultsFile = fileURLToPath(new URL("./results/latest.json", import.meta.url));
// A run of some suites only is kept apart, so it never stands in for a full run's figures.
const partialFile = fileURLToPath(new URL("./results/partial.json", import.meta.url));
const docFile = fileURLToPath(new URL("../CONTRIBUTING.md", import.meta.url));

/** Rewrites CONTRIBUTING.md's figures from bench/results/latest.json, without running anything. */
export function writeDocs(): void {
  writeFigures(resultsFile, docFile);
  console.log("wrote the figures of bench/results/latest.json into CONTRIBUTING.md");
}

/**
 * Runs every suite whose name contains `filter` and reports each budget as met or missed; resolves true when a
 * suite failed, or, with `check`, when a budget was missed. `command` is what started the run, for the record.
 */
export async function runBenchmarks({ filter, check = false, command }: { filter?: string | undefined; check?: boolean; command: string }): Promise<boolean> {
  const loadAtStart = loadavg();
  const suites = Object.keys(suiteModules)
    .sort()
    .map((file) => suiteModules[file]!.default);
  const outcomes: SuiteOutcome[] = [];
  for (const suite of suites) {
    if (filter && !suite.name.includes(filter)) continue;
    process.stdout.write(`running ${suite.name} …\n`);
    const start = performance.now();
    try {
      outcomes.push({ suite: suite.name, rows: await suite.run(), ms: Math.round(performance.now() - start) });
    } catch (err) {
      const error = err instanceof Error ? (err.stack ?? err.message) : String(err);
      console.error(`${suite.name} failed: ${error}`);
      outcomes.push({ suite: suite.name, rows: [], error, ms: Math.round(performance.now() - start) });
    }
  }
  if (outcomes.length === 0) throw new Error(`no suite in bench/suites matches "${filter ?? ""}"`);
  console.log(`\n${formatTable(outcomes)}\n`);
  const load = { start: loadAtStart, end: loadavg() };
  const file = filter ? partialFile : resultsFile;
  saveResults(file, outcomes, { environment: browserEnvironment(), command, load });
  console.log(`saved bench/results/${filter ? "partial" : "latest"}.json`);
  if (!filter) writeDocs();
  const verdicts = checkBudgets(outcomes);
  console.log(`\nbudgets, on ${describeMachine(machineEnvironment(browserEnvironment()))}; load average ${load.start.map((n) => n.toFixed(2)).join(", ")} at the start`);
  console.log(formatVerdicts(filter ? verdicts.filter((v) => outcomes.some((o) => o.suite === v.budget.source?.suite)) : verdicts));
  const failed = outcomes.some((outcome) => outcome.error);
  return failed || (check && verdicts.some((v) => !v.met));
}
