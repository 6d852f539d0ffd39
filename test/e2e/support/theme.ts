// The stylesheet's colour themes, and switching them in a page that is already open.
import type { Page } from "@playwright/test";

/** A colour theme of the stylesheet. */
export type Theme = "light" | "dark";

/** Both themes, for specs that check each. */
export const THEMES: readonly Theme[] = ["light", "dark"];

/**
 * Emulates the OS preference and sets the `data-theme` override (as Storybook's theme global does), then
 * waits for the colour transitions it starts: a contrast check halfway through one would measure a mix of
 * both themes that no one sees for longer than a blink.
 */
export async function applyTheme(page: Page, theme: Theme): Promise<void> {
  await page.emulateMedia({ colorScheme: theme });
  await page.evaluate(async (value) => {
    document.documentElement.dataset["theme"] = value;
    document.documentElement.style.colorScheme = value;
    // getAnimations() flushes style first, so the transitions just started are in the list.
    const transitions = document.getAnimations().filter((a) => a instanceof CSSTransition);
    await Promise.all(transitions.map((a) => a.finished.catch(() => undefined)));
  }, theme);
}
