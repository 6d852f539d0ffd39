// The stages of `npm test` (test/run.mjs), in lanes that run side by side, one stage at a time each, in the order
// listed. "cpu" and "checks" hold the stages that keep the machine busy: the builds and then Playwright, which needs
// them; the type-check, lint and Vitest in jsdom, which need nothing. The other lanes hold stages that spend most of
// their time waiting: "gateways", "restarts" and "soak" on real OpenClaw gateways, "install" on the npm registry.
// "pool" is the gateway pool (test/gateway/pool.ts), a service that runs until the stages after it have ended: the
// plain and the Codex gateway that Vitest and Playwright share. The restart files and the soak kill and restart
// gateways, so they start their own. `after` names stages that must have passed (or, for the pool, be ready) first.

/** Where each Vitest process writes its JSON report on CI (.ci/summary.mjs reads every test-results/vitest*.json). */
const vitestJson = (name) => `--outputFile.json=test-results/vitest-${name}.json`;

/** The gateway pool's file: run.mjs hands its path to every stage as GATEWAY_POOL. */
export const POOL_FILE = "test-results/gateway-pool.json";

const typecheck = { name: "typecheck", lane: "checks", command: "npx tsc -p tsconfig.json --noEmit" };
const lint = { name: "lint", lane: "checks", command: "npx eslint ." };
const unit = {
  name: "vitest: node, dom and stories",
  lane: "checks",
  command: `npx vitest run --project node --project dom --project stories ${vitestJson("unit")}`,
};

// Every lane but "restarts" yields the CPU to it: a restarted gateway recovers the run it cut off within fixed
// deadlines of its own (three tries within about 15 s, and the Codex plugin's app-server requests), and a starved one
// misses them. The lanes on the other real gateways yield a little, the ones that only keep the machine busy more.
// Niceness changes no stage's CPU time.
const NICENESS = { gateways: 5, pool: 5, soak: 5, install: 5, cpu: 10, checks: 10 };
const yielding = (stage) => (NICENESS[stage.lane] ? { ...stage, command: `nice -n ${NICENESS[stage.lane]} ${stage.command}` } : stage);

/** Every stage of `npm test`. */
export const STAGES = [
  { name: "gateway runtime", lane: "gateways", command: "node test/gateway/install.mjs" },
  {
    name: "gateway pool",
    lane: "pool",
    service: true,
    ready: POOL_FILE,
    after: ["gateway runtime"],
    command: `node test/gateway/run-pool.mjs ${POOL_FILE}`,
  },
  {
    name: "vitest: real gateway",
    lane: "gateways",
    after: ["gateway pool"],
    command: `npx vitest run --project gateway ${vitestJson("gateway")}`,
  },
  {
    name: "vitest: gateway restarts",
    lane: "restarts",
    // The playground too: a suite opens a question link in Chromium across the restart (page.restart.ts).
    after: ["gateway runtime", "build: playground"],
    command: `npx vitest run --project gateway-restart ${vitestJson("gateway-restart")}`,
  },
  {
    name: "soak (20 faults)",
    lane: "soak",
    after: ["gateway runtime", "build: playground"],
    command: "node test/soak/run.mjs 20 --prebuilt dist-playground",
  },
  // Bundles a tiny import from dist/index.js: a few seconds, in the lane that waits for the library anyway.
  {
    name: "vitest: built library",
    lane: "install",
    after: ["build: library"],
    command: `npx vitest run --project built ${vitestJson("built")}`,
  },
  // Mostly npm fetching from the registry: a lane of its own, so that it waits beside the others.
  { name: "install", lane: "install", after: ["build: library"], command: "node test/install/run.mjs" },

  // The playground first: a few seconds, and all the soak waits for, whose lane is among the longest.
  { name: "build: playground", lane: "cpu", command: "npx vite build --logLevel warn" },
  { name: "build: library", lane: "cpu", command: "npx vite build --mode lib --logLevel warn" },
  { name: "build: storybook", lane: "cpu", command: "npx storybook build --quiet --loglevel warn" },
  {
    name: "playwright",
    lane: "cpu",
    after: ["gateway pool", "build: playground", "build: storybook"],
    command: "npx playwright test",
  },
  typecheck,
  lint,
  unit,
].map(yielding);

/** `npm run test:fast`: every check that needs no gateway and no browser, the type-check and lint beside Vitest. */
export const FAST_STAGES = [typecheck, lint, { ...unit, lane: "vitest" }];
