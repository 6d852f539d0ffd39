// What the soak does and reads in the playground, by role and visible text, as a person would.
import type { Locator, Page } from "@playwright/test";
import type { UiState } from "./ledger";

/** The page header's connection line. */
export const connectionStatus = (page: Page): Locator => page.locator(".pg-header").getByRole("status");

/** The dock region. */
export const dock = (page: Page): Locator => page.getByRole("region", { name: "Questions" });

/** The summary of the request whose question text is `text`. */
export const summaryOf = (page: Page, text: string): Locator =>
  page.getByRole("region", { name: "Transcript" }).getByRole("article").filter({ hasText: text });

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

// Limits that catch a page that never gets there, not a slow one: beside Playwright on two cores a reconnect
// (whose backoff alone may reach 30 s) or a click's actionability checks can take several times what they take
// on an idle machine. Waits that succeed end as soon as the page is there.
/** Long enough for a reconnect through the client's longest backoff, several times over. */
export const CONNECT_MS = 120_000;
/** A click or a fill on a control that is there. */
export const ACTION_MS = 60_000;
/** Reading a summary the page already shows. */
const READ_MS = 10_000;

/** True once the header says Connected. */
export async function isConnected(page: Page): Promise<boolean> {
  const text = await connectionStatus(page).textContent({ timeout: 2_000 }).catch(() => "");
  return /^\s*Connected/.test(text ?? "");
}

/** Waits, bounded, until the header says Connected. */
export async function waitConnected(page: Page, timeoutMs: number): Promise<boolean> {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (await isConnected(page)) return true;
    await sleep(150);
  }
  return false;
}

/** Waits, bounded, until the dock shows the question text `text`. */
export async function waitQuestionShown(page: Page, text: string, timeoutMs: number): Promise<boolean> {
  return dock(page)
    .getByText(text)
    .waitFor({ state: "visible", timeout: timeoutMs })
    .then(() => true)
    .catch(() => false);
}

/** What the person does with a question: pick an option, or type an Other answer. */
export type Pick = { option: string } | { typed: string };

/** Picks or types in the dock; resolves once the control holds it. */
export async function answerInDock(page: Page, pick: Pick): Promise<void> {
  if ("option" in pick) await dock(page).getByRole("radio", { name: pick.option, exact: true }).click({ timeout: ACTION_MS });
  else await dock(page).getByRole("textbox", { name: "Other" }).fill(pick.typed, { timeout: ACTION_MS });
}

/** Presses the dock's Submit (or Skip); does not wait for anything after the click. */
export async function press(page: Page, button: "Submit" | "Skip"): Promise<void> {
  await dock(page).getByRole("button", { name: button, exact: true }).click({ timeout: ACTION_MS });
}

const NOT_SENT = /was not sent|did not reach the gateway/;

/** What the page shows for the request asked with `text`: its summary, the question still open, or nothing. */
export async function readUi(page: Page, text: string): Promise<UiState> {
  const summary = summaryOf(page, text);
  const count = await summary.count().catch(() => 0);
  if (count > 0) {
    // Every summary of the request: one is right, two that disagree is a mislabel the first alone would hide.
    const labels: string[] = [];
    let body = "";
    for (let i = 0; i < count; i++) {
      const one = summary.nth(i);
      labels.push(((await one.getAttribute("aria-label", { timeout: READ_MS }).catch(() => "")) ?? "").replace(/^Question, /, ""));
      body += `${(await one.innerText({ timeout: READ_MS }).catch(() => "")) ?? ""}\n`;
    }
    const distinct = [...new Set(labels)];
    return { kind: "summary", label: distinct.join(" + "), text: body };
  }
  const open = dock(page).getByText(text);
  if ((await open.count().catch(() => 0)) > 0) {
    const alert = (await dock(page).getByRole("alert").allInnerTexts().catch(() => [])).join(" ");
    const footer = (await dock(page).locator(".qd-footer__status").allInnerTexts().catch(() => [])).join(" ");
    return { kind: "pending", notSent: NOT_SENT.test(alert), message: `${alert} ${footer}`.trim() };
  }
  return { kind: "nothing" };
}

/** Whether the draft `pick` is still there in the open dock (the option checked, or the text in Other). */
export async function draftKeptInDock(page: Page, pick: Pick): Promise<boolean> {
  if ("option" in pick) {
    return dock(page)
      .getByRole("radio", { name: pick.option, exact: true })
      .isChecked({ timeout: READ_MS })
      .catch(() => false);
  }
  const value = await dock(page)
    .getByRole("textbox", { name: "Other" })
    .inputValue({ timeout: READ_MS })
    .catch(() => "");
  return value === pick.typed;
}
