// The fault soak (`npm run soak`, `npm run test:soak`): the playground built into its own folder and served on its
// own port, one Chromium page (plus a second tab when an episode needs it), one real gateway per run.
import { defineConfig } from "@playwright/test";
import { chromiumLaunchOptions } from "../e2e/support/chromium";

const port = Number(process.env["SOAK_PORT"] ?? 4284);
// npm test hands over the playground its browser stage built; on its own the soak builds a copy of its own.
const prebuilt = process.env["SOAK_PLAYGROUND_DIR"];
const dir = prebuilt ?? "dist-playground-soak";
const build = prebuilt ? "" : `npx vite build --outDir ${dir} --emptyOutDir --logLevel warn --bypass-lock && `;

export default defineConfig({
  testDir: ".",
  testMatch: "soak.spec.ts",
  outputDir: "../../test-results/soak/playwright",
  workers: 1,
  retries: 0,
  reporter: [["list"]],
  use: { browserName: "chromium", launchOptions: chromiumLaunchOptions },
  webServer: {
    command: `${build}npx vite preview --outDir ${dir} --port ${port} --strictPort --bypass-lock`,
    cwd: "../..",
    url: `http://127.0.0.1:${port}`,
    reuseExistingServer: false,
    // Building the playground and starting the preview: a limit for a hang, well past a busy machine's minute.
    timeout: 600_000,
  },
});
