// The stylesheet's colour themes, and switching them in a page that is already open.
import type { Page } from "@playwright/test";

/** A colour theme of the stylesheet. */
export type Theme = "light" | "dark";

/** Both themes, for specs that check each. */
export const THEMES: readonly Theme[] = ["light", "dark"];

/** Emulates the OS preference and sets the `data-theme` override (as Storybook's theme global does). */
export async function applyTheme(page: Page, theme: Theme): Promise<void> {
  await page.emulateMedia({ colorScheme: theme });
  await page.evaluate((value) => {
    document.documentElement.dataset["theme"] = value;
    document.documentElement.style.colorScheme = value;
  }, theme);
}
