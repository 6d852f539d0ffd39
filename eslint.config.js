// ESLint 9 flat config: typescript-eslint (syntactic, for speed), React hooks, and the layer rule.
import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";
import { defineConfig } from "eslint/config";

// protocol, gateway and store are UI-agnostic: no React, no components, no hooks.
const reactFreeLayer = {
  paths: [
    { name: "react", message: "protocol, gateway and store must not depend on React." },
    { name: "react-dom", message: "protocol, gateway and store must not depend on React." },
  ],
  patterns: [
    { group: ["react/*", "react-dom/*", "@radix-ui/*"], message: "protocol, gateway and store must not depend on React." },
    {
      group: ["**/components", "**/components/**", "**/hooks", "**/hooks/**"],
      message: "protocol, gateway and store must not import the React layer (components, hooks).",
    },
  ],
};

// protocol is the pure bottom layer: it also stays free of the client and the store.
const protocolLayer = {
  paths: reactFreeLayer.paths,
  patterns: [
    ...reactFreeLayer.patterns,
    {
      group: ["**/gateway", "**/gateway/**", "**/store", "**/store/**"],
      message: "protocol is the bottom layer; it must not import gateway or store.",
    },
  ],
};

export default defineConfig(
  {
    ignores: [
      "dist/",
      "dist-*/",
      "storybook-static/",
      "node_modules/",
      "coverage/",
      "test-results/",
      "playwright-report/",
      "bench/results/",
      "test/gateway/runtime/",
      "test/gateway/.state/",
    ],
  },
  { linterOptions: { reportUnusedDisableDirectives: "error" } },
  js.configs.recommended,
  tseslint.configs.recommended,
  // Only where React runs: Playwright fixtures also call a function named `use`.
  {
    ...reactHooks.configs.flat.recommended,
    files: ["src/**", "stories/**", "playground/**", ".storybook/**", "test/dom/**", "bench/browser/**"],
  },
  {
    rules: {
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrorsIgnorePattern: "^_" },
      ],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "separate-type-imports" }],
    },
  },
  {
    files: ["src/**", "stories/**", "playground/**", ".storybook/**", "bench/browser/**"],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    files: ["test/**", "bench/**", ".ci/**", "*.config.{js,ts,mjs}", ".storybook/main.ts"],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },
  {
    files: ["src/gateway/**", "src/store/**"],
    rules: { "no-restricted-imports": ["error", reactFreeLayer] },
  },
  {
    files: ["src/protocol/**"],
    rules: { "no-restricted-imports": ["error", protocolLayer] },
  },
);
