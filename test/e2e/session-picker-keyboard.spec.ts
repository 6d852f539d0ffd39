// Switching sessions from the keyboard: the picker keeps focus, so a person can arrow through the
// conversations and Tab on from where they are, instead of being dropped at the top of the page.
import { dock, openPlayground, runScenario } from "./support/playground";
import { expect, test } from "./support/test";

test("arrowing through the session picker switches the conversation and keeps focus on the picker", async ({ page }) => {
  await openPlayground(page);
  const picker = page.getByRole("combobox", { name: "Session" });
  await picker.focus();

  await page.keyboard.press("ArrowDown");
  await expect(page).toHaveURL(/session=agent%3Amain%3Aside/);
  await expect(picker).toBeFocused();

  await page.keyboard.press("ArrowUp");
  await expect(picker).toHaveValue("main");
  await expect(picker).toBeFocused();
});

test("switching back to a session with a pending question leaves focus on the picker, and keeps the draft", async ({ page }) => {
  await openPlayground(page);
  await runScenario(page, "Single question");
  await dock(page).getByRole("textbox", { name: "Other" }).fill("Canary first");
  const picker = page.getByRole("combobox", { name: "Session" });
  await picker.focus();
  await page.keyboard.press("ArrowDown");
  await expect(dock(page)).toHaveCount(0);

  await page.keyboard.press("ArrowUp");
  await expect(dock(page).getByRole("textbox", { name: "Other" })).toHaveValue("Canary first");
  await expect(picker).toBeFocused();
});
