// The page's JS heap once garbage is collected, so the figure is what is kept, not what awaits collection.
import type { Page } from "playwright-core";

/** The JS heap `page` holds after a forced garbage collection, in MB (Chromium's `Runtime.getHeapUsage`). */
export async function heapMegabytes(page: Page): Promise<number> {
  const cdp = await page.context().newCDPSession(page);
  try {
    await cdp.send("HeapProfiler.collectGarbage");
    const { usedSize } = await cdp.send("Runtime.getHeapUsage");
    return usedSize / 1024 / 1024;
  } finally {
    await cdp.detach();
  }
}
