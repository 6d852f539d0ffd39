// Playwright Test, extended so that any uncaught page error or console.error fails the test that caused it.
import { test as base, expect } from "@playwright/test";
import { watchPageProblems, type PageProblems } from "./page-problems";

/** Fails the current test when `problems` holds anything. */
export function expectNoPageProblems(problems: PageProblems): void {
  expect(problems.errors, "uncaught errors in the page").toEqual([]);
  expect(problems.consoleErrors, "console.error in the page").toEqual([]);
}

/** Playwright's `test` with an automatic `pageProblems` check; import `test` and `expect` from here. */
export const test = base.extend<{ pageProblems: PageProblems }>({
  pageProblems: [
    async ({ page }, use) => {
      const problems = watchPageProblems(page);
      await use(problems);
      expectNoPageProblems(problems);
    },
    { auto: true },
  ],
});

export { expect, watchPageProblems, type PageProblems };
