import { a11yViolations } from "./support/axe";
import { expect, test } from "./support/test";
import { THEMES, applyTheme } from "./support/theme";

test("the playground loads without errors", async ({ page }) => {
  await page.goto("/");
  await expect(page).toHaveTitle("Question dock playground");
  await expect(page.locator("#root")).not.toBeEmpty();
});

for (const theme of THEMES) {
  test(`the playground has no WCAG A/AA violations in the ${theme} theme`, async ({ page }) => {
    await page.goto("/");
    await applyTheme(page, theme);
    await expect(page.locator("#root")).not.toBeEmpty();
    expect(await a11yViolations(page)).toEqual([]);
  });
}
