// ESLint 9 flat config: typescript-eslint (syntactic, for speed), React hooks, and the layer fences.
import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";
import { defineConfig } from "eslint/config";

// Opt-in features (src/features/) join store links with their views; only the package entry may import them, so a
// host that does not call a feature's factory bundles none of it.
const noFeatures = {
  group: ["**/features", "**/features/**"],
  message: "only the package entry imports src/features; a layer below it would put opt-in parts in every host's bundle.",
};

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
    noFeatures,
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

// The simulated gateway ships as its own entry for playgrounds and tests; the library never bundles it.
const noSimulated = {
  group: ["**/simulated", "**/simulated/**"],
  message: "The simulated gateway is a separate entry (/simulated); nothing in the library may import src/simulated.",
};

// The client reports to whoever listens; the store listens, so the gateway never knows the store.
const gatewayLayer = {
  paths: reactFreeLayer.paths,
  patterns: [
    ...reactFreeLayer.patterns,
    { group: ["**/store", "**/store/**"], message: "gateway sits below the store; it must not import src/store." },
    noSimulated,
  ],
};

// The simulated gateway speaks frames like a real one: protocol and gateway types only, no store, no React.
const simulatedLayer = {
  paths: reactFreeLayer.paths,
  patterns: [
    ...reactFreeLayer.patterns,
    { group: ["**/store", "**/store/**"], message: "The simulated gateway stands in for a server; it must not import src/store." },
  ],
};

// Hooks own the dock context; views sit on top of them, never the other way round.
const hooksLayer = {
  patterns: [
    {
      group: ["**/components", "**/components/**"],
      message: "hooks must not import components; the dock context lives in src/hooks/dock-context.ts.",
    },
    noFeatures,
    noSimulated,
  ],
};

// The message table is words and formatting only: no React, no views or hooks, and only the store's types.
const messagesLayer = {
  paths: reactFreeLayer.paths,
  patterns: [
    ...reactFreeLayer.patterns,
    { group: ["**/gateway", "**/gateway/**"], message: "the message table formats words; it must not import the gateway." },
    { group: ["**/store", "**/store/**"], allowTypeImports: true, message: "the message table names store types only; import them with `import type`." },
    noSimulated,
  ],
};

// Views read and change the store only through hooks; store types are fine to name.
const viewsReachStoreThroughHooks = {
  patterns: [
    {
      group: ["**/store", "**/store/**"],
      allowTypeImports: true,
      message: "components reach the store only through hooks (src/hooks); import store types with `import type`.",
    },
    noFeatures,
  ],
};

// The playground is a host: it imports the package's public entries only (the root, /protocol, /simulated,
// /locales/de and the stylesheet), so whatever it needs a host can have too.
const publicEntriesOnly = {
  patterns: [
    {
      regex: "^(\\.\\./)+src/(?!(protocol|simulated|messages/de|styles/question-dock\\.css)$)",
      message: "the playground imports only the package's public entries: ../src, ../src/protocol, ../src/simulated, ../src/messages/de and the stylesheet.",
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
  // Later blocks replace a rule's options for their folder, so each folder's block lists all of its fences.
  {
    files: ["src/**"],
    ignores: ["src/simulated/**"],
    rules: { "no-restricted-imports": ["error", { patterns: [noSimulated] }] },
  },
  {
    files: ["src/gateway/**"],
    rules: { "no-restricted-imports": ["error", gatewayLayer] },
  },
  {
    files: ["src/store/**"],
    rules: { "no-restricted-imports": ["error", { ...reactFreeLayer, patterns: [...reactFreeLayer.patterns, noSimulated] }] },
  },
  {
    files: ["src/protocol/**"],
    rules: { "no-restricted-imports": ["error", { ...protocolLayer, patterns: [...protocolLayer.patterns, noSimulated] }] },
  },
  {
    files: ["src/simulated/**"],
    rules: { "no-restricted-imports": ["error", simulatedLayer] },
  },
  // The one client-side file of the entry: a whole dock (simulator, client and store) for stories, tests and demos.
  {
    files: ["src/simulated/scripted-dock.ts"],
    rules: { "no-restricted-imports": ["error", reactFreeLayer] },
  },
  {
    files: ["src/messages/**"],
    rules: { "@typescript-eslint/no-restricted-imports": ["error", messagesLayer] },
  },
  {
    files: ["src/hooks/**"],
    rules: { "no-restricted-imports": ["error", hooksLayer] },
  },
  {
    files: ["playground/**"],
    rules: { "no-restricted-imports": ["error", publicEntriesOnly] },
  },
  {
    files: ["src/components/**"],
    rules: { "@typescript-eslint/no-restricted-imports": ["error", viewsReachStoreThroughHooks] },
  },
);
