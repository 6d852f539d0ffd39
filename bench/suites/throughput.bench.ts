// Throughput of the UI-free layers in Node: operations per second, the median of 7 timed runs.
// Add a store operation the same way: build its input once, then time only the call.
import { parseAskUserInput } from "../../src/protocol";
import { opsPerSecond, type Summary } from "../lib/stats";
import type { BenchRow, BenchSuite } from "../lib/types";

function row(metric: string, summary: Summary): BenchRow {
  return {
    metric,
    value: summary.median,
    unit: "ops/s",
    note: `median of ${summary.n} runs (min ${Math.round(summary.min).toLocaleString("en-US")})`,
  };
}

const threeQuestions = {
  questions: ["env", "region", "notify"].map((id, index) => ({
    id,
    header: `Step ${index + 1}`,
    question: `Which ${id} should the deploy use?`,
    options: [
      { label: "Production (Recommended)", description: "The live environment" },
      { label: "Staging" },
      { label: "Preview" },
    ],
    multiSelect: index === 2,
  })),
};

const suite: BenchSuite = {
  name: "throughput",
  async run() {
    return [row("parseAskUserInput (3 questions)", opsPerSecond(() => parseAskUserInput(threeQuestions)))];
  },
};

export default suite;
