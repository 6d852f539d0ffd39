// Driving the built playground: open it, start scenarios, find the dock's parts by role, and read what
// the embedded simulated gateway recorded (window.__questionDockSim, published in simulated mode only).
import type { Locator, Page } from "@playwright/test";
import { expect } from "./test";

/** A question record as the simulated gateway reports it; only the fields the specs read. */
export interface SimRecord {
  id: string;
  status: "pending" | "answered" | "cancelled" | "expired";
  questions: { questionId: string; question: string }[];
  answers?: { answers: Record<string, string[]> };
}

/** A scenario button of the simulated playground. */
export type ScenarioName =
  | "Single question"
  | "Three questions"
  | "Multi-select"
  | "Expires in 30 s"
  | "Two requests at once"
  | "Drop connection"
  | "Restart gateway"
  | "Async questions"
  | "Agent busy"
  | "Run completes";

/**
 * Stops the page's clock (installed with `page.clock.install()`) just ahead of its own time, so that the page's
 * timers (a countdown, the simulator's latency) move only when the test moves them, however slow the machine.
 * A moment already past cannot be paused at, so each try aims further ahead.
 */
export async function pauseClock(page: Page): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    const ahead = await page.evaluate((lead) => Date.now() + lead, 1_000 * 2 ** attempt);
    try {
      await page.clock.pauseAt(ahead);
      return;
    } catch (error) {
      if (!String(error).includes("to the past")) throw error;
    }
  }
}

/** Opens the playground (simulated unless `path` says otherwise) and waits until its client is connected. */
export async function openPlayground(page: Page, path = "/"): Promise<void> {
  await page.goto(path);
  await expect(connectionStatus(page)).toContainText("Connected");
}

/** Presses a scenario button (with the mouse: scenarios set the stage, the specs then use the keyboard). */
export async function runScenario(page: Page, name: ScenarioName): Promise<void> {
  await page.getByRole("region", { name: "Scenarios" }).getByRole("button", { name, exact: true }).click();
}

/** The page header's connection line ("Connected", "Reconnecting…", …). */
export function connectionStatus(page: Page): Locator {
  return page.locator(".pg-header").getByRole("status");
}

/** The dock: the region named "Questions". */
export function dock(page: Page): Locator {
  return page.getByRole("region", { name: "Questions" });
}

/** The chat composer's text field. */
export function composer(page: Page): Locator {
  return page.getByRole("textbox", { name: "Message" });
}

/** The transcript, where messages and finished questions' summaries stay. */
export function transcript(page: Page): Locator {
  return page.getByRole("region", { name: "Transcript" });
}

/** Every question record the simulated gateway still remembers, oldest first. */
export async function simRecords(page: Page): Promise<SimRecord[]> {
  return page.evaluate(() => {
    const sim = (window as unknown as { __questionDockSim?: { records(): unknown[] } }).__questionDockSim;
    if (!sim) throw new Error("window.__questionDockSim is missing: is the playground in simulated mode?");
    return sim.records() as SimRecord[];
  });
}

/** The one record whose first question has this id; fails when there is not exactly one. */
export async function simRecord(page: Page, questionId: string): Promise<SimRecord> {
  const found = (await simRecords(page)).filter((r) => r.questions[0]?.questionId === questionId);
  expect(found, `records asking "${questionId}"`).toHaveLength(1);
  return found[0]!;
}

/** Calls `sim.ask(params)` in the page, as an agent's ask_user would; resolves with the new record's id. */
export async function simAsk(page: Page, params: unknown): Promise<string> {
  return page.evaluate((p) => {
    const sim = (window as unknown as { __questionDockSim?: { ask(p: unknown): { id: string } } }).__questionDockSim;
    if (!sim) throw new Error("window.__questionDockSim is missing: is the playground in simulated mode?");
    return sim.ask(p).id;
  }, params);
}

/** True when the page scrolls sideways (its content is wider than the viewport). */
export async function scrollsSideways(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const root = document.scrollingElement ?? document.documentElement;
    return root.scrollWidth > root.clientWidth;
  });
}
