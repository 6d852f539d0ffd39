// Frame → question painted on the REAL OpenClaw gateway, for the kit's playground and for OpenClaw's own
// Control UI (served by the same gateway at /chat/main), the same prompts timed the same way in each
// (bench/gateway/frame-timing.ts). One UI at a time, so neither competes with the other for the CPU.
import { existsSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { fileURLToPath } from "node:url";
import { chromium, type Browser, type Page } from "playwright-core";
import { chromiumLaunchOptions } from "../../test/e2e/support/chromium";
import { serveStatic } from "../../test/e2e/support/static-server.mjs";
import { ensureGatewayRuntime, startRealGateway } from "../../test/gateway/harness";
import { connectRaw, type RawClient } from "../../test/gateway/raw-client";
import { installFrameTiming, type FrameTimingApi } from "../gateway/frame-timing";
import { summarize } from "../lib/stats";
import type { BenchRow, BenchSuite } from "../lib/types";

const WARMUP = 3;
const SAMPLES = 30;
const SETTLE_MS = 500;
const PAINT_TIMEOUT_MS = 15_000;
const playgroundDir = fileURLToPath(new URL("../../dist-playground/", import.meta.url));

type TimedWindow = Window & { frameTiming: FrameTimingApi };
// Counted across both UIs: every prompt's text is unique on the gateway, and the two UIs get texts of the same shape.
let asked = 0;

/** Asks one question with a text no other prompt has, and times it to the paint in `page`; then cancels it. */
async function sampleOnce(page: Page, admin: RawClient): Promise<number> {
  const text = `Where should build ${++asked} deploy?`;
  await page.evaluate((t) => (window as unknown as TimedWindow).frameTiming.arm(t), text);
  const { id } = await admin.request<{ id: string }>("question.request", {
    sessionKey: "main",
    timeoutMs: 600_000,
    questions: [{ questionId: "target", header: "Deploy", question: text, options: [{ label: "Staging (Recommended)" }, { label: "Production" }], isOther: true }],
  });
  // Cancelled whatever happens, so a failed prompt leaves nothing pending on the gateway.
  const ms = await page
    .evaluate((timeout) => (window as unknown as TimedWindow).frameTiming.result(timeout), PAINT_TIMEOUT_MS)
    .finally(() => admin.request("question.resolve", { id, cancel: true }).catch(() => undefined));
  // The next prompt starts once the page has heard of the cancel and had time to draw it: both UIs keep the
  // question in their transcript, so its text leaving the page cannot be the sign.
  await page.waitForFunction((q) => (window as unknown as TimedWindow).frameTiming.resolved(q), id, { timeout: PAINT_TIMEOUT_MS });
  await page.waitForTimeout(SETTLE_MS);
  return ms;
}

async function measureUi(browser: Browser, admin: RawClient, url: string): Promise<number[]> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    const page = await context.newPage();
    await page.addInitScript(installFrameTiming);
    await page.goto(url);
    await page.waitForFunction(() => (window as unknown as TimedWindow).frameTiming.connected, undefined, { timeout: 60_000 });
    // Let the first history and list reads settle before timing.
    await page.waitForTimeout(2_000);
    for (let i = 0; i < WARMUP; i++) await sampleOnce(page, admin);
    const samples: number[] = [];
    for (let i = 0; i < SAMPLES; i++) samples.push(await sampleOnce(page, admin));
    return samples;
  } finally {
    await context.close();
  }
}

function rows(ui: string, samples: number[]): BenchRow[] {
  const { median, p95, n } = summarize(samples);
  return [
    { metric: `${ui}: frame → question painted, real gateway (median)`, value: median, unit: "ms", note: `n=${n}` },
    { metric: `${ui}: frame → question painted, real gateway (p95)`, value: p95, unit: "ms", note: `n=${n}` },
  ];
}

/** Runs the cleanups last-first, each even when an earlier one failed, so no gateway or browser outlives the suite. */
async function releaseAll(cleanups: (() => Promise<unknown>)[]): Promise<void> {
  for (const release of cleanups.reverse()) await release().catch((err: unknown) => console.error(`gateway-latency cleanup: ${String(err)}`));
}

const suite: BenchSuite = {
  name: "gateway-latency",
  async run() {
    if (!existsSync(`${playgroundDir}index.html`)) throw new Error("the playground is not built: run `npm run build:playground` (npm run bench does)");
    ensureGatewayRuntime();
    const cleanups: (() => Promise<unknown>)[] = [];
    try {
      const server = await serveStatic(playgroundDir, 0);
      cleanups.push(() => new Promise((done) => server.close(done)));
      const gateway = await startRealGateway();
      cleanups.push(() => gateway.stop());
      const browser = await chromium.launch(chromiumLaunchOptions);
      cleanups.push(() => browser.close());
      const admin = await connectRaw(gateway.url, gateway.token, { retryForMs: 30_000 });
      cleanups.push(() => admin.close());
      const { port } = server.address() as AddressInfo;
      const params = new URLSearchParams({ gateway: gateway.url, token: gateway.token, session: "main" });
      const kit = await measureUi(browser, admin, `http://127.0.0.1:${port}/?${params.toString()}`);
      const openclaw = await measureUi(browser, admin, `${gateway.httpUrl}/chat/main#token=${encodeURIComponent(gateway.token)}`);
      const ratio = summarize(openclaw).median / summarize(kit).median;
      return [
        ...rows("kit playground", kit),
        ...rows("OpenClaw Control UI", openclaw),
        { metric: "OpenClaw median / kit median", value: ratio, unit: "×", note: "same prompts, same timing, one UI at a time" },
      ];
    } finally {
      await releaseAll(cleanups);
    }
  },
};

export default suite;
