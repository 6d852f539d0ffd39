// Blocking drafts across a reload in real Chromium: the simulated gateway keeps its pending questions in
// sessionStorage (a reload is not a restart), and the dock keeps the person's draft in IndexedDB.
import { storedBlockingDrafts } from "./support/blocking-drafts";
import { connectionStatus, dock, openPlayground, runScenario, simRecord } from "./support/playground";
import { expect, test } from "./support/test";

test("a reload finds the question still pending with its draft: the option chosen and the typed text kept, not chosen", async ({ page }) => {
  await openPlayground(page);
  await runScenario(page, "Single question");
  const other = dock(page).getByRole("textbox", { name: "Other" });
  await other.fill("Canary lane");
  await dock(page).getByRole("radio", { name: "Production" }).click();
  await expect(other).toHaveAccessibleDescription("Not chosen");
  const { id } = await simRecord(page, "deploy_target");
  await expect.poll(() => storedBlockingDrafts(page)).toEqual([{ requestId: id, chosen: [["Production"]], others: ["Canary lane"] }]);

  await page.reload();
  await expect(connectionStatus(page)).toContainText("Connected");
  await expect(dock(page).getByRole("radio", { name: "Production" })).toBeChecked();
  await expect(other).toHaveValue("Canary lane");
  await expect(other).toHaveAccessibleDescription("Not chosen");

  // Choosing Other again makes the kept text the answer, without retyping.
  await other.click();
  await expect(dock(page).getByRole("radio", { name: "Production" })).not.toBeChecked();
  await dock(page).getByRole("button", { name: "Submit" }).click();
  await expect(dock(page)).toBeHidden();
  expect(await simRecord(page, "deploy_target")).toMatchObject({ status: "answered", answers: { answers: { deploy_target: ["Canary lane"] } } });
  // Settled: the saved draft is gone.
  await expect.poll(() => storedBlockingDrafts(page)).toEqual([]);
});

test("a reload right after typing and picking keeps both: what waited to be written goes as the page does", async ({ page }) => {
  await openPlayground(page);
  await runScenario(page, "Single question");
  const other = dock(page).getByRole("textbox", { name: "Other" });
  await other.fill("Canary lane");
  await dock(page).getByRole("radio", { name: "Production" }).click();
  // At once, within the quiet moment after which an edit is written.
  await page.reload();
  await expect(connectionStatus(page)).toContainText("Connected");
  await expect(dock(page).getByRole("radio", { name: "Production" })).toBeChecked();
  await expect(other).toHaveValue("Canary lane");
});
