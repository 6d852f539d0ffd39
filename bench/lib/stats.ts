// Timing loops and summary statistics for the benchmarks (performance.now, no dependency).

/** Summary of a list of samples. */
export interface Summary {
  n: number;
  min: number;
  median: number;
  p95: number;
  max: number;
}

/** The q-quantile (0..1) of `sorted`, nearest-rank. */
function quantile(sorted: number[], q: number): number {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1));
  return sorted[index] ?? Number.NaN;
}

/** Median, p95 and range of `samples`. */
export function summarize(samples: readonly number[]): Summary {
  const sorted = [...samples].sort((a, b) => a - b);
  return {
    n: sorted.length,
    min: sorted[0] ?? Number.NaN,
    median: quantile(sorted, 0.5),
    p95: quantile(sorted, 0.95),
    max: sorted[sorted.length - 1] ?? Number.NaN,
  };
}

/** Options of {@link opsPerSecond}. */
export interface OpsOptions {
  /** Timed runs; the median is reported. @default 7 */
  runs?: number;
  /** Minimum duration of one run, in ms. @default 200 */
  minRunMs?: number;
  /** Untimed calls before the first run, so the JIT has settled. @default 1000 */
  warmup?: number;
}

/** Calls `fn` repeatedly and reports operations per second: the median of `runs` timed runs. */
export function opsPerSecond(fn: (iteration: number) => unknown, options: OpsOptions = {}): Summary {
  const { runs = 7, minRunMs = 200, warmup = 1000 } = options;
  let sink: unknown;
  for (let i = 0; i < warmup; i++) sink = fn(i);
  // Find a batch size that lasts about 1/10 of a run, so the clock is read rarely.
  let batch = 1;
  for (;;) {
    const start = performance.now();
    for (let i = 0; i < batch; i++) sink = fn(i);
    if (performance.now() - start >= minRunMs / 10 || batch >= 1 << 24) break;
    batch *= 2;
  }
  const rates: number[] = [];
  for (let run = 0; run < runs; run++) {
    let calls = 0;
    const start = performance.now();
    let elapsed = 0;
    while (elapsed < minRunMs) {
      for (let i = 0; i < batch; i++) sink = fn(calls + i);
      calls += batch;
      elapsed = performance.now() - start;
    }
    rates.push((calls / elapsed) * 1000);
  }
  keep(sink);
  return summarize(rates);
}

// A global write stops the optimiser from deleting the measured calls as dead code.
function keep(value: unknown): void {
  (globalThis as { benchSink?: unknown }).benchSink = value;
}

/** Times `fn` (sync or async) `samples` times after `warmup` untimed calls; returns the durations in ms. */
export async function timeSamples(
  fn: () => unknown,
  { samples = 30, warmup = 5 }: { samples?: number; warmup?: number } = {},
): Promise<number[]> {
  for (let i = 0; i < warmup; i++) await fn();
  const durations: number[] = [];
  for (let i = 0; i < samples; i++) {
    const start = performance.now();
    await fn();
    durations.push(performance.now() - start);
  }
  return durations;
}
