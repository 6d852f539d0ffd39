// Latencies in the system Chromium, from the scenarios of the bench page (bench/browser): median and p95.
import type { Page } from "playwright-core";
import { withBenchPage } from "../lib/browser";
import { heapMegabytes } from "../lib/heap";
import { summarize } from "../lib/stats";
import type { BenchRow, BenchSuite } from "../lib/types";
import type { BenchPageApi } from "../browser/registry";

const WARMUP = 5;
const SAMPLES = 30;

type BenchWindow = Window & { benchPage: BenchPageApi };

async function sampleOnce(page: Page, name: string, key: string | undefined): Promise<number> {
  const sample = page.evaluate((scenario) => (window as unknown as BenchWindow).benchPage.sample(scenario), name);
  if (key) {
    await page.waitForFunction(() => (window as unknown as BenchWindow).benchPage.armed);
    await page.keyboard.press(key);
  }
  return sample;
}

const suite: BenchSuite = {
  name: "browser-latency",
  run: () =>
    withBenchPage(async (page) => {
      const scenarios = await page.evaluate(() => (window as unknown as BenchWindow).benchPage.scenarios());
      const rows: BenchRow[] = [];
      for (const { name, key } of scenarios) {
        await page.evaluate((scenario) => (window as unknown as BenchWindow).benchPage.setup(scenario), name);
        for (let i = 0; i < WARMUP; i++) await sampleOnce(page, name, key);
        const samples: number[] = [];
        for (let i = 0; i < SAMPLES; i++) samples.push(await sampleOnce(page, name, key));
        const { median, p95, n } = summarize(samples);
        rows.push({ metric: `${name} (median)`, value: median, unit: "ms", note: `n=${n}` });
        rows.push({ metric: `${name} (p95)`, value: p95, unit: "ms", note: `n=${n}` });
      }
      const figures = await page.evaluate(() => (window as unknown as BenchWindow).benchPage.figures());
      rows.push(...figures);
      rows.push({ metric: "JS heap at scale (after GC)", value: await heapMegabytes(page), unit: "MB", note: "Runtime.getHeapUsage" });
      return rows;
    }),
};

export default suite;
