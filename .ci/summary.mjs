#!/usr/bin/env node
// Prints the closing line of .ci/run, "N passed, N failed, N skipped (…)", from the JSON reports that
// Vitest (test-results/vitest*.json, one per Vitest process) and Playwright (test-results/playwright.json) write when CI is set.
//
//   node .ci/summary.mjs <exit status of the run> <seconds>
import { readdirSync, readFileSync } from 'node:fs';

const [status = '1', seconds = '?'] = process.argv.slice(2);

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

const counts = { passed: 0, failed: 0, skipped: 0 };
const ran = [];

let vitestFiles = [];
try {
  vitestFiles = readdirSync('test-results').filter((name) => /^vitest.*\.json$/.test(name));
} catch {
  /* no reports */
}
for (const name of vitestFiles) {
  const vitest = readJson(`test-results/${name}`);
  if (!vitest) continue;
  if (!ran.includes('vitest')) ran.push('vitest');
  counts.passed += vitest.numPassedTests ?? 0;
  counts.failed += vitest.numFailedTests ?? 0;
  counts.skipped += (vitest.numPendingTests ?? 0) + (vitest.numTodoTests ?? 0);
}

const playwright = readJson('test-results/playwright.json');
if (playwright?.stats) {
  ran.push('playwright');
  counts.passed += (playwright.stats.expected ?? 0) + (playwright.stats.flaky ?? 0);
  counts.failed += playwright.stats.unexpected ?? 0;
  counts.skipped += playwright.stats.skipped ?? 0;
}

// A failed step before or between the suites (typecheck, lint, a build) counts as one failure.
if (status !== '0' && counts.failed === 0) counts.failed = 1;

const where = ran.length ? ran.join(' + ') : 'no test reports';
console.log(`${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped (${where}, ${seconds} s)`);
