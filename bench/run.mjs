#!/usr/bin/env node
// Runs the benchmark suites (bench/suites/*.bench.ts) and writes bench/results/latest.json.
//
//   npm run bench                 builds the library and the bench page, then runs every suite
//   node bench/run.mjs [filter]   runs the suites whose name contains `filter`, on existing builds
//   npm run bench -- --check      also fails when a budget of bench/budgets.ts is missed (not part of npm test)
//
// Suites are TypeScript; Vite's module runner loads them (no extra dependency).
import { fileURLToPath } from 'node:url';
import { runnerImport } from 'vite';

const harness = fileURLToPath(new URL('./harness.ts', import.meta.url));
const root = fileURLToPath(new URL('..', import.meta.url));

try {
  const { module } = await runnerImport(harness, { root, configFile: false, logLevel: 'error' });
  const args = process.argv.slice(2);
  const failed = await module.runBenchmarks({ filter: args.find((a) => !a.startsWith('--')), check: args.includes('--check') });
  process.exitCode = failed ? 1 : 0;
} catch (err) {
  console.error(err instanceof Error ? (err.stack ?? err.message) : err);
  process.exitCode = 1;
}
