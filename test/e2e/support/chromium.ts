// Launch settings for the system Chromium: Playwright cannot download its own browser here.
import type { LaunchOptions } from "playwright-core";

/** Path of the Chromium binary: $CHROMIUM_PATH, else Debian's /usr/bin/chromium. */
export const chromiumPath = process.env["CHROMIUM_PATH"] || "/usr/bin/chromium";

// Without the background-networking flags Chromium keeps retrying a closed network and slows every test.
/** Command-line flags for a quiet, sandbox-free headless Chromium. */
export const chromiumArgs = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-quic",
];

/** Launch options shared by Playwright Test and the browser benchmarks. */
export const chromiumLaunchOptions: LaunchOptions = {
  executablePath: chromiumPath,
  args: chromiumArgs,
  headless: true,
};
