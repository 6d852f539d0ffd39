import react from "@vitejs/plugin-react";
import { defineConfig } from "vitest/config";

// jsdom and Node unit tests only; browser specs run under Playwright, real-gateway specs in their own project.
export default defineConfig({
  plugins: [react()],
  test: {
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
          setupFiles: ["test/dom/setup.ts"],
        },
      },
    ],
  },
});
