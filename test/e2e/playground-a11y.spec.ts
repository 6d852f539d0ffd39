// The playground's states under axe (WCAG A/AA, contrast included) in both themes, and a phone-width
// viewport without sideways scrolling.
import type { Page } from "@playwright/test";
import { a11yViolations } from "./support/axe";
import { dock, openPlayground, runScenario, scrollsSideways, transcript } from "./support/playground";
import { expect, test } from "./support/test";
import { THEMES, applyTheme } from "./support/theme";

/** A state of the playground, reached from a freshly opened page. */
interface State {
  name: string;
  reach(page: Page): Promise<void>;
}

const STATES: State[] = [
  { name: "idle", reach: async (page) => void (await expect(transcript(page)).toContainText("No messages yet")) },
  {
    name: "a single question with a choice",
    reach: async (page) => {
      await runScenario(page, "Single question");
      await page.keyboard.press("1");
      await expect(dock(page).getByRole("radio", { name: "Staging (Recommended)" })).toBeChecked();
    },
  },
  {
    name: "step 2 of three questions with typed Other text",
    reach: async (page) => {
      await runScenario(page, "Three questions");
      await page.keyboard.press("1");
      await expect(dock(page).getByText("Question 2 of 3")).toBeVisible();
      await page.keyboard.press("4");
      await page.keyboard.type("eu-central-1");
    },
  },
  {
    name: "the review step",
    reach: async (page) => {
      await runScenario(page, "Three questions");
      await page.keyboard.press("1");
      await expect(dock(page).getByText("Question 2 of 3")).toBeVisible();
      await page.keyboard.press("1");
      await expect(dock(page).getByText("Question 3 of 3")).toBeVisible();
      await page.keyboard.press("2");
      await page.keyboard.press("Control+Enter");
      await expect(dock(page).getByRole("group", { name: "Check your answers" })).toBeVisible();
    },
  },
  {
    name: "multi-select",
    reach: async (page) => {
      await runScenario(page, "Multi-select");
      await page.keyboard.press("1");
      await expect(dock(page).getByRole("checkbox", { name: "Unit tests (Recommended)" })).toBeChecked();
    },
  },
  {
    name: "two requests with the warning clock",
    reach: async (page) => {
      await runScenario(page, "Two requests at once");
      await runScenario(page, "Expires in 30 s");
      await expect(dock(page).getByText("Request 3 of 3")).toBeVisible();
    },
  },
  {
    name: "collapsed",
    reach: async (page) => {
      await runScenario(page, "Two requests at once");
      await page.keyboard.press("Escape");
      await expect(dock(page).getByRole("button", { name: "Expand questions" })).toBeVisible();
    },
  },
  {
    name: "reconnecting",
    reach: async (page) => {
      await runScenario(page, "Single question");
      await runScenario(page, "Drop connection");
      await expect(dock(page)).toContainText("Reconnecting…");
    },
  },
  {
    name: "a transcript of summaries and messages",
    reach: async (page) => {
      await runScenario(page, "Single question");
      await page.keyboard.press("1");
      await page.keyboard.press("Control+Enter");
      await runScenario(page, "Multi-select");
      await dock(page).getByRole("button", { name: "Skip" }).click();
      await page.getByRole("textbox", { name: "Message" }).fill("Thanks");
      await page.keyboard.press("Enter");
      await expect(transcript(page).getByText("Noted: Thanks")).toBeVisible();
      await expect(transcript(page).getByRole("article")).toHaveCount(2);
    },
  },
];

for (const state of STATES) {
  test(`the playground has no WCAG A/AA violations (${state.name}) in either theme`, async ({ page }) => {
    await openPlayground(page);
    await state.reach(page);
    for (const theme of THEMES) {
      await applyTheme(page, theme);
      expect.soft(await a11yViolations(page), `${theme} theme`).toEqual([]);
    }
  });
}

/** Phone-width states: "auto" lays the prompt out as stacked cards here. */
const NARROW_STATES: State[] = [
  STATES[0]!,
  {
    name: "three questions as cards, with long typed text",
    reach: async (page) => {
      await runScenario(page, "Three questions");
      await expect(dock(page)).toHaveAttribute("data-layout", "stacked");
      await dock(page).getByRole("textbox", { name: "Other" }).first().fill("a-very-long-region-name-without-any-spaces-".repeat(4));
    },
  },
  STATES.find((s) => s.name === "two requests with the warning clock")!,
  STATES.find((s) => s.name === "collapsed")!,
  STATES.find((s) => s.name === "a transcript of summaries and messages")!,
];

test.describe("at 390 px wide", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  for (const state of NARROW_STATES) {
    test(`nothing scrolls sideways (${state.name})`, async ({ page }) => {
      await openPlayground(page);
      await state.reach(page);
      expect(await scrollsSideways(page)).toBe(false);
      if ((await dock(page).count()) > 0) {
        const box = (await dock(page).boundingBox())!;
        expect(box.x + box.width).toBeLessThanOrEqual(390);
      }
    });
  }

  test("the dock shows stacked cards and stays above the composer", async ({ page }) => {
    await openPlayground(page);
    await runScenario(page, "Three questions");
    await expect(dock(page)).toHaveAttribute("data-layout", "stacked");
    await expect(dock(page).getByRole("radiogroup")).toHaveCount(2);
    const dockBox = (await dock(page).boundingBox())!;
    const composerBox = (await page.getByRole("textbox", { name: "Message" }).boundingBox())!;
    expect(dockBox.y + dockBox.height).toBeLessThanOrEqual(composerBox.y);
    expect(composerBox.y + composerBox.height).toBeLessThanOrEqual(844);
  });
});
