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

// As in the playground-scale suite, a key lands on a page at rest and is released after its sample. A scenario's
// untimed reset picks another option, which starts the options' 120 ms colour fade; while a fade runs the
// compositor ticks every frame and a key waits for the next tick, where on a page at rest (the baselines' always)
// its frame starts at once. An immediate keyup can land after the frame that paints the change and hold the page's
// timing task for one more frame (see keyToPaintOnce there).
const QUIET_MS = 100;

async function atRest(page: Page): Promise<void> {
  await page.evaluate(
    (quietMs) =>
      new Promise<void>((resolve) => {
        const poll = () => (document.getAnimations().length > 0 ? setTimeout(poll, 10) : setTimeout(resolve, quietMs));
        poll();
      }),
    QUIET_MS,
  );
}

async function sampleOnce(page: Page, name: string, key: string | undefined): Promise<number> {
  const sample = page.evaluate((scenario) => (window as unknown as BenchWindow).benchPage.sample(scenario), name);
  if (!key) return sample;
  await page.waitForFunction(() => (window as unknown as BenchWindow).benchPage.armed, undefined, { polling: 10 });
  await atRest(page);
  // "Control+Enter" is held as Control then Enter, and let go in reverse, as keyboard.press does.
  const held = key.length > 1 ? key.split("+") : [key];
  for (const part of held) await page.keyboard.down(part);
  const ms = await sample;
  for (const part of held.reverse()) await page.keyboard.up(part);
  return ms;
}

const suite: BenchSuite = {
  name: "browser-latency",
  run: () =>
    withBenchPage(async (page) => {
      const scenarios = await page.evaluate(() => (window as unknown as BenchWindow).benchPage.scenarios());
      const rows: BenchRow[] = [];
      for (const { name, key } of scenarios) {
        const samples: number[] = [];
        try {
          await page.evaluate((scenario) => (window as unknown as BenchWindow).benchPage.setup(scenario), name);
          for (let i = 0; i < WARMUP; i++) await sampleOnce(page, name, key);
          for (let i = 0; i < SAMPLES; i++) samples.push(await sampleOnce(page, name, key));
        } catch (err) {
          throw new Error(`scenario "${name}", after ${samples.length} samples: ${String(err)}`);
        }
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
