// Finds the benchmark suites, runs them one after another, prints a table, and saves the results.
import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { browserEnvironment } from "./lib/browser";
import { checkBudgets, formatVerdicts } from "./budgets";
import { describeMachine, formatTable, machineEnvironment, saveResults, type SavedResults, type SuiteOutcome } from "./lib/report";
import type { BenchSuite } from "./lib/types";

// Loaded eagerly: Vite's runner (bench/run.mjs) is closed once this module has been imported.
const suiteModules = import.meta.glob<{ default: BenchSuite }>("./suites/*.bench.ts", { eager: true });
const resultsFile = fileURLToPath(new URL("./results/latest.json", import.meta.url));
// The figures of the tree before the current performance work, measured with these suites: the "before" column.
const referenceFile = fileURLToPath(new URL("./reference/before.json", import.meta.url));

function readReference(): SavedResults | undefined {
  return existsSync(referenceFile) ? (JSON.parse(readFileSync(referenceFile, "utf8")) as SavedResults) : undefined;
}

/** Runs every suite whose name contains `filter`; resolves true when any suite failed, or with `check` a budget was missed. */
export async function runBenchmarks({ filter, check = false }: { filter?: string | undefined; check?: boolean } = {}): Promise<boolean> {
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
  saveResults(resultsFile, outcomes, browserEnvironment());
  console.log("saved bench/results/latest.json");
  const failed = outcomes.some((outcome) => outcome.error);
  if (!check) return failed;
  const reference = readReference();
  const verdicts = checkBudgets(outcomes, reference?.suites);
  console.log(`\nbudgets, on ${describeMachine(machineEnvironment(browserEnvironment()))}`);
  if (reference) console.log(`before: bench/reference/before.json, commit ${reference.commit ?? "?"} on ${describeMachine(reference.environment)}`);
  console.log(formatVerdicts(verdicts));
  return failed || verdicts.some((v) => !v.met);
}
