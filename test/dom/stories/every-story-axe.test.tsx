import { composeStories } from "@storybook/react";
import { screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { axe } from "vitest-axe";
import { disposeStoryDocks } from "../../../stories/support/story-dock";

// Every stories file, so that a new one is covered without being listed here.
const FILES = import.meta.glob<Parameters<typeof composeStories>[0]>("../../../stories/*.stories.tsx", { eager: true });

// The same WCAG rule set as the Chromium sweep; jsdom cannot compute colours, so contrast is checked there.
const WCAG = {
  runOnly: { type: "tag" as const, values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"] },
  rules: { "color-contrast": { enabled: false } },
};

afterEach(disposeStoryDocks);

it("finds the stories files", () => {
  expect(Object.keys(FILES).length).toBeGreaterThanOrEqual(5);
});

const files = Object.entries(FILES).map(([path, module]) => [path.replace(/^.*\//, ""), module] as const);

describe.each(files)("every story of %s", (_file, module) => {
  const stories = Object.entries(composeStories(module)) as [string, { run(): Promise<void> }][];
  it.each(stories)("%s renders, plays and has no WCAG violations", async (_name, Story) => {
    await Story.run();
    // Every story shows the dock (in English or German) or a question page, a summary once nothing waits, or the notice of a record it could not show.
    const shown = screen.queryByRole("region", { name: /^(Questions|Fragen|Question(: .+)?)$/ }) ?? screen.queryAllByRole("article")[0] ?? screen.queryByText(/could not be shown/);
    expect(shown).toBeInTheDocument();
    expect(await axe(document.body, WCAG)).toHaveNoViolations();
  });
});
