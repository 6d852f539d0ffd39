// Reading the built Storybook: its story index, story URLs, and showing a story until it has finished rendering.
import { readFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import { STORYBOOK_URL } from "./servers";
import type { Theme } from "./theme";

/** One story of storybook-static/index.json. */
export interface StoryEntry {
  id: string;
  title: string;
  name: string;
  tags: string[];
}

/** Every story (not docs page) of the built Storybook, in index order. */
export function readStories(indexFile = "storybook-static/index.json"): StoryEntry[] {
  const index = JSON.parse(readFileSync(indexFile, "utf8")) as {
    entries: Record<string, { type: string; id: string; title: string; name: string; tags?: string[] }>;
  };
  return Object.values(index.entries)
    .filter((entry) => entry.type === "story")
    .map(({ id, title, name, tags }) => ({ id, title, name, tags: tags ?? [] }));
}

/** URL of a story rendered alone (iframe.html), in the given theme. */
export function storyUrl(id: string, { theme = "light" }: { theme?: Theme } = {}): string {
  const params = new URLSearchParams({ id, viewMode: "story", globals: `theme:${theme}` });
  return `${STORYBOOK_URL}/iframe.html?${params.toString().replace(/%3A/g, ":")}`;
}

/** Opens a story by URL and waits until it has rendered and its play function (if any) has finished. */
export async function gotoStory(page: Page, id: string, options: { theme?: Theme } = {}): Promise<void> {
  await page.emulateMedia({ colorScheme: options.theme ?? "light" });
  await page.goto(storyUrl(id, options));
  await waitForStory(page, id);
}

/**
 * Shows a story in the Storybook preview already open in `page`, without reloading (much faster than
 * gotoStory for many stories); falls back to gotoStory when no preview is open. Light theme.
 */
export async function showStory(page: Page, id: string): Promise<void> {
  if (!page.url().startsWith(`${STORYBOOK_URL}/iframe.html`)) return gotoStory(page, id);
  // The preview does not render the story it already shows again (it reports it unchanged): load it afresh instead.
  const current = await page.evaluate(() => (window as unknown as StorybookWindow).__STORYBOOK_PREVIEW__?.currentSelection?.storyId);
  if (current === id) return gotoStory(page, id);
  await page.emulateMedia({ colorScheme: "light" });
  await page.evaluate((storyId) => {
    const w = window as unknown as StorybookWindow;
    // Renders that exist now are stale; waitForStory looks only at renders made after this point.
    w.__e2eStaleRenders = new WeakSet(w.__STORYBOOK_PREVIEW__?.storyRenders ?? []);
    w.__STORYBOOK_ADDONS_CHANNEL__?.emit("setCurrentStory", { storyId, viewMode: "story" });
  }, id);
  await waitForStory(page, id);
}

interface StorybookWindow {
  __STORYBOOK_PREVIEW__?: { storyRenders?: { id: string; phase?: string }[]; currentSelection?: { storyId: string } };
  __STORYBOOK_ADDONS_CHANNEL__?: { emit(event: string, payload: unknown): void };
  __e2eStaleRenders?: WeakSet<object>;
}

async function waitForStory(page: Page, id: string): Promise<void> {
  // Storybook's preview exposes each render's phase; "finished" comes after the play function and afterEach.
  const handle = await page.waitForFunction(
    (storyId) => {
      const w = window as unknown as StorybookWindow;
      const render = w.__STORYBOOK_PREVIEW__?.storyRenders?.find(
        (candidate) => candidate.id === storyId && !w.__e2eStaleRenders?.has(candidate),
      );
      const phase = render?.phase;
      return phase === "finished" || phase === "errored" || phase === "aborted" ? phase : false;
    },
    id,
    // A story with a long transcript renders and plays for seconds on a busy machine: this limit is for a hang.
    { timeout: 60_000 },
  );
  const phase = await handle.jsonValue();
  const failed = await page.locator("body.sb-show-errordisplay").count();
  if (phase !== "finished" || failed > 0) {
    const shown = await page.locator("#error-message, #error-stack").allInnerTexts();
    throw new Error(`story ${id} ${phase}: ${shown.join("\n").trim() || "no error text shown"}`);
  }
}
