// The session picker: several conversations over one client, each with its own dock and drafts.
import { dock, openPlayground, runScenario, transcript } from "./support/playground";
import { expect, test } from "./support/test";

test("switching sessions keeps each dock's drafts, and switching back finds them", async ({ page }) => {
  await openPlayground(page);
  const picker = page.getByRole("combobox", { name: "Session" });
  await expect(picker).toHaveValue("main");

  await runScenario(page, "Single question");
  await dock(page).getByRole("textbox", { name: "Other" }).fill("Canary first");

  await picker.selectOption("agent:main:side");
  await expect(page).toHaveURL(/session=agent%3Amain%3Aside/);
  // The side session has no question yet, and the main one's prompt is not shown here.
  await expect(dock(page)).toHaveCount(0);
  await runScenario(page, "Multi-select");
  await dock(page).getByRole("checkbox", { name: "Lint" }).check();

  await picker.selectOption("main");
  await expect(dock(page).getByRole("textbox", { name: "Other" })).toHaveValue("Canary first");

  await picker.selectOption("agent:main:side");
  await expect(dock(page).getByRole("checkbox", { name: "Lint" })).toBeChecked();
  // Each session answers for itself: the side prompt's answer lands in the side transcript only.
  await dock(page).getByRole("button", { name: "Submit" }).click();
  await expect(transcript(page).getByRole("article", { name: "Question, answered" })).toContainText("Lint");
  await picker.selectOption("main");
  await expect(transcript(page).getByRole("article")).toHaveCount(0);
  await expect(dock(page).getByRole("textbox", { name: "Other" })).toHaveValue("Canary first");
});
