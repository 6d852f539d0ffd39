// Opens a built consumer app in the system Chromium and checks the dock a user would see.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { chromium } from "playwright-core";
import { serveStatic } from "../e2e/support/static-server.mjs";
import { ASKED, HOST_ACCENT } from "./consumer-app.mjs";

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");
// The rule tags of test/e2e/support/axe.ts: WCAG 2.x A and AA, colour contrast included.
const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

/** The Chromium flags of test/e2e/support/chromium.ts, read from that file so there is one list. */
export function chromiumArgs(root) {
  const source = readFileSync(join(root, "test/e2e/support/chromium.ts"), "utf8");
  const list = /chromiumArgs\s*=\s*\[([^\]]*)\]/.exec(source)?.[1];
  const args = list ? [...list.matchAll(/"([^"]+)"|'([^']+)'/g)].map((m) => m[1] ?? m[2]) : [];
  if (args.length === 0) throw new Error("could not read chromiumArgs from test/e2e/support/chromium.ts");
  return args;
}

/** Launches Chromium once for every check. */
export function launchChromium(root) {
  return chromium.launch({ executablePath: process.env["CHROMIUM_PATH"] || "/usr/bin/chromium", args: chromiumArgs(root), headless: true });
}

/** Serves `dir` on a free loopback port and checks the dock in a fresh page; throws on any failure or page error. */
export async function checkInBrowser(browser, dir, { reactVersion, protocol }) {
  const server = await serveStatic(dir, 0);
  const context = await browser.newContext();
  const page = await context.newPage();
  const errors = [];
  // The first error ends the wait for the dock at once instead of at its timeout.
  let failFast;
  const firstError = new Promise((_, fail) => (failFast = fail));
  firstError.catch(() => {});
  const report = (line) => {
    errors.push(line);
    failFast(new Error(`the page reported errors:\n  ${errors.join("\n  ")}`));
  };
  page.on("console", (m) => m.type() === "error" && report(`console.error: ${m.text()}`));
  page.on("pageerror", (e) => report(`pageerror: ${e.message}`));
  page.on("requestfailed", (r) => report(`request failed: ${r.url()} (${r.failure()?.errorText})`));
  const until = (promise) => Promise.race([promise, firstError]);
  // Limits for a page that never gets there, not for a slow one: this check runs beside Playwright on two cores.
  const LOAD_MS = 60_000;
  const STEP_MS = 30_000;
  try {
    const { port } = server.address();
    await page.goto(`http://127.0.0.1:${port}/`);
    const dock = page.getByRole("region", { name: "Questions" });
    await until(dock.waitFor({ timeout: LOAD_MS }));
    const group = dock.getByRole("radiogroup", { name: ASKED.question });
    await until(group.waitFor({ timeout: STEP_MS }));
    // The app composes the parts in its own order, with markup of its own inside the dock.
    await until(dock.getByText("Answers go to the agent that asked.").waitFor({ timeout: STEP_MS }));
    const option = group.getByRole("radio", { name: ASKED.options[1].label });
    if ((await option.getAttribute("aria-checked")) === "true") throw new Error("the option was checked before any click");
    await until(option.click());
    await until(group.locator('[role="radio"][aria-checked="true"]', { hasText: ASKED.options[1].label }).waitFor({ timeout: STEP_MS }));
    const light = await themed(page, dock, false);
    const dark = await themed(page, dock, true);
    await themed(page, dock, false);
    if (light.dock === dark.dock) throw new Error(`the dark class on <html> left the dock as it was: ${light.dock}`);
    if (light.submit !== HOST_ACCENT.light || dark.submit !== HOST_ACCENT.dark) {
      throw new Error(`Submit is ${light.submit} light and ${dark.submit} dark, expected the app's accent ${HOST_ACCENT.light} and ${HOST_ACCENT.dark}`);
    }
    const check = await page.evaluate(() => ({ ...window.__installCheck, gatewayStatus: undefined }));
    if (check?.reactVersion !== reactVersion) throw new Error(`the page runs react ${check?.reactVersion}, expected ${reactVersion}`);
    if (protocol && check.protocolRecordValid !== true) throw new Error("parseQuestionRecord from ./protocol did not accept the asked record");
    // Submitting reaches the gateway and leaves a summary in the transcript, where QuestionSummaryList renders.
    await until(dock.getByRole("button", { name: "Submit" }).click());
    const summary = page.getByRole("article", { name: /answered/i });
    await until(summary.getByText(ASKED.options[1].label).waitFor({ timeout: STEP_MS }));
    await until(dock.waitFor({ state: "detached", timeout: STEP_MS }));
    const status = await page.evaluate(() => window.__installCheck?.gatewayStatus());
    if (status !== "answered") throw new Error(`the gateway holds the question as ${status}, expected answered`);
    // Let a late effect (a store update after the click) report its error before judging.
    await page.waitForTimeout(200);
    if (errors.length > 0) throw new Error(`the page reported errors:\n  ${errors.join("\n  ")}`);
    return `react ${check.reactVersion}: dock shown, "${ASKED.options[1].label}" picked, html.dark flips it (axe clean in both), submitted, summary shown`;
  } catch (error) {
    if (errors.length > 0 && error instanceof Error && !error.message.includes("reported errors")) error.message += `\npage errors:\n  ${errors.join("\n  ")}`;
    throw error;
  } finally {
    await context.close();
    await new Promise((done) => server.close(done));
  }
}

/**
 * Sets or clears the app's `dark` class on <html>, then reads the dock's colours and its Submit's background (the
 * app's accent token) and runs axe; throws on any violation.
 */
async function themed(page, dock, dark) {
  await page.evaluate(async (on) => {
    document.documentElement.classList.toggle("dark", on);
    // Measured halfway through a colour transition, a look would be a mix of both themes.
    await Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined)));
  }, dark);
  const dockLook = await dock.evaluate((el) => `${getComputedStyle(el).backgroundColor} on ${getComputedStyle(el).color}`);
  const submit = await dock.getByRole("button", { name: "Submit" }).evaluate((el) => getComputedStyle(el).backgroundColor);
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async (tags) => {
    const results = await window.axe.run(document, { runOnly: { type: "tag", values: tags }, resultTypes: ["violations"] });
    return results.violations.flatMap((v) => v.nodes.map((n) => `${v.id} at ${n.target.join(" ")}: ${n.failureSummary ?? v.help}`));
  }, WCAG_TAGS);
  if (violations.length > 0) throw new Error(`axe, ${dark ? "dark" : "light"}:\n  ${violations.join("\n  ")}`);
  return { dock: dockLook, submit };
}
