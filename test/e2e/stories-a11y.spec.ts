// axe over every story of the built Storybook, in both themes: a new story is covered without listing it here.
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
    test(`${story.title} › ${story.name} has no WCAG A/AA violations in either theme`, async ({ show }) => {
      const page = await show(story.id);
      for (const theme of THEMES) {
        await applyTheme(page, theme);
        expect.soft(await a11yViolations(page), `${theme} theme`).toEqual([]);
      }
    });
  }
}
