// The contract between the harness and a benchmark suite.

/** One measured number, printed as a table row and saved in bench/results/latest.json. */
export interface BenchRow {
  /** What was measured, e.g. "dist/index.js (brotli)" or "frame-to-paint (median)". */
  metric: string;
  value: number;
  /** "B", "kB", "ops/s", "ms", … */
  unit: string;
  /** How it was measured (sample count, spread). */
  note?: string;
}

/** A benchmark module: bench/suites/<name>.bench.ts default-exports one. */
export interface BenchSuite {
  /** Short name, used by the filter argument of bench/run.mjs. */
  name: string;
  /** Measures and returns its rows; throw to report the suite as failed. */
  run(): Promise<BenchRow[]>;
}
