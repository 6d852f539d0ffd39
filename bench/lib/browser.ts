// Opens the built bench page (bench/browser, built to dist-bench) in the system Chromium.
import { existsSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { fileURLToPath } from "node:url";
import { chromium, type Page } from "playwright-core";
import { chromiumLaunchOptions } from "../../test/e2e/support/chromium";
import { serveStatic } from "../../test/e2e/support/static-server.mjs";

const builtDir = fileURLToPath(new URL("../../dist-bench/", import.meta.url));
const PAGE_PATH = "/bench/browser/index.html";

let browserVersion: string | undefined;

/** Runs `fn` with the bench page loaded and its scenarios registered; closes everything afterwards. */
export async function withBenchPage<T>(fn: (page: Page) => Promise<T>): Promise<T> {
  if (!existsSync(`${builtDir}${PAGE_PATH}`)) {
    throw new Error("the bench page is not built: run `npx vite build --mode bench` (npm run bench does)");
  }
  const server = await serveStatic(builtDir, 0);
  const browser = await chromium.launch(chromiumLaunchOptions);
  try {
    browserVersion = `Chromium ${browser.version()}`;
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    const { port } = server.address() as AddressInfo;
    await page.goto(`http://127.0.0.1:${port}${PAGE_PATH}`);
    await page.waitForFunction(() => (window as { benchPage?: { ready: boolean } }).benchPage?.ready === true);
    const result = await fn(page);
    if (errors.length > 0) throw new Error(`errors in the bench page:\n${errors.join("\n")}`);
    return result;
  } finally {
    await browser.close();
    await new Promise((done) => server.close(done));
  }
}

/** The browser the last browser suite ran in, for the results file. */
export function browserEnvironment(): Record<string, string> {
  return browserVersion ? { browser: browserVersion } : {};
}
