// Connection trouble and time in real Chromium: a dropped connection shows Reconnecting… and the prompt stays
// answerable; a restarted gateway forgets its questions; an expiring prompt counts down and leaves as Expired.
import { composer, connectionStatus, dock, openPlayground, pauseClock, runScenario, simAsk, simRecord, transcript } from "./support/playground";
import { expect, test } from "./support/test";

// Back through the client's reconnect backoff, which doubles from half a second: a limit for a reconnect that
// never comes, well past a slow one.
const RECONNECT_MS = 60_000;

test("after a dropped connection the dock reconnects and the pending prompt, draft included, is still answerable", async ({ page }) => {
  await openPlayground(page);
  await runScenario(page, "Single question");
  await page.keyboard.press("2");

  await runScenario(page, "Drop connection");
  await expect(connectionStatus(page)).toContainText("Reconnecting…");
  await expect(dock(page)).toContainText("Reconnecting…");
  await expect(dock(page).getByRole("radio", { name: "Production" })).toBeChecked();

  await expect(connectionStatus(page)).toContainText("Connected", { timeout: RECONNECT_MS });
  await dock(page).getByRole("radio", { name: "Production" }).focus();
  await page.keyboard.press("Control+Enter");
  await expect(dock(page)).toBeHidden();
  await expect(transcript(page).getByRole("article", { name: "Question, answered" })).toContainText("Production");
  expect(await simRecord(page, "deploy_target")).toMatchObject({ status: "answered", answers: { answers: { deploy_target: ["Production"] } } });
});

test("a restarted gateway forgets its pending question, which the transcript keeps as Unavailable", async ({ page }) => {
  await openPlayground(page);
  await runScenario(page, "Single question");
  await expect(dock(page)).toBeVisible();

  await runScenario(page, "Restart gateway");
  await expect(connectionStatus(page)).toContainText("Reconnecting…");
  await expect(connectionStatus(page)).toContainText("Connected", { timeout: RECONNECT_MS });
  await expect(dock(page)).toBeHidden();
  const summary = transcript(page).getByRole("article", { name: "Question, unavailable" });
  await expect(summary).toContainText("Where should this build deploy?");
});

test("an expiring prompt shows mm:ss and, once its time is up, leaves the dock as Expired with its wording", async ({ page }) => {
  await page.clock.install();
  await openPlayground(page);
  // From here the page's time moves only when the test moves it, so the countdown reads the same however long the
  // machine takes between the steps.
  await pauseClock(page);
  await runScenario(page, "Expires in 30 s");
  await expect(dock(page).getByText(/^00:(30|29)$/)).toBeVisible();

  await page.clock.fastForward(10_000);
  await expect(dock(page).getByText(/^00:(20|19)$/)).toBeVisible();
  await page.clock.fastForward(21_000);
  await expect(dock(page)).toBeHidden();
  const summary = transcript(page).getByRole("article", { name: "Question, expired" });
  await expect(summary).toContainText("Expired");
  await expect(summary).toContainText("Run the database migration now?");
  expect((await simRecord(page, "migration")).status).toBe("expired");
});

test("the composer sends with chat.send and the agent's reply lands in the transcript", async ({ page }) => {
  await openPlayground(page);
  await composer(page).click();
  await page.keyboard.type("Ship it <b>today</b>");
  await page.keyboard.press("Enter");
  await expect(composer(page)).toHaveValue("");
  await expect(transcript(page).getByText("Ship it <b>today</b>", { exact: true })).toBeVisible();
  await expect(transcript(page).getByText("Noted: Ship it <b>today</b>", { exact: true })).toBeVisible();
  await expect(composer(page)).toBeFocused();
  // "main" is an alias of the main session; read both spellings so the check holds however the gateway files it.
  const history = await page.evaluate(() => {
    const sim = (window as unknown as { __questionDockSim: { history(key?: string): { role: string; content: unknown }[] } }).__questionDockSim;
    const all = [...sim.history("main"), ...sim.history()];
    return all.filter((m, i) => all.findIndex((other) => JSON.stringify(other) === JSON.stringify(m)) === i);
  });
  expect(history.filter((m) => m.role === "user")).toEqual([expect.objectContaining({ content: "Ship it <b>today</b>" })]);
});

test("the theme button switches the page between light and dark", async ({ page }) => {
  await page.emulateMedia({ colorScheme: "light" });
  await openPlayground(page);
  const toggle = page.getByRole("button", { name: "Dark theme" });
  await expect(toggle).toHaveAttribute("aria-pressed", "false");
  await toggle.click();
  await expect(toggle).toHaveAttribute("aria-pressed", "true");
  await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
  const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  expect(background).toBe("rgb(22, 24, 28)");
});

test("the dock follows the theme, and a host re-themes it from any ancestor", async ({ page }) => {
  await page.emulateMedia({ colorScheme: "light" });
  await openPlayground(page);
  await runScenario(page, "Single question");
  const submit = dock(page).getByRole("button", { name: "Submit" });
  await expect(submit).toHaveCSS("background-color", "rgb(11, 87, 208)");
  await page.getByRole("button", { name: "Dark theme" }).click();
  await expect(submit).toHaveCSS("background-color", "rgb(138, 180, 248)");
  await page.evaluate(() => document.body.style.setProperty("--qd-accent", "rgb(1, 2, 3)"));
  await expect(submit).toHaveCSS("background-color", "rgb(1, 2, 3)");
});

test("text from the gateway renders as text, never as markup", async ({ page }) => {
  await openPlayground(page);
  await simAsk(page, {
    questions: [
      {
        questionId: "markup",
        header: "<i>Hdr</i>",
        question: "Keep <img src=x onerror=\"document.title='pwned'\"> as text?",
        options: [{ label: "<b>Yes</b>" }, { label: "No" }],
      },
    ],
  });
  await expect(dock(page).getByRole("heading", { name: "Keep <img src=x onerror=\"document.title='pwned'\"> as text?" })).toBeVisible();
  await expect(dock(page).getByRole("radio", { name: "<b>Yes</b>" })).toBeVisible();
  await expect(dock(page).locator("img, b, i")).toHaveCount(0);
  await page.keyboard.press("1");
  await page.keyboard.press("Control+Enter");
  await expect(transcript(page).getByRole("article", { name: "Question, answered" })).toContainText("<b>Yes</b>");
  await expect(transcript(page).locator("img, b")).toHaveCount(0);
  await expect(page).toHaveTitle("Question dock playground");
});

test("a gateway parameter that is not a WebSocket URL is refused with a readable message", async ({ page }) => {
  await page.goto("/?gateway=http%3A%2F%2F127.0.0.1%3A1&token=x");
  await expect(page.getByRole("alert")).toContainText('"gateway" must be a ws:// or wss:// URL');
  await expect(page.getByRole("region", { name: "Scenarios" })).toHaveCount(0);
});
