// The hostile-string corpus in a real browser: raw frames from the simulated gateway carry every payload in
// every field a record, a refused record and an async delivery can hold. Nothing may run, and nothing may break.
import type { Page } from "@playwright/test";
import { XSS_PAYLOADS } from "../support/xss-payloads";
import { dock, openPlayground, transcript } from "./support/playground";
import { expect, test } from "./support/test";

type Sim = {
  ask(p: unknown): { sessionKey: string };
  askAsync(p: unknown): unknown;
  broadcast(event: string, payload: unknown): void;
  cancel(id: string): void;
};

// A hit from any payload: alert() and friends open a dialog, and a payload that reaches a script context runs this.
async function trapScripts(page: Page, fired: string[]): Promise<void> {
  page.on("dialog", (dialog) => {
    fired.push(`${dialog.type()}: ${dialog.message()}`);
    void dialog.dismiss();
  });
  await page.addInitScript(() => {
    for (const name of ["alert", "confirm", "prompt"] as const) {
      const original = window[name].bind(window);
      (window as unknown as Record<string, unknown>)[name] = (...args: unknown[]) => {
        (window as unknown as { __xssFired?: boolean }).__xssFired = true;
        return (original as (...a: unknown[]) => unknown)(...args);
      };
    }
  });
}

// Every element of the page: no handler attribute, no link or source with a script URL, no new script.
async function pageIsClean(page: Page): Promise<{ handlers: string[]; links: string[]; scripts: number; fired: boolean }> {
  return page.evaluate(() => {
    const handlers: string[] = [];
    const links: string[] = [];
    for (const el of document.querySelectorAll("#root *")) {
      for (const attr of el.getAttributeNames()) if (attr.startsWith("on")) handlers.push(`${el.tagName} ${attr}`);
      for (const attr of ["href", "src", "action", "formaction", "xlink:href", "srcdoc"]) {
        const value = el.getAttribute(attr);
        if (value !== null && !/^https?:\/\//i.test(value)) links.push(`${el.tagName} ${attr}=${value.slice(0, 60)}`);
      }
    }
    return { handlers, links, scripts: document.querySelectorAll("#root script, #root iframe, #root object, #root embed").length, fired: Boolean((window as unknown as { __xssFired?: boolean }).__xssFired) };
  });
}

test("hostile text in every field of raw frames runs nothing and logs no error", async ({ page }) => {
  // Every payload through raw frames: the longest browser spec, and a limit for a hang only.
  test.setTimeout(300_000);
  const fired: string[] = [];
  await trapScripts(page, fired);
  await openPlayground(page);
  // The session key the playground's dock listens to, as the simulated gateway stamps it on a real ask.
  const sessionKey = await page.evaluate(() => {
    const sim = (window as unknown as { __questionDockSim: Sim }).__questionDockSim;
    return sim.ask({ questions: [{ questionId: "warmup", header: "Warm-up", question: "Warm-up?", options: [] }] }).sessionKey;
  });
  await expect(dock(page)).toContainText("Warm-up?");

  for (const [i, text] of XSS_PAYLOADS.entries()) {
    const id = `xss-${i}`;
    await page.evaluate(
      ({ id, text, sessionKey }) => {
        const sim = (window as unknown as { __questionDockSim: Sim }).__questionDockSim;
        const now = Date.now();
        const question = { questionId: "q", header: text, question: `${text} #${id}`, options: [{ label: text, description: text }, { label: `${text} (2)` }], isOther: true, url: text };
        sim.broadcast("question.requested", { id, questions: [question], createdAtMs: now, expiresAtMs: now + 600_000, status: "pending", sessionKey });
        // A record the dock refuses: its id and options are the payload.
        sim.broadcast("question.requested", { id: text, questions: [{ ...question, options: text }], createdAtMs: now, expiresAtMs: now + 600_000, status: "pending", sessionKey });
        sim.askAsync({ text, questions: [{ title: text.slice(0, 4096), options: [text.slice(0, 250), "Plain"] }] });
        sim.broadcast("question.resolved", { id, status: "answered", answers: { answers: { q: [text] } } });
      },
      { id, text, sessionKey },
    );
    // Each answered record leaves a summary in the transcript; wait for it, so every payload really rendered.
    await expect(transcript(page).getByRole("article").filter({ hasText: `#${id}` })).toHaveCount(1);
  }

  const notice = page.getByRole("status").filter({ hasText: "could not be shown" });
  await notice.getByRole("button", { name: "Details" }).click();
  await expect(notice.getByRole("listitem").first()).toBeVisible();
  await expect(dock(page)).toContainText("Plain");

  expect(fired, "dialogs opened by a payload").toEqual([]);
  expect(await pageIsClean(page)).toEqual({ handlers: [], links: [], scripts: 0, fired: false });
});
