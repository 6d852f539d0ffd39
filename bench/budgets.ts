// The performance budgets every bench run reports on, and `npm run bench -- --check` fails on; a figure no suite
// measures is reported as such and counts as missed, so a budget can never pass by being left out.
import type { SuiteOutcome } from "./lib/report";

/** Where a number comes from: a suite and one of its rows. */
export interface RowRef {
  suite: string;
  metric: string;
}

/** One budget: the figure, where its number comes from, and the most it may be. */
export interface Budget {
  figure: string;
  /** The suite and row that measure it; absent while nothing does. */
  source?: RowRef;
  /** The most the measured value may be, in `unit`; with `atLeast`, the least. */
  limit: number;
  /** The figure must reach `limit` rather than stay under it (a speed-up ratio). */
  atLeast?: true;
  /** A tighter limit the kit aims at later: printed, not enforced. */
  goal?: number;
  /** What the figure is held against in the same run (a bare page, OpenClaw's own UI), printed beside it. */
  baseline?: RowRef & { label: string };
  unit: string;
}

const size = (figure: string, metric: string, limit: number, goal: number): Budget => ({
  figure,
  source: { suite: "bundle-size", metric: `size-limit: ${metric}` },
  limit,
  goal,
  unit: "kB",
});

/** The scale of a long session: one pending request per waiting agent run, and every question it ever asked summarised. */
const AT_SCALE = "at 50 pending and 5,000 summaries";
const PLAYGROUND = `playground ${AT_SCALE}`;
/** Two frames at 60 Hz: the most a p95 latency may be. */
const TWO_FRAMES = 33.4;
const BARE_PAGE = { suite: "playground-scale", metric: "bare page: key → painted (median)", label: "bare page" };
const OPENCLAW_UI = { suite: "gateway-latency", metric: "OpenClaw Control UI: frame → question painted, real gateway (median)", label: "OpenClaw's UI" };
const latency = (figure: string, suite: string, metric: string, limit: number): Budget => ({ figure, source: { suite, metric }, limit, unit: "ms" });

/** The budgets the kit is held to. */
export const BUDGETS: readonly Budget[] = [
  size("blocking-only import (brotli)", "blocking-only import (provider, dock, client, store)", 18, 12),
  size("the whole kit (brotli)", "whole kit (dist/index.js, every export)", 28, 20),
  { figure: `store: 10,000 events ${AT_SCALE} (CPU time)`, source: { suite: "throughput", metric: "store: 10,000 events, 50 pending and 5,000 summaries (CPU time)" }, limit: 50, unit: "ms" },
  latency("frame → question painted, p95 (real gateway, the kit's playground)", "gateway-latency", "kit playground: frame → question painted, real gateway (p95)", TWO_FRAMES),
  { figure: "frame → question painted: OpenClaw's Control UI median / the kit's (real gateway)", source: { suite: "gateway-latency", metric: "OpenClaw median / kit median" }, limit: 5, unit: "×", atLeast: true, baseline: OPENCLAW_UI },
  latency(`frame → question painted ${AT_SCALE} (p95)`, "browser-latency", "frame-to-paint at scale (p95)", TWO_FRAMES),
  latency(`digit key → checked option painted ${AT_SCALE} (median)`, "browser-latency", "key-to-paint at scale (median)", 10),
  latency(`digit key → checked option painted ${AT_SCALE} (p95)`, "browser-latency", "key-to-paint at scale (p95)", TWO_FRAMES),
  latency(`Ctrl+Enter → next step painted ${AT_SCALE} (median)`, "browser-latency", "Ctrl+Enter-to-paint at scale (median)", 10),
  latency(`Ctrl+Enter → next step painted ${AT_SCALE} (p95)`, "browser-latency", "Ctrl+Enter-to-paint at scale (p95)", TWO_FRAMES),
  { figure: `DOM elements ${AT_SCALE}`, source: { suite: "browser-latency", metric: "DOM elements at scale" }, limit: 3000, unit: "elements" },
  { figure: `JS heap ${AT_SCALE}`, source: { suite: "browser-latency", metric: "JS heap at scale (after GC)" }, limit: 40, unit: "MB" },
  { figure: `${PLAYGROUND}: DOM elements`, source: { suite: "playground-scale", metric: "playground at scale: DOM elements" }, limit: 3000, unit: "elements" },
  { figure: `${PLAYGROUND}: JS heap`, source: { suite: "playground-scale", metric: "playground at scale: JS heap (after GC)" }, limit: 40, unit: "MB" },
  { ...latency(`${PLAYGROUND}: digit key → painted, median over the bare page's`, "playground-scale", "playground at scale: digit key → painted, median over the bare page's", 2), baseline: BARE_PAGE },
  latency(`${PLAYGROUND}: digit key → painted (p95)`, "playground-scale", "playground at scale: digit key → painted (p95)", TWO_FRAMES),
];

/** One budget's verdict, with the same run's baseline where there is one. */
export interface BudgetVerdict {
  budget: Budget;
  measured?: number;
  baseline?: number;
  met: boolean;
}

const valueOf = (outcomes: readonly SuiteOutcome[], ref: RowRef | undefined) =>
  ref && outcomes.find((o) => o.suite === ref.suite)?.rows.find((r) => r.metric === ref.metric)?.value;

/** Each budget against the suites' rows. */
export function checkBudgets(outcomes: readonly SuiteOutcome[]): BudgetVerdict[] {
  return BUDGETS.map((budget) => {
    const measured = valueOf(outcomes, budget.source);
    const baseline = valueOf(outcomes, budget.baseline);
    const verdict: BudgetVerdict = { budget, met: measured !== undefined && (budget.atLeast ? measured >= budget.limit : measured <= budget.limit) };
    if (measured !== undefined) verdict.measured = measured;
    if (baseline !== undefined) verdict.baseline = baseline;
    return verdict;
  });
}

/** "met", "MISSED" or "not measured". */
export function verdictWord({ measured, met }: BudgetVerdict): string {
  return measured === undefined ? "not measured" : met ? "met" : "MISSED";
}

/** The limit as text, e.g. "≤ 18 kB, goal 12". */
export function limitText(budget: Budget): string {
  return `${budget.atLeast ? "≥" : "≤"} ${budget.limit} ${budget.unit}${budget.goal === undefined ? "" : `, goal ${budget.goal}`}`;
}

const amount = (value: number, unit: string) => `${value.toFixed(1)} ${unit}`;

/** The same run's baseline as text, e.g. "bare page 3.9 ms in this run", or "". */
export function baselineText({ budget, baseline }: BudgetVerdict): string {
  return budget.baseline && baseline !== undefined ? `${budget.baseline.label} ${amount(baseline, "ms")} in this run` : "";
}

/** The verdicts as text lines: verdict, figure, measured, budget, then the same run's baseline. */
export function formatVerdicts(verdicts: readonly BudgetVerdict[]): string {
  return verdicts
    .map((v) => {
      const value = v.measured === undefined ? "—" : amount(v.measured, v.budget.unit);
      const beside = baselineText(v);
      return `${verdictWord(v).padEnd(12)}  ${v.budget.figure}: ${value} (budget ${limitText(v.budget)})${beside ? `; ${beside}` : ""}`;
    })
    .join("\n");
}
