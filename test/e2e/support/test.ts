// Playwright Test, extended so that any uncaught page error or console.error fails the test that caused it.
import { test as base, expect } from "@playwright/test";
import type { Page } from "@playwright/test";

/** What went wrong inside a page; arrays are emptied by the fixture before each test. */
export interface PageProblems {
  /** Uncaught exceptions and unhandled rejections. */
  errors: string[];
  /** console.error messages (React warnings included), with the URL that logged them. */
  consoleErrors: string[];
}

/** Starts recording uncaught errors and console.error output of `page`. */
export function watchPageProblems(page: Page): PageProblems {
  const problems: PageProblems = { errors: [], consoleErrors: [] };
  page.on("pageerror", (error) => problems.errors.push(error.stack ?? error.message));
  page.on("console", (message) => {
    if (message.type() !== "error") return;
    const { url } = message.location();
    problems.consoleErrors.push(url ? `${message.text()} (${url})` : message.text());
  });
  return problems;
}

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

export { expect };
