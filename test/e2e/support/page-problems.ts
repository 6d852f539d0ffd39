// What went wrong inside a page, recorded from its events: for Playwright Test's fixtures (test.ts) and for pages
// driven from elsewhere (the restart project's question-link suite).
import type { Page } from "playwright-core";

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
