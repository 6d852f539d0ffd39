// The performance budgets `npm run bench -- --check` holds the kit to; a figure no suite measures yet is
// reported as such and counts as missed, so a budget can never pass by being left out.
import type { SuiteOutcome } from "./lib/report";

/** One budget: the figure, where its number comes from, and the most it may be. */
export interface Budget {
  figure: string;
  /** The suite and row that measure it; absent while nothing does. */
  source?: { suite: string; metric: string };
  /** The most the measured value may be, in `unit`; with `atLeast`, the least. */
  limit: number;
  /** The figure must reach `limit` rather than stay under it (a speed-up ratio). */
  atLeast?: true;
  unit: string;
}

/** The budgets, as the performance issue sets them. */
export const BUDGETS: readonly Budget[] = [
  { figure: "blocking-only import (brotli)", source: { suite: "bundle-size", metric: "size-limit: blocking-only import (provider, dock, client, store)" }, limit: 12, unit: "kB" },
  { figure: "the whole kit (brotli)", source: { suite: "bundle-size", metric: "size-limit: whole kit (dist/index.js, every export)" }, limit: 20, unit: "kB" },
  ...[0, 100, 1000].map((pending) => ({
    figure: `store: 10,000 events, ${pending} pending`,
    source: { suite: "throughput", metric: `store: 10,000 events, ${pending} pending` },
    limit: 50,
    unit: "ms",
  })),
  { figure: "frame → question painted, p95 (real gateway)", source: { suite: "gateway-latency", metric: "kit playground: frame → question painted, real gateway (p95)" }, limit: 33.4, unit: "ms" },
  { figure: "frame → question painted, OpenClaw's Control UI median / the kit's (real gateway)", source: { suite: "gateway-latency", metric: "OpenClaw median / kit median" }, limit: 5, unit: "×", atLeast: true },
  { figure: "digit key → checked option painted at 1,000 pending and 5,000 summaries (median)", source: { suite: "browser-latency", metric: "key-to-paint at scale (median)" }, limit: 10, unit: "ms" },
  { figure: "Ctrl+Enter → next step painted at 1,000 pending and 5,000 summaries (median)", source: { suite: "browser-latency", metric: "Ctrl+Enter-to-paint at scale (median)" }, limit: 10, unit: "ms" },
  { figure: "DOM elements with 5,000 summaries", source: { suite: "browser-latency", metric: "DOM elements at scale" }, limit: 3000, unit: "elements" },
  { figure: "JS heap with 5,000 summaries and 1,000 pending", source: { suite: "browser-latency", metric: "JS heap at scale (after GC)" }, limit: 40, unit: "MB" },
  { figure: "playground at 5,000 summaries and 1,000 pending: DOM elements", source: { suite: "playground-scale", metric: "playground at scale: DOM elements" }, limit: 3000, unit: "elements" },
  { figure: "playground at 5,000 summaries and 1,000 pending: JS heap", source: { suite: "playground-scale", metric: "playground at scale: JS heap (after GC)" }, limit: 40, unit: "MB" },
  { figure: "playground at 5,000 summaries and 1,000 pending: digit key → painted, median over the bare page's", source: { suite: "playground-scale", metric: "playground at scale: digit key → painted, median over the bare page's" }, limit: 2, unit: "ms" },
];

/** One budget's verdict. */
export interface BudgetVerdict {
  budget: Budget;
  measured?: number;
  met: boolean;
}

/** Each budget against the suites' rows. */
export function checkBudgets(outcomes: readonly SuiteOutcome[]): BudgetVerdict[] {
  return BUDGETS.map((budget) => {
    const row = budget.source && outcomes.find((o) => o.suite === budget.source!.suite)?.rows.find((r) => r.metric === budget.source!.metric);
    if (!row) return { budget, met: false };
    return { budget, measured: row.value, met: budget.atLeast ? row.value >= budget.limit : row.value <= budget.limit };
  });
}

/** The verdicts as text lines: figure, measured, budget, and met / MISSED / not measured. */
export function formatVerdicts(verdicts: readonly BudgetVerdict[]): string {
  return verdicts
    .map(({ budget, measured, met }) => {
      const value = measured === undefined ? "—" : `${measured.toFixed(1)} ${budget.unit}`;
      const verdict = measured === undefined ? "not measured" : met ? "met" : "MISSED";
      return `${verdict.padEnd(12)}  ${budget.figure}: ${value} (budget ${budget.atLeast ? "≥" : "≤"} ${budget.limit} ${budget.unit})`;
    })
    .join("\n");
}
