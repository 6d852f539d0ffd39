// Theming in real Chromium: the stylesheet sits in a cascade layer, a host's `.dark` class flips every view, the
// provider's `theme` reaches the summaries as well as the dock, and axe (contrast included) is clean either way.
import { readFileSync } from "node:fs";
import type { Locator, Page } from "@playwright/test";
import { a11yViolations } from "./support/axe";
import { gotoStory } from "./support/storybook";
import { expect, test } from "./support/test";

const PLAIN = "questiondock-seen-most--arriving-with-descriptions";
const HOST_LIGHT = "theming-host-tokens--light";
const HOST_DARK = "theming-host-tokens--dark";
const PROVIDER_DARK = "theming-host-tokens--provider-dark";

// The kit's own light and dark `--qd-bg` and `--qd-text`.
const KIT_LIGHT = { background: "rgb(255, 255, 255)", color: "rgb(27, 31, 36)" };
const KIT_DARK = { background: "rgb(22, 24, 28)", color: "rgb(230, 232, 235)" };
// The story's host tokens: `--qd-bg` and `--qd-text` on the dock, `--qd-surface` and `--qd-text` on a summary.
const HOST = {
  light: { dock: { background: "rgb(255, 253, 248)", color: "rgb(43, 33, 24)" }, summary: { background: "rgb(246, 241, 231)", color: "rgb(43, 33, 24)" } },
  dark: { dock: { background: "rgb(26, 22, 37)", color: "rgb(236, 232, 245)" }, summary: { background: "rgb(38, 32, 52)", color: "rgb(236, 232, 245)" } },
};

/** The background and text colour a person sees on an element. */
function colours(target: Locator): Promise<{ background: string; color: string }> {
  return target.evaluate((el) => {
    const style = getComputedStyle(el);
    return { background: style.backgroundColor, color: style.color };
  });
}

/**
 * Makes the page a host's: no `data-theme` (Storybook's theme global sets one), a light OS, and `dark` on `<html>`
 * or not; then waits for the colour transitions that starts, so nothing is measured halfway.
 */
async function setHostDark(page: Page, dark: boolean): Promise<void> {
  await page.emulateMedia({ colorScheme: "light" });
  await page.evaluate(async (on) => {
    const html = document.documentElement;
    delete html.dataset["theme"];
    html.style.colorScheme = "";
    html.classList.toggle("dark", on);
    const transitions = document.getAnimations().filter((a) => a instanceof CSSTransition);
    await Promise.all(transitions.map((a) => a.finished.catch(() => undefined)));
  }, dark);
}

const dockOf = (page: Page) => page.getByRole("region", { name: "Questions" });

test("the stylesheet is in @layer question-dock, so a host's unlayered rule wins over it at any specificity", async ({ page }) => {
  await gotoStory(page, PLAIN);
  const layered = await page.evaluate(() =>
    [...document.styleSheets].some((sheet) => [...sheet.cssRules].some((rule) => rule instanceof CSSLayerBlockRule && rule.name === "question-dock")),
  );
  expect(layered).toBe(true);
  await page.addStyleTag({ content: "section { background-color: rgb(1, 2, 3); }" });
  expect((await colours(dockOf(page))).background).toBe("rgb(1, 2, 3)");
});

test("a dark class on <html> flips the dock from the kit's light colours to its dark ones, axe clean in both", async ({ page }) => {
  await gotoStory(page, PLAIN);
  await setHostDark(page, false);
  expect(await colours(dockOf(page))).toEqual(KIT_LIGHT);
  expect(await a11yViolations(page), "light").toEqual([]);
  await setHostDark(page, true);
  expect(await colours(dockOf(page))).toEqual(KIT_DARK);
  expect(await a11yViolations(page), "dark").toEqual([]);
});

test("a host's .dark element flips its own tokens on the dock and the summary, axe clean in both", async ({ page }) => {
  for (const [story, scheme] of [[HOST_LIGHT, "light"], [HOST_DARK, "dark"]] as const) {
    await gotoStory(page, story);
    await setHostDark(page, false);
    expect({ dock: await colours(dockOf(page)), summary: await colours(page.getByRole("article")) }, scheme).toEqual(HOST[scheme]);
    expect(await a11yViolations(page), scheme).toEqual([]);
  }
});

test("the provider's theme wins over the page: the summary turns dark with the dock on a light page", async ({ page }) => {
  await gotoStory(page, PROVIDER_DARK);
  await setHostDark(page, false);
  expect({ dock: await colours(dockOf(page)), summary: await colours(page.getByRole("article")) }).toEqual(HOST.dark);
  expect(await a11yViolations(page)).toEqual([]);
});

test("where light-dark() is missing, the fallback colours follow the OS and a dark class the same way", async ({ page }) => {
  // Chromium has light-dark(), so the stylesheet is added again with its fallback switched on, as an older engine
  // would take it: the fallback's plain colours come later in the layer and win over the pairs.
  const source = readFileSync("src/styles/question-dock.css", "utf8");
  const fallbackOn = source.replace("@supports not (color: light-dark(#000, #fff))", "@supports (color: #000)");
  expect(fallbackOn).not.toBe(source);
  await gotoStory(page, PLAIN);
  await page.addStyleTag({ content: fallbackOn });
  await setHostDark(page, false);
  expect(await colours(dockOf(page))).toEqual(KIT_LIGHT);
  await setHostDark(page, true);
  expect(await colours(dockOf(page))).toEqual(KIT_DARK);
  await setHostDark(page, false);
  await page.emulateMedia({ colorScheme: "dark" });
  expect(await colours(dockOf(page))).toEqual(KIT_DARK);
});
