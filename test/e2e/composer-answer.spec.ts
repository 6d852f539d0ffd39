// The chat composer answering a waiting question in real Chromium, keyboard only: a reply that reads as the answer
// asks first, and Enter on the confirmation sends it as the answer, with no chat message and no line break left
// behind in the composer by the key. The confirmation's other keys (Esc back with the text kept, Tab to Send as
// chat) are tested in jsdom: test/dom/composer-answer.test.tsx.
import type { Page } from "@playwright/test";
import { composer, dock, openPlayground, runScenario, simRecord } from "./support/playground";
import { expect, test } from "./support/test";

const confirmation = (page: Page) => page.getByRole("alertdialog", { name: "Send as the answer to 'Deploy'?" });

async function userMessages(page: Page): Promise<unknown[]> {
  return page.evaluate(() => {
    const sim = (window as unknown as { __questionDockSim: { history(): { role: string; content: unknown }[] } }).__questionDockSim;
    return sim.history().filter((m) => m.role === "user").map((m) => m.content);
  });
}

test.beforeEach(async ({ page }) => {
  await openPlayground(page);
  await runScenario(page, "Single question");
  await expect(dock(page).getByRole("radio", { name: /Production/ })).toBeVisible();
  await composer(page).click();
});

test("Enter in the confirmation sends the reply as the answer, with no chat message and no stray line", async ({ page }) => {
  await page.keyboard.type("2");
  await page.keyboard.press("Enter");
  await expect(confirmation(page)).toBeVisible();
  await expect(confirmation(page).getByRole("button", { name: "Send as answer" })).toBeFocused();

  await page.keyboard.press("Enter");
  await expect(dock(page)).toBeHidden();
  await expect(confirmation(page)).toBeHidden();
  await expect(composer(page)).toBeFocused();
  await expect(composer(page)).toHaveValue("");
  expect(await simRecord(page, "deploy_target")).toMatchObject({ status: "answered", answers: { answers: { deploy_target: ["Production"] } } });
  expect(await userMessages(page)).toEqual([]);
});
