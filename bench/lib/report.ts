// Prints benchmark rows as a table and saves them in bench/results.
import { execFileSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { cpus, totalmem } from "node:os";
import { dirname } from "node:path";
import type { BenchRow } from "./types";

/** Rows of one suite, or the reason it failed. */
export interface SuiteOutcome {
  suite: string;
  rows: BenchRow[];
  error?: string;
  ms: number;
}

/** A figure with as many decimals as its size deserves: 1,234 / 12.3 / 1.23. */
export function formatValue(value: number): string {
  if (!Number.isFinite(value)) return String(value);
  const digits = Math.abs(value) >= 100 ? 0 : Math.abs(value) >= 10 ? 1 : 2;
  return value.toLocaleString("en-US", { maximumFractionDigits: digits, minimumFractionDigits: digits });
}

/** The outcomes as an aligned text table: suite | metric | value | unit | note. */
export function formatTable(outcomes: readonly SuiteOutcome[]): string {
  const lines: string[][] = [["suite", "metric", "value", "unit", "note"]];
  for (const outcome of outcomes) {
    if (outcome.error) lines.push([outcome.suite, "FAILED", "", "", outcome.error.split("\n")[0] ?? ""]);
    for (const row of outcome.rows) {
      lines.push([outcome.suite, row.metric, formatValue(row.value), row.unit, row.note ?? ""]);
    }
  }
  const widths = lines[0]!.map((_, col) => Math.max(...lines.map((line) => (line[col] ?? "").length)));
  const render = (line: string[]) =>
    line
      .map((cell, col) => (col === 2 ? cell.padStart(widths[col]!) : cell.padEnd(widths[col]!)))
      .join("  ")
      .trimEnd();
  const [header, ...body] = lines;
  return [render(header!), widths.map((w) => "-".repeat(w)).join("  "), ...body.map(render)].join("\n");
}

function gitCommit(): string | undefined {
  try {
    return execFileSync("git", ["rev-parse", "--short", "HEAD"], { encoding: "utf8", stdio: "pipe" }).trim();
  } catch {
    return undefined;
  }
}

/** A results file as saveResults writes it. */
export interface SavedResults {
  date: string;
  commit?: string;
  /** The command that ran the suites. */
  command?: string;
  /** The machine's load average (1, 5 and 15 minutes) as the run started and ended. */
  load?: { start: number[]; end: number[] };
  environment: Record<string, unknown>;
  suites: SuiteOutcome[];
}

/** The machine the figures are measured on: cores, CPU, memory, Node and (once a suite launched it) the browser. */
export function machineEnvironment(extra: Record<string, unknown> = {}): Record<string, unknown> {
  const cpu = cpus();
  return {
    node: process.version,
    platform: `${process.platform}-${process.arch}`,
    cores: cpu.length,
    cpu: cpu[0]?.model.replace(/\s+/g, " ").trim(),
    memoryGB: Math.round(totalmem() / 1e9),
    ...extra,
  };
}

/** One line naming a machine, from what machineEnvironment recorded (older files may lack parts). */
export function describeMachine(environment: Record<string, unknown>): string {
  const parts = [
    typeof environment.cores === "number" ? `${environment.cores} cores` : undefined,
    typeof environment.cpu === "string" ? environment.cpu : undefined,
    typeof environment.memoryGB === "number" ? `${environment.memoryGB} GB` : undefined,
    typeof environment.platform === "string" ? environment.platform : undefined,
    typeof environment.node === "string" ? `Node ${environment.node}` : undefined,
    typeof environment.browser === "string" ? environment.browser : undefined,
  ];
  return parts.filter(Boolean).join(", ");
}

/** Writes the outcomes, with the command, the machine and its load, as JSON. */
export function saveResults(file: string, outcomes: readonly SuiteOutcome[], run: { environment: Record<string, unknown>; command: string; load: { start: number[]; end: number[] } }): void {
  mkdirSync(dirname(file), { recursive: true });
  const commit = gitCommit();
  const results: SavedResults = { date: new Date().toISOString(), ...(commit ? { commit } : {}), command: run.command, load: run.load, environment: machineEnvironment(run.environment), suites: [...outcomes] };
  writeFileSync(file, `${JSON.stringify(results, null, 2)}\n`);
}
