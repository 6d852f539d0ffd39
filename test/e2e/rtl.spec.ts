// Right to left in real Chromium: the dock mirrors its layout under dir="rtl" on the host page, its arrow keys
// follow the reading direction, and axe stays clean; the left-to-right twin of the story is the control.
import type { Locator, Page } from "@playwright/test";
import { a11yViolations } from "./support/axe";
import { gotoStory } from "./support/storybook";
import { expect, test } from "./support/test";
import { THEMES, applyTheme } from "./support/theme";

const CASES = [
  {
    dir: "rtl",
    id: "questiondock-right-to-left--hebrew-right-to-left",
    question: "באיזה אזור לארח את מסד הנתונים החדש?",
    options: ["אירופה (פרנקפורט)", "ארה״ב מזרח"],
    firstRequest: "לשלוח הודעה לצוות?",
    forward: "ArrowLeft",
    backward: "ArrowRight",
  },
  {
    dir: "ltr",
    id: "questiondock-right-to-left--english-left-to-right",
    question: "Which region should host the new database?",
    options: ["EU (Frankfurt)", "US East"],
    firstRequest: "Tell the team?",
    forward: "ArrowRight",
    backward: "ArrowLeft",
  },
] as const;

async function box(locator: Locator) {
  const b = await locator.boundingBox();
  if (!b) throw new Error(`${locator.toString()} has no box`);
  return { left: b.x, right: b.x + b.width, center: b.x + b.width / 2 };
}

/** True when `a` sits on the inline-start side of `b`: to its left in LTR, to its right in RTL. */
async function isBefore(a: Locator, b: Locator, dir: "ltr" | "rtl"): Promise<boolean> {
  const [pa, pb] = [await box(a), await box(b)];
  return dir === "ltr" ? pa.center < pb.center : pa.center > pb.center;
}

const dockOf = (page: Page) => page.getByRole("region", { name: "Questions" });

for (const c of CASES) {
  test.describe(`dir=${c.dir}`, () => {
    // A fresh page per test: each opens the same two stories, which the shared preview would not render again.
    test.beforeEach(async ({ page }) => gotoStory(page, c.id));

    test("the layout runs in the reading direction", async ({ page }) => {
      const dock = dockOf(page);
      const back = dock.getByRole("button", { name: "Back" });
      const primary = dock.getByRole("button", { name: /^(Next|Submit)$/ });
      await expect(back).toBeVisible();
      // Back comes before Next along the line: left of it in LTR, right of it in RTL.
      expect(await isBefore(back, primary, c.dir)).toBe(true);
      expect((await box(primary)).center < (await box(back)).center).toBe(c.dir === "rtl");
      const option = dock.getByRole("radio", { name: c.options[0] });
      expect(await isBefore(option.locator(".qd-option__indicator"), option.locator(".qd-option__label"), c.dir)).toBe(true);
      const optionBox = await box(option);
      const indicatorBox = await box(option.locator(".qd-option__indicator"));
      // The indicator hugs the option's inline-start edge.
      expect(c.dir === "rtl" ? optionBox.right - indicatorBox.right : indicatorBox.left - optionBox.left).toBeLessThan(24);
      expect(await isBefore(dock.getByRole("button", { name: "Previous request" }), dock.getByRole("button", { name: "Next request" }), c.dir)).toBe(true);
    });

    test(`${c.forward} moves forward and ${c.backward} back, among options and requests`, async ({ page }) => {
      const dock = dockOf(page);
      const [first, second] = c.options.map((name) => dock.getByRole("radio", { name }));
      await first!.focus();
      await expect(first!).toBeFocused();
      // Held as a person holds a key: the radio group checks an option only while an arrow key is down.
      await page.keyboard.down(c.forward);
      await expect(second!).toBeFocused();
      await expect(second!).toBeChecked();
      await page.keyboard.up(c.forward);
      await page.keyboard.down(c.backward);
      await expect(first!).toBeFocused();
      await expect(first!).toBeChecked();
      await page.keyboard.up(c.backward);

      await expect(dock.getByText("Request 2 of 2")).toBeVisible();
      const previous = dock.getByRole("button", { name: "Previous request" });
      await previous.focus();
      await expect(previous).toBeFocused();
      await page.keyboard.press(c.backward);
      await expect(dock.getByText("Request 1 of 2")).toBeVisible();
      await expect(dock.getByRole("radiogroup", { name: c.firstRequest })).toBeVisible();
      await page.keyboard.press(c.forward);
      await expect(dock.getByText("Request 2 of 2")).toBeVisible();
      await expect(dock.getByRole("radiogroup", { name: c.question })).toBeVisible();
    });

    test("has no WCAG A/AA violations in either theme", async ({ page }) => {
      for (const theme of THEMES) {
        await applyTheme(page, theme);
        expect.soft(await a11yViolations(page), `${theme} theme`).toEqual([]);
      }
    });
  });
}
