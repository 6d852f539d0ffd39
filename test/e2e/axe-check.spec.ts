// The axe helper every a11y spec relies on must be able to fail: a page with known violations is reported.
import { a11yViolations } from "./support/axe";
import { expect, test } from "./support/test";

test("the axe check reports a nameless button and low-contrast text, and passes once they are fixed", async ({ page }) => {
  await page.setContent(`<!doctype html><html lang="en"><head><title>axe check</title></head><body><main>
    <button id="nameless"></button><p id="faint" style="color:#bbb;background:#fff">Faint text</p></main></body></html>`);
  const found = await a11yViolations(page);
  expect(found.some((line) => line.startsWith("button-name") && line.includes("#nameless"))).toBe(true);
  expect(found.some((line) => line.startsWith("color-contrast") && line.includes("#faint"))).toBe(true);

  await page.evaluate(() => {
    document.getElementById("nameless")!.textContent = "Send";
    document.getElementById("faint")!.style.color = "#333";
  });
  expect(await a11yViolations(page)).toEqual([]);
});
