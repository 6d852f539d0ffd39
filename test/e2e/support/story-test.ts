// A Playwright `test` whose stories share one Storybook preview page per worker: switching stories
// in place is several times faster than loading iframe.html for each of them.
import { test as base } from "@playwright/test";
import type { Page } from "@playwright/test";
import { showStory } from "./storybook";
import { expectNoPageProblems, watchPageProblems, type PageProblems } from "./test";

interface StoryPreview {
  page: Page;
  problems: PageProblems;
}

/** What a test may ask of the shared page before its story shows. */
interface ShowOptions {
  /** The viewport to show the story in; the test's own `viewport` option otherwise. */
  viewport?: { width: number; height: number };
}

/**
 * `test` with `preview` (a Storybook page reused across the worker's tests) and `show(id)`. A test that changes the
 * page beyond its scroll positions (a patched window API, say) must open a page of its own instead.
 */
export const storyTest = base.extend<
  { show: (id: string, options?: ShowOptions) => Promise<Page> },
  { preview: StoryPreview }
>({
  preview: [
    async ({ browser }, use) => {
      const context = await browser.newContext();
      const page = await context.newPage();
      await use({ page, problems: watchPageProblems(page) });
      await context.close();
    },
    { scope: "worker" },
  ],
  show: async ({ preview, viewport }, use) => {
    preview.problems.errors.length = 0;
    preview.problems.consoleErrors.length = 0;
    await use(async (id, options = {}) => {
      // The page outlives the test: each test sizes it anew, so none inherits the size an earlier one chose.
      const size = options.viewport ?? viewport;
      if (size) await preview.page.setViewportSize(size);
      await showStory(preview.page, id);
      return preview.page;
    });
    expectNoPageProblems(preview.problems);
  },
});

export { expect } from "./test";
