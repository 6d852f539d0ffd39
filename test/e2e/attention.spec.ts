// Noticing a waiting question in real Chromium: with the page hidden and notifications allowed, a question puts its
// count in the title and shows one notification, whose click opens the collapsed dock at the question; the title
// comes back once it ends.
import type { Page } from "@playwright/test";
import { composer, dock, openPlayground, runScenario } from "./support/playground";
import { PLAYGROUND_URL } from "./support/servers";
import { expect, test } from "./support/test";

const QUESTION = "Where should this build deploy?";
const TITLE = "Question dock playground";

interface SpiedNotification {
  title: string;
  body: string | undefined;
}

test.beforeEach(async ({ context, page }) => {
  await context.grantPermissions(["notifications"], { origin: PLAYGROUND_URL });
  await page.addInitScript(() => {
    // The page says it is hidden whenever the test sets __attentionHidden, as it would behind another tab.
    const w = window as unknown as { __attentionHidden: boolean; __notifications: { title: string; body?: string; instance: { onclick: ((e: Event) => void) | null } }[] };
    w.__attentionHidden = false;
    Object.defineProperty(document, "visibilityState", { configurable: true, get: () => (w.__attentionHidden ? "hidden" : "visible") });
    Object.defineProperty(document, "hidden", { configurable: true, get: () => w.__attentionHidden });
    // Every notification the page makes is noted; the real one is made where the browser can.
    w.__notifications = [];
    const Real = window.Notification;
    window.Notification = new Proxy(Real, {
      construct(target, args: [string, NotificationOptions?]) {
        let instance: { onclick: ((e: Event) => void) | null; close(): void };
        try {
          instance = Reflect.construct(target, args) as Notification;
        } catch {
          instance = { onclick: null, close: () => undefined };
        }
        w.__notifications.push({ title: args[0], body: args[1]?.body, instance });
        return instance;
      },
    });
  });
});

const notifications = (page: Page) =>
  page.evaluate(() => (window as unknown as { __notifications: SpiedNotification[] }).__notifications.map(({ title, body }) => ({ title, body })));

test("a question asked while the page is hidden counts in the title, notifies once, and the click opens it", async ({ page }) => {
  await openPlayground(page);
  // Allowed already, so the header says so instead of offering the button.
  await expect(page.getByText("Notifications on")).toBeVisible();
  await expect(page).toHaveTitle(TITLE);

  await page.evaluate(() => {
    (window as unknown as { __attentionHidden: boolean }).__attentionHidden = true;
    document.dispatchEvent(new Event("visibilitychange"));
  });
  await runScenario(page, "Single question");
  await expect(dock(page).getByRole("radio", { name: /Staging/ })).toBeFocused();
  await expect(page).toHaveTitle(`(1) ❓ ${TITLE}`);
  await expect.poll(() => notifications(page)).toEqual([{ title: "A question is waiting", body: QUESTION }]);

  // Collapsed, the person is back in the composer when the notification's click brings them to the question.
  await page.keyboard.press("Escape");
  await expect(composer(page)).toBeFocused();
  await page.evaluate(() => {
    (window as unknown as { __attentionHidden: boolean }).__attentionHidden = false;
    const [first] = (window as unknown as { __notifications: { instance: { onclick: ((e: Event) => void) | null } }[] }).__notifications;
    first?.instance.onclick?.(new Event("click"));
  });
  await expect(dock(page)).toHaveAttribute("data-state", "answering");
  await expect(dock(page).getByRole("radio", { name: /Staging/ })).toBeFocused();

  await dock(page).getByRole("button", { name: "Skip" }).click();
  await expect(dock(page)).toBeHidden();
  await expect(page).toHaveTitle(TITLE);
  expect(await notifications(page)).toHaveLength(1);
});

test("Alt+Shift+Q reopens the collapsed dock from the composer, and /question does too without being sent", async ({ page }) => {
  await openPlayground(page);
  await runScenario(page, "Single question");
  await expect(dock(page).getByRole("radio", { name: /Staging/ })).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(composer(page)).toBeFocused();
  await page.keyboard.press("Alt+Shift+KeyQ");
  await expect(dock(page).getByRole("radio", { name: /Staging/ })).toBeFocused();

  await page.keyboard.press("Escape");
  await composer(page).fill("/question");
  await page.keyboard.press("Enter");
  await expect(dock(page).getByRole("radio", { name: /Staging/ })).toBeFocused();
  await expect(composer(page)).toHaveValue("");
  await expect(page.getByRole("region", { name: "Transcript" }).getByText("/question")).toHaveCount(0);
});
