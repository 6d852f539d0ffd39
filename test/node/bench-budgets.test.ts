// Every bench run reports each budget, `--check` fails on a missed or unmeasured one, and the figures are written
// down in one Markdown section.
import { describe, expect, it } from "vitest";
import { BUDGETS, checkBudgets, formatVerdicts } from "../../bench/budgets";
import { figuresMarkdown } from "../../bench/lib/figures";
import type { SuiteOutcome } from "../../bench/lib/report";

/** Suite outcomes giving every budgeted row the value `pick` chooses for it, and each baseline row `baseline`. */
function outcomesWith(pick: (limit: number, atLeast: boolean) => number, baseline = 7): SuiteOutcome[] {
  const bySuite = new Map<string, SuiteOutcome>();
  const add = (suite: string, metric: string, value: number) => {
    const outcome = bySuite.get(suite) ?? { suite, rows: [], ms: 0 };
    bySuite.set(suite, outcome);
    outcome.rows.push({ metric, value, unit: "" });
  };
  for (const budget of BUDGETS) {
    if (budget.source) add(budget.source.suite, budget.source.metric, pick(budget.limit, budget.atLeast === true));
    if (budget.baseline) add(budget.baseline.suite, budget.baseline.metric, baseline);
  }
  return [...bySuite.values()];
}

describe("bench budgets", () => {
  it("every budget names the row that measures it", () => {
    expect(BUDGETS.filter((b) => !b.source).map((b) => b.figure)).toEqual([]);
  });

  it("holds sizes to the issue's limits and keeps the tighter goal in view", () => {
    const sizes = BUDGETS.filter((b) => b.unit === "kB").map((b) => [b.figure, b.limit, b.goal]);
    expect(sizes).toEqual([
      ["blocking-only import (brotli)", 18, 12],
      ["the whole kit (brotli)", 28, 20],
    ]);
  });

  it("meets every budget exactly at its limit and misses each one just past it", () => {
    expect(checkBudgets(outcomesWith((limit) => limit)).every((v) => v.met)).toBe(true);
    const past = checkBudgets(outcomesWith((limit, atLeast) => (atLeast ? limit - 0.1 : limit + 0.1)));
    expect(past.filter((v) => v.met)).toEqual([]);
  });

  it("counts a figure no suite measured as missed, and says so", () => {
    const [first, ...rest] = outcomesWith((limit) => limit / 2);
    const verdicts = checkBudgets([{ ...first!, rows: [] }, ...rest]);
    const unmeasured = verdicts.filter((v) => v.measured === undefined);
    expect(unmeasured.length).toBeGreaterThan(0);
    expect(unmeasured.every((v) => !v.met)).toBe(true);
    expect(formatVerdicts(unmeasured)).toMatch(/^not measured/);
  });

  it("prints the same run's baseline beside a verdict", () => {
    const text = formatVerdicts(checkBudgets(outcomesWith((limit) => limit / 2, 6.3)));
    expect(text).toContain("met           playground at 50 pending and 5,000 summaries: digit key → painted, median over the bare page's: 1.0 ms (budget ≤ 2 ms); bare page 6.3 ms in this run");
    expect(text).toContain("met           blocking-only import (brotli): 9.0 kB (budget ≤ 18 kB, goal 12)");
  });

  it("holds every p95 latency to two frames", () => {
    const p95 = BUDGETS.filter((b) => b.source?.metric.includes("(p95)")).map((b) => [b.source!.metric, b.limit]);
    expect(p95).toEqual([
      ["kit playground: frame → question painted, real gateway (p95)", 33.4],
      ["frame-to-paint at scale (p95)", 33.4],
      ["key-to-paint at scale (p95)", 33.4],
      ["Ctrl+Enter-to-paint at scale (p95)", 33.4],
      ["playground at scale: digit key → painted (p95)", 33.4],
    ]);
  });

  it("writes the figures as one Markdown section: the command, the load, each verdict and every row", () => {
    const suites = outcomesWith((limit, atLeast) => (atLeast ? limit - 1 : limit / 2));
    const text = figuresMarkdown({ date: "2026-12-06T11:00:00.000Z", commit: "abc1234", command: "npm run bench", load: { start: [0.5, 1, 2], end: [1.5, 1, 2] }, environment: { cores: 2 }, suites });
    expect(text).toContain("`npm run bench`, 2026-12-06 11:00 UTC, commit `abc1234`, on 2 cores.");
    expect(text).toContain("Load average (1, 5, 15 min): 0.50, 1.00, 2.00 at the start, 1.50, 1.00, 2.00 at the end.");
    expect(text).toContain("| met | the whole kit (brotli) | 14.0 kB | ≤ 28 kB, goal 20 |  |");
    expect(text).toContain("| MISSED | frame → question painted: OpenClaw's Control UI median / the kit's (real gateway) | 4.00 × | ≥ 5 × | OpenClaw's UI 7.0 ms in this run |");
    expect(text).toContain("| throughput | store: 10,000 events, 50 pending and 5,000 summaries (CPU time) | 25.0 |  |  |");
  });
});
