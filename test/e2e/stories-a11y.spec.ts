// Every story of the built Storybook, in real Chromium: it renders and plays without an error, shows something, and
// axe (WCAG A/AA, colour contrast included) finds nothing in either theme. A new story is covered without listing it
// here. This is the one axe pass over the stories: jsdom cannot compute colours, so it has none of its own.
import { existsSync } from "node:fs";
import { a11yViolations } from "./support/axe";
import { STORYBOOK_DIR } from "./support/servers";
import { expect, storyTest as test } from "./support/story-test";
import { readStories } from "./support/storybook";
import { THEMES, applyTheme } from "./support/theme";

const INDEX = `${STORYBOOK_DIR}/index.json`;

if (!existsSync(INDEX)) {
  test("the built Storybook exists", () => {
    throw new Error(`${INDEX} is missing: run \`npm run build-storybook\` first (npm run test:browser does)`);
  });
} else {
  const stories = readStories(INDEX);

  test("the built Storybook lists at least one story", () => {
    expect(stories.length).toBeGreaterThan(0);
  });

  for (const story of stories) {
    test(`${story.title} › ${story.name} renders, plays, and has no WCAG A/AA violations in either theme`, async ({ show }) => {
      // show() fails when the story's render or play function errors.
      const page = await show(story.id);
      // Every story shows the dock (in English or German) or a question page, a summary once nothing waits, or the
      // notice of a record it could not show: a story that renders nothing would pass axe.
      const shown = page
        .getByRole("region", { name: /^(Questions|Fragen|Question(: .+)?)$/ })
        .or(page.getByRole("article"))
        .or(page.getByText(/could not be shown/));
      await expect(shown.first()).toBeAttached();
      for (const theme of THEMES) {
        await applyTheme(page, theme);
        expect.soft(await a11yViolations(page), `${theme} theme`).toEqual([]);
      }
    });
  }
}
