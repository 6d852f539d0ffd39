// Browser specs (test/e2e) in the system Chromium, against the built playground and the built Storybook.
// `npm run test:browser` builds both first; this config only serves them.
import { defineConfig } from "@playwright/test";
import { chromiumLaunchOptions } from "./test/e2e/support/chromium";
import { PLAYGROUND_DIR, PLAYGROUND_PORT, PLAYGROUND_URL, STORYBOOK_DIR, STORYBOOK_PORT, STORYBOOK_URL } from "./test/e2e/support/servers";

const ci = Boolean(process.env["CI"]);

export default defineConfig({
  testDir: "test/e2e",
  testMatch: "**/*.spec.ts",
  outputDir: "test-results/playwright",
  workers: 2,
  forbidOnly: ci,
  // One retry on CI absorbs a loaded 2-core runner; a test that fails twice still fails the run.
  retries: ci ? 1 : 0,
  // Limits that catch a hang, not a slow machine: beside the gateways on two cores a page can take several times
  // as long as on an idle one, and an assertion that holds returns at once however long its limit.
  timeout: 120_000,
  expect: { timeout: 20_000 },
  reporter: ci
    ? [["list"], ["json", { outputFile: "test-results/playwright.json" }]]
    : [["list"]],
  projects: [
    // The real gateway takes ~10 s and ~1 GB to start: one worker, one gateway. Listed first so that its specs, which
    // run one after another and mostly wait on the gateway, start at once on one worker while the other takes the
    // chromium project's; listed last, they were a serial tail after everything else.
    { name: "real-gateway", testMatch: "**/*.gateway.spec.ts", workers: 1, timeout: 300_000 },
    // Every test opens its own page, so tests of one file may share out across workers (the story sweep does).
    { name: "chromium", testIgnore: "**/*.gateway.spec.ts", fullyParallel: true },
  ],
  use: {
    browserName: "chromium",
    baseURL: PLAYGROUND_URL,
    launchOptions: chromiumLaunchOptions,
    // Recording a trace costs every test CPU time, kept or not: on CI only the retry of a failed test records one.
    trace: ci ? "on-first-retry" : "retain-on-failure",
  },
  webServer: [
    {
      command: `npx vite preview --port ${PLAYGROUND_PORT} --strictPort --outDir ${PLAYGROUND_DIR}${PLAYGROUND_DIR === "dist-playground" ? "" : " --bypass-lock"}`,
      url: PLAYGROUND_URL,
      reuseExistingServer: false,
      timeout: 120_000,
    },
    {
      command: `node test/e2e/support/static-server.mjs ${STORYBOOK_DIR} ${STORYBOOK_PORT}`,
      url: `${STORYBOOK_URL}/__ready`,
      reuseExistingServer: false,
      timeout: 120_000,
    },
  ],
});
