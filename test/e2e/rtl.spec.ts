// Right to left in real Chromium: the dock mirrors its layout under dir="rtl" on the host page; the left-to-right
// twin of the story is the control. Which way the arrow keys go is the keyboard hook's, tested in jsdom
// (test/dom/rtl.test.tsx); axe over both stories is the story sweep's (stories-a11y.spec.ts).
import type { Locator, Page } from "@playwright/test";
import { expect, storyTest as test } from "./support/story-test";

const CASES = [
  {
    dir: "rtl",
    id: "questiondock-right-to-left--hebrew-right-to-left",
    options: ["אירופה (פרנקפורט)", "ארה״ב מזרח"],
  },
  {
    dir: "ltr",
    id: "questiondock-right-to-left--english-left-to-right",
    options: ["EU (Frankfurt)", "US East"],
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
    test("the layout runs in the reading direction", async ({ show }) => {
      const page = await show(c.id);
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
  });
}
