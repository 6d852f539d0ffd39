// Focus between the composer and the dock in real Chromium, in one walk: a new prompt takes focus but never the
// composer's draft, Esc hands focus back to the composer, Shift+Tab and Enter bring the prompt back as it was, and
// answering the last prompt returns focus to the composer. Each of these steps on its own (and the Collapse button,
// Expand on a multi-step prompt, Esc from the Other field) is tested in jsdom: test/dom/requests.test.tsx,
// keyboard.test.tsx, collapse-skip-expiry.test.tsx, summary.test.tsx.
import { composer, dock, openPlayground, simAsk } from "./support/playground";
import { expect, test } from "./support/test";

const deploy = {
  questions: [{ questionId: "deploy_target", header: "Deploy", question: "Where should this build deploy?", options: [{ label: "Staging" }, { label: "Production" }] }],
};

test("a prompt takes focus and keeps the composer's draft; Esc gives focus back; Expand restores the prompt; answering returns to the composer", async ({ page }) => {
  await openPlayground(page);
  await composer(page).click();
  await page.keyboard.type("Half a thought");
  await simAsk(page, deploy);

  await expect(dock(page).getByRole("radio", { name: "Staging" })).toBeFocused();
  await expect(composer(page)).toHaveValue("Half a thought");
  // Keys now go to the prompt, not into the draft.
  await page.keyboard.press("2");
  await expect(dock(page).getByRole("radio", { name: "Production" })).toBeChecked();
  await expect(composer(page)).toHaveValue("Half a thought");

  await page.keyboard.press("Escape");
  await expect(composer(page)).toBeFocused();
  await expect(composer(page)).toHaveValue("Half a thought");
  await expect(dock(page).getByRole("radio")).toHaveCount(0);
  await expect(dock(page)).toContainText("1 request waiting");
  await expect(dock(page)).toContainText("Where should this build deploy?");

  // The composer is usable again, right where the person left it.
  await page.keyboard.type(", and more");
  await expect(composer(page)).toHaveValue("Half a thought, and more");

  await page.keyboard.press("Shift+Tab");
  await expect(dock(page).getByRole("button", { name: "Expand questions" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(dock(page).getByRole("radio", { name: "Production" })).toBeChecked();
  await expect(dock(page).getByRole("radio", { name: "Production" })).toBeFocused();
  await expect(composer(page)).toHaveValue("Half a thought, and more");

  // Once the last prompt is answered, focus goes back to the composer, its draft still there.
  await page.keyboard.press("Control+Enter");
  await expect(dock(page)).toBeHidden();
  await expect(composer(page)).toBeFocused();
  await expect(composer(page)).toHaveValue("Half a thought, and more");
});
