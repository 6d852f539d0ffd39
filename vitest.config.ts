import { existsSync } from "node:fs";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vitest/config";

const gatewayProject = "test/gateway/vitest.gateway.config.ts";
const hasGatewayProject = existsSync(new URL(gatewayProject, import.meta.url));
if (!hasGatewayProject) console.warn(`[vitest] ${gatewayProject} is missing: the real-gateway tests will not run`);

// Node and jsdom tests, plus the real-gateway project (its own config starts OpenClaw once for the run).
// Browser specs run under Playwright (test/e2e), never here.
export default defineConfig({
  plugins: [react()],
  test: {
    // On CI, a machine-readable copy for the closing summary line of .ci/run.
    reporters: process.env["CI"] ? ["default", "json"] : ["default"],
    outputFile: { json: "test-results/vitest.json" },
    projects: [
      {
        extends: true,
        test: {
          name: "node",
          environment: "node",
          include: ["test/node/**/*.test.ts"],
        },
      },
      {
        extends: true,
        test: {
          name: "dom",
          environment: "jsdom",
          include: ["test/dom/**/*.test.{ts,tsx}"],
          setupFiles: ["test/dom/setup-render-log.ts", "test/dom/setup.ts", "test/dom/setup-stories.ts"],
        },
      },
      // Inline, so its include globs resolve from the repo root (a bare path would root them in test/gateway).
      ...(hasGatewayProject ? [{ extends: gatewayProject }] : []),
    ],
  },
});
