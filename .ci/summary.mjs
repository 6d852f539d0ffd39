#!/usr/bin/env node
// Prints the closing line of .ci/run, "N passed, N failed, N skipped (…)", from the JSON reports that
// Vitest (test-results/vitest*.json, one per Vitest process) and Playwright (test-results/playwright.json) write when CI is set.
//
//   node .ci/summary.mjs <exit status of the run> <seconds>
import { readdirSync, readFileSync } from 'node:fs';
import { relative } from 'node:path';

const [status = '1', seconds = '?'] = process.argv.slice(2);

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

const counts = { passed: 0, failed: 0, skipped: 0 };
// Named so that a CI log that shows only its tail still says which test failed and why.
const failures = [];

function firstLine(messages) {
  const text = (messages ?? []).find((message) => typeof message === 'string' && message.trim()) ?? '';
  return text.split('\n').slice(0, 3).join(' | ').slice(0, 400);
}
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
  for (const file of vitest.testResults ?? []) {
    for (const test of file.assertionResults ?? []) {
      if (test.status === 'failed') failures.push(`${relative(process.cwd(), file.name)}: ${test.fullName}\n    ${firstLine(test.failureMessages)}`);
    }
    if (file.status === 'failed' && !(file.assertionResults ?? []).some((t) => t.status === 'failed')) {
      failures.push(`${relative(process.cwd(), file.name)}: ${firstLine([file.message])}`);
    }
  }
}

const playwright = readJson('test-results/playwright.json');
if (playwright?.stats) {
  ran.push('playwright');
  counts.passed += (playwright.stats.expected ?? 0) + (playwright.stats.flaky ?? 0);
  counts.failed += playwright.stats.unexpected ?? 0;
  counts.skipped += playwright.stats.skipped ?? 0;
  const walk = (suite, titles) => {
    for (const child of suite.suites ?? []) walk(child, [...titles, child.title]);
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status !== 'unexpected') continue;
        const error = test.results?.at(-1)?.error?.message;
        failures.push(`${spec.file}: ${[...titles, spec.title].filter(Boolean).join(' › ')}\n    ${firstLine([error])}`);
      }
    }
  };
  for (const suite of playwright.suites ?? []) walk(suite, []);
}

// A failed step before or between the suites (typecheck, lint, a build) counts as one failure.
if (status !== '0' && counts.failed === 0) counts.failed = 1;

if (failures.length) {
  console.log('failed tests:');
  for (const failure of failures) console.log(`  ${failure}`);
}
const where = ran.length ? ran.join(' + ') : 'no test reports';
console.log(`${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped (${where}, ${seconds} s)`);
