// The built playground in a long conversation: 5,000 answered questions summarised in its transcript and 50
// one-question requests pending in the dock, on the embedded simulated gateway. How many elements the page holds, its JS heap, and how
// long a digit key takes to paint the option it picks, against the same key on a bare page in the same browser.
import { existsSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { fileURLToPath } from "node:url";
import { chromium, type Page } from "playwright-core";
import { chromiumLaunchOptions } from "../../test/e2e/support/chromium";
import { seedLongConversation } from "../../test/e2e/support/long-conversation";
import { serveStatic } from "../../test/e2e/support/static-server.mjs";
import { heapMegabytes } from "../lib/heap";
import { summarize } from "../lib/stats";
import type { BenchRow, BenchSuite } from "../lib/types";

const playgroundDir = fileURLToPath(new URL("../../dist-playground/", import.meta.url));
const ANSWERED = 5_000;
const PENDING = 50;
const WARMUP = 5;
const SAMPLES = 30;

// Page-side timing, as bench/browser/paint.ts does it: from the key's own timeStamp to just after the first paint
// in which the element `spec` names shows `spec.equals` (its attribute `spec.attr`, or its text). It is a string so
// that it runs in both pages without a build, and it evaluates no code it is handed.
const PAGE_TIMING = `
window.__keyToPaint = (key, spec) => new Promise((resolve, reject) => {
  const painted = () => {
    const element = document.querySelectorAll(spec.selector)[spec.index ?? 0];
    return (spec.attr ? element?.getAttribute(spec.attr) : element?.textContent) === spec.equals;
  };
  const onKeydown = (event) => {
    if (event.key !== key) return;
    window.removeEventListener("keydown", onKeydown, true);
    const since = event.timeStamp;
    const afterPaint = () => requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => resolve(performance.now() - since);
      channel.port2.postMessage(null);
    });
    if (painted()) return afterPaint();
    const observer = new MutationObserver(() => {
      if (!painted()) return;
      observer.disconnect();
      clearTimeout(timer);
      afterPaint();
    });
    const timer = setTimeout(() => { observer.disconnect(); reject(new Error("not painted within 5 s")); }, 5000);
    observer.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
  };
  window.addEventListener("keydown", onKeydown, true);
});
window.__atRest = (quietMs) => new Promise((resolve) => {
  const poll = () => (document.getAnimations().length > 0 ? setTimeout(poll, 10) : setTimeout(resolve, quietMs));
  poll();
});
`;

/** What shows that a key's change is on the page. */
interface PaintedSpec {
  selector: string;
  index?: number;
  attr?: string;
  equals: string;
}

type TimingWindow = Window & { __keyToPaint(key: string, spec: PaintedSpec): Promise<number>; __atRest(quietMs: number): Promise<void> };

/** A page to time keys on: which keys to alternate, so every press changes what is painted, and what shows each. */
interface KeyTarget {
  page: Page;
  keys: readonly string[];
  painted: (key: string) => PaintedSpec;
}

// How the page is left before a key, on every page alike, so that each key lands on a page at rest as a person's
// does: no transition still running (the dock's options fade their colours for 120 ms after a pick; while one runs,
// the compositor ticks every frame and a key waits for the next tick, where on a page at rest its frame starts at
// once, so keys 40 ms apart timed the previous key's fade rather than this key's paint), then this long idle.
const QUIET_MS = 100;

// One key: the page is let come to rest, the key goes down, and it is released only once the paint is measured, as
// a person's finger is (a key is held some 50–100 ms). `keyboard.press` sends the keyup 2–5 ms after the keydown;
// when that keyup lands after the frame that paints the change, Chromium holds the posted task the timing waits
// for until the frame after the keyup (its scheduler defers such tasks after discrete input, and the pending frame
// runs first), which added a whole frame to any page whose keydown takes longer than the bare page's.
async function keyToPaintOnce({ page, keys, painted }: KeyTarget, i: number): Promise<number> {
  const key = keys[i % keys.length]!;
  await page.evaluate((quiet) => (window as unknown as TimingWindow).__atRest(quiet), QUIET_MS);
  const measured = page.evaluate(([k, spec]) => (window as unknown as TimingWindow).__keyToPaint(k, spec), [key, painted(key)] as const);
  await page.waitForTimeout(20);
  await page.keyboard.down(key);
  const ms = await measured;
  await page.keyboard.up(key);
  return ms;
}

// The targets take turns key by key, so a machine busier in one stretch of the run weighs on both alike.
async function keyToPaint(targets: readonly KeyTarget[]): Promise<number[][]> {
  const samples = targets.map((): number[] => []);
  for (let i = 0; i < WARMUP + SAMPLES; i++) {
    for (const [t, target] of targets.entries()) {
      const ms = await keyToPaintOnce(target, i);
      if (i >= WARMUP) samples[t]!.push(ms);
    }
  }
  return samples;
}

function latencyRows(name: string, samples: number[]): BenchRow[] {
  const { median, p95, n } = summarize(samples);
  return [
    { metric: `${name} (median)`, value: median, unit: "ms", note: `n=${n}` },
    { metric: `${name} (p95)`, value: p95, unit: "ms", note: `n=${n}` },
  ];
}

async function barePage(page: Page): Promise<KeyTarget> {
  await page.setContent(`<output id="out" tabindex="0"></output><script>${PAGE_TIMING}; addEventListener("keydown", (e) => { document.getElementById("out").textContent = "key " + e.key; });</script>`);
  await page.focus("#out");
  return { page, keys: ["1", "2"], painted: (key) => ({ selector: "#out", equals: `key ${key}` }) };
}

const suite: BenchSuite = {
  name: "playground-scale",
  async run() {
    if (!existsSync(`${playgroundDir}index.html`)) throw new Error("the playground is not built: run `npx vite build` (npm run bench does)");
    const server = await serveStatic(playgroundDir, 0);
    const browser = await chromium.launch(chromiumLaunchOptions);
    try {
      const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
      const rows: BenchRow[] = [];

      const { port } = server.address() as AddressInfo;
      await page.addInitScript(PAGE_TIMING);
      // ?persist=0: the simulated gateway does not save its whole state per question, which a real gateway never does.
      await page.goto(`http://127.0.0.1:${port}/?persist=0`);
      await page.waitForFunction(() => "__questionDockSim" in window);
      const seeded = Date.now();
      // One question a request: a digit then only picks, as in the bench page's scenario; in a stepper it would also
      // start the step's auto-advance, which is another figure.
      await seedLongConversation(page, ANSWERED, PENDING, 1);
      await page.getByRole("button", { name: /^Show earlier messages \(4750 not shown\)/ }).waitFor({ timeout: 900_000 });
      const region = page.getByRole("region", { name: "Questions" });
      await region.getByRole("radio").first().waitFor({ timeout: 60_000 });
      rows.push({ metric: "playground at scale: seeding until shown", value: (Date.now() - seeded) / 1000, unit: "s", note: `${ANSWERED} answered, ${PENDING} pending, in one task` });
      rows.push({ metric: "playground at scale: DOM elements", value: await page.evaluate(() => document.getElementsByTagName("*").length), unit: "elements" });
      rows.push({ metric: "playground at scale: JS heap (after GC)", value: await heapMegabytes(page), unit: "MB", note: "Runtime.getHeapUsage" });

      await region.getByRole("radio").first().focus();
      const checked = (key: string): PaintedSpec => ({ selector: 'section[aria-label="Questions"] [role="radio"]', index: Number(key) - 1, attr: "aria-checked", equals: "true" });
      // The bare page is another tab of the same browser, timed in turns with the playground.
      const bare = await barePage(await browser.newPage({ viewport: { width: 1280, height: 800 } }));
      const [baseline, digit] = await keyToPaint([bare, { page, keys: ["2", "1"], painted: checked }]);
      rows.push(...latencyRows("bare page: key → painted", baseline!));
      rows.push(...latencyRows("playground at scale: digit key → painted", digit!));
      rows.push({
        metric: "playground at scale: digit key → painted, median over the bare page's",
        value: summarize(digit!).median - summarize(baseline!).median,
        unit: "ms",
        note: "same browser, keys in turns with the bare page, each on a page at rest",
      });
      return rows;
    } finally {
      await browser.close();
      await new Promise((done) => server.close(done));
    }
  },
};

export default suite;
