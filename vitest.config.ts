import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vitest/config";

const gatewayProjects = ["test/gateway/vitest.gateway.config.ts", "test/gateway/vitest.restart.config.ts"].filter((file) => {
  if (existsSync(new URL(file, import.meta.url))) return true;
  console.warn(`[vitest] ${file} is missing: its real-gateway tests will not run`);
  return false;
});

const WAITS = "test/support/setup-waits.ts";
const BUILT = "test/node/**/*.built.test.ts";
const DOM_SETUP = [WAITS, "test/dom/setup-render-log.ts", "test/dom/setup.ts", "test/dom/setup-stories.ts"];
const STORY_USER_EVENT = fileURLToPath(new URL("test/dom/stories/user-event.ts", import.meta.url));

// Limits that only catch a hang, never a slow machine: a story in jsdom or a fuzz file took 5 to 48 s on a busy
// 2-core machine, against Vitest's 5 s default. Files that start real gateways set their own (test/gateway). The
// limit of waits inside a test (vi.waitFor, expect.poll, findBy…) is set by the setup files (test/support/wait-limits.ts).
const HANG_GUARD_MS = 120_000;

// Node and jsdom tests, plus the real-gateway projects: "gateway" shares one OpenClaw for the run, and
// "gateway-restart" runs the files that start (and restart) their own.
// Browser specs run under Playwright (test/e2e), never here.
export default defineConfig({
  plugins: [react()],
  test: {
    // On CI, a machine-readable copy for the closing summary line of .ci/run.
    reporters: process.env["CI"] ? ["default", "json"] : ["default"],
    outputFile: { json: "test-results/vitest.json" },
    // The default leaves one core idle, which on a 2-core machine runs every file one after another.
    maxWorkers: 2,
    testTimeout: HANG_GUARD_MS,
    hookTimeout: HANG_GUARD_MS,
    projects: [
      // Files of a worker share one jsdom and the packages they import (isolate: false): building a fresh jsdom and
      // loading React again for each file cost more than the tests themselves. setup.ts resets the page between files.
      {
        extends: true,
        test: {
          name: "node",
          environment: "node",
          include: ["test/node/**/*.test.ts"],
          exclude: [BUILT],
          setupFiles: [WAITS],
          isolate: false,
        },
      },
      // Checks of the built library, run after `npm run build:lib` (test/stages.mjs).
      { extends: true, test: { name: "built", environment: "node", include: [BUILT], setupFiles: [WAITS] } },
      {
        extends: true,
        test: {
          name: "dom",
          environment: "jsdom",
          include: ["test/dom/**/*.test.{ts,tsx}"],
          exclude: ["test/dom/stories/**"],
          setupFiles: DOM_SETUP,
          isolate: false,
        },
      },
      // Composed stories share a worker's page too. Their plays type with Storybook's copy of user-event; with two
      // copies on one page a field takes typing only from the copy that came to the page last, which an earlier file
      // would decide, so the tests import that same copy (STORY_USER_EVENT).
      {
        extends: true,
        test: {
          name: "stories",
          environment: "jsdom",
          include: ["test/dom/stories/**/*.test.{ts,tsx}"],
          setupFiles: DOM_SETUP,
          isolate: false,
          alias: { "@testing-library/user-event": STORY_USER_EVENT },
        },
      },
      // Inline, so their include globs resolve from the repo root (a bare path would root them in test/gateway).
      ...gatewayProjects.map((file) => ({ extends: file })),
    ],
  },
});
