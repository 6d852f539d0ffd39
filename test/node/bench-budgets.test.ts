// `npm run bench -- --check` must fail on a missed or unmeasured budget and print what each figure is held against.
import { describe, expect, it } from "vitest";
import { BUDGETS, checkBudgets, formatVerdicts } from "../../bench/budgets";
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

  it("prints the same run's baseline and the earlier run's figure beside a verdict", () => {
    const now = outcomesWith((limit) => limit / 2, 6.3);
    const before = outcomesWith((limit) => limit * 2);
    const text = formatVerdicts(checkBudgets(now, before));
    expect(text).toContain("met           playground at 5,000 summaries and 1,000 pending: digit key → painted, median over the bare page's: 1.0 ms (budget ≤ 2 ms); bare page 6.3 ms in this run; before 4.0 ms");
    expect(text).toContain("blocking-only import (brotli): 9.0 kB (budget ≤ 18 kB, goal 12); before 36.0 kB");
  });
});
