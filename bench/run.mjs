#!/usr/bin/env node
// Runs the benchmark suites (bench/suites/*.bench.ts), prints each budget of bench/budgets.ts as met or missed,
// and writes bench/results/latest.json and the figures in CONTRIBUTING.md.
//
//   npm run bench                 builds the library, the bench page and the playground, then runs every suite
//   npm run bench -- --check      the same, and exits 1 when a budget is missed (not part of npm test)
//   node bench/run.mjs [filter]   runs the suites whose name contains `filter`, on existing builds, into
//                                 bench/results/partial.json (CONTRIBUTING.md keeps the full run's figures)
//   node bench/run.mjs --docs     writes CONTRIBUTING.md's figures again from bench/results/latest.json
//
// Suites are TypeScript; Vite's module runner loads them (no extra dependency).
import { fileURLToPath } from 'node:url';
import { runnerImport } from 'vite';

const harness = fileURLToPath(new URL('./harness.ts', import.meta.url));
const root = fileURLToPath(new URL('..', import.meta.url));

try {
  const { module } = await runnerImport(harness, { root, configFile: false, logLevel: 'error' });
  const args = process.argv.slice(2);
  if (args.includes('--docs')) {
    module.writeDocs();
  } else {
    const event = process.env.npm_lifecycle_event;
    const command = event ? `npm run ${event}${args.length ? ` -- ${args.join(' ')}` : ''}` : `node bench/run.mjs${args.length ? ` ${args.join(' ')}` : ''}`;
    const failed = await module.runBenchmarks({ filter: args.find((a) => !a.startsWith('--')), check: args.includes('--check'), command });
    process.exitCode = failed ? 1 : 0;
  }
} catch (err) {
  console.error(err instanceof Error ? (err.stack ?? err.message) : err);
  process.exitCode = 1;
}
