// Pixels of the states a person sees most (stories/QuestionDockSeenMost.stories.tsx), in both themes, at 1280 and
// 390 px, compared with the pictures in screenshots.spec.ts-snapshots. A focus ring across a description, or colours
// lost in a build, show here, where axe and the role queries see nothing.
//
// The same pixels on every machine:
// - Text is set in Nunito Sans, the web font that the built Storybook serves from its own files (declared in
//   iframe.html), through the `--qd-font` token as a host would; system fonts differ between machines. Only glyphs it
//   lacks (the monospace digit hints) fall back to DejaVu, which Debian's fontconfig, and so its Chromium, brings.
// - The stories run on a story clock that stands still; the page's own clock is paused before each picture.
// - Transitions and the caret are off, and the page is in UTC and en-US.
// After a deliberate change of look, `npx playwright test test/e2e/screenshots.spec.ts --update-snapshots` takes the
// pictures again; look at each one before committing it.
import { test as base, type Page } from "@playwright/test";
import { pauseClock } from "./support/playground";
import { showStory } from "./support/storybook";
import { expect, expectNoPageProblems, watchPageProblems, type PageProblems } from "./support/test";
import { THEMES, applyTheme } from "./support/theme";

const STATES = {
  arriving: "questiondock-seen-most--arriving-with-descriptions",
  "multi-select": "questiondock-seen-most--multi-select",
  "other-typed": "questiondock-seen-most--other-typed",
  review: "questiondock-seen-most--all-answered",
  collapsed: "questiondock-seen-most--collapsed",
  failed: "questiondock-seen-most--answer-failed",
} as const;

const WIDTHS = [1280, 390] as const;

const FONT = "Nunito Sans";

/** A Storybook page per worker whose clock the tests pause: switching stories in place is much faster than loading each. */
const test = base.extend<{ shots: Page }, { shotPage: { page: Page; problems: PageProblems } }>({
  shotPage: [
    async ({ browser }, use) => {
      const context = await browser.newContext({ locale: "en-US", timezoneId: "UTC" });
      const page = await context.newPage();
      await page.clock.install();
      await use({ page, problems: watchPageProblems(page) });
      await context.close();
    },
    { scope: "worker" },
  ],
  shots: async ({ shotPage }, use) => {
    shotPage.problems.errors.length = 0;
    shotPage.problems.consoleErrors.length = 0;
    // The story renders on a running clock (Storybook's own timers); the last test left it paused.
    await shotPage.page.clock.resume();
    await use(shotPage.page);
    expectNoPageProblems(shotPage.problems);
  },
});

/** Sets the dock's text in the served web font and waits until both of its weights in use have loaded. */
async function useStableFont(page: Page): Promise<void> {
  const loaded = await page.evaluate(async (family) => {
    document.documentElement.style.setProperty("--qd-font", `"${family}", sans-serif`);
    await Promise.all([document.fonts.load(`400 16px "${family}"`), document.fonts.load(`700 16px "${family}"`)]);
    await document.fonts.ready;
    return document.fonts.check(`400 16px "${family}"`) && document.fonts.check(`700 16px "${family}"`);
  }, FONT);
  expect(loaded, `${FONT} loaded from the built Storybook`).toBe(true);
}

for (const [state, id] of Object.entries(STATES)) {
  for (const theme of THEMES) {
    for (const width of WIDTHS) {
      test(`${state}, ${theme}, ${width} px`, async ({ shots: page }) => {
        // The width first: the dock picks its layout (stepper or stacked cards) as the question arrives.
        await page.setViewportSize({ width, height: 800 });
        await showStory(page, id);
        await applyTheme(page, theme);
        await useStableFont(page);
        await pauseClock(page);
        await expect(page.locator("#storybook-root")).toHaveScreenshot(`${state}-${theme}-${width}.png`, { animations: "disabled", caret: "hide" });
      });
    }
  }
}
