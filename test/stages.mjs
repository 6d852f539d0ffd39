// The stages of `npm test` (test/run.mjs), in lanes that run side by side, one stage at a time each, in the order
// listed. "cpu" holds the stages that keep the machine busy (type-check, lint, builds, Vitest in jsdom, Playwright).
// The other lanes hold stages that spend most of their time waiting: "gateways" and "restarts" on real OpenClaw
// gateways (the shared ones, then the fault soak's; the files that start and restart their own), "install" on the
// npm registry. Starting a gateway keeps a core busy for about 12 s, so the two gateway lanes hold one Vitest process
// each rather than more. `after` names stages that must have passed first.

/** Where each Vitest process writes its JSON report on CI (.ci/summary.mjs reads every test-results/vitest*.json). */
const vitestJson = (name) => `--outputFile.json=test-results/vitest-${name}.json`;

/** Every stage of `npm test`. */
export const STAGES = [
  { name: "gateway runtime", lane: "gateways", command: "node test/gateway/install.mjs" },
  {
    name: "vitest: real gateway",
    lane: "gateways",
    after: ["gateway runtime"],
    command: `npx vitest run --project gateway ${vitestJson("gateway")}`,
  },
  // Beside the shared gateway's files, not after them: both mostly wait on their gateways, and one after the other
  // they were the longest lane of the run.
  {
    name: "vitest: gateway restarts",
    lane: "restarts",
    after: ["gateway runtime"],
    command: `npx vitest run --project gateway-restart ${vitestJson("gateway-restart")}`,
  },
  // Mostly npm fetching from the registry: a lane of its own, so that it waits beside the others, not before the soak.
  { name: "install", lane: "install", after: ["build: library"], command: "node test/install/run.mjs" },
  {
    name: "soak (20 faults)",
    lane: "gateways",
    after: ["gateway runtime", "build: playground"],
    command: "node test/soak/run.mjs 20 --prebuilt dist-playground",
  },

  { name: "typecheck", lane: "cpu", command: "npx tsc -p tsconfig.json --noEmit" },
  { name: "lint", lane: "cpu", command: "npx eslint ." },
  { name: "build: library", lane: "cpu", command: "npx vite build --mode lib --logLevel warn" },
  { name: "build: playground", lane: "cpu", command: "npx vite build --logLevel warn" },
  { name: "build: storybook", lane: "cpu", command: "npx storybook build --quiet --loglevel warn" },
  {
    name: "vitest: node + dom",
    lane: "cpu",
    command: `npx vitest run --project node --project dom --project stories ${vitestJson("unit")}`,
  },
  {
    name: "playwright",
    lane: "cpu",
    after: ["gateway runtime", "build: playground", "build: storybook"],
    command: "npx playwright test",
  },
];
