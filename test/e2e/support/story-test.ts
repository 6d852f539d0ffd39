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

/** `test` with `preview` (a Storybook page reused across the worker's tests) and `show(id)`. */
export const storyTest = base.extend<
  { show: (id: string) => Promise<Page> },
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
  show: async ({ preview }, use) => {
    preview.problems.errors.length = 0;
    preview.problems.consoleErrors.length = 0;
    await use(async (id) => {
      await showStory(preview.page, id);
      return preview.page;
    });
    expectNoPageProblems(preview.problems);
  },
});

export { expect } from "./test";
