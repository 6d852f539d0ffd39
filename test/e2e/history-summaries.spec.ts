// Question summaries survive a reload, at the agent turn that asked them. The embedded simulated gateway keeps
// its transcript in sessionStorage and writes an agent's ask_user call and result into it as the real gateway does,
// so a reloaded page without this tab's kept outcomes can only know the questions from the conversation history.
import type { Locator, Page } from "@playwright/test";
import { openPlayground, transcript, dock, connectionStatus } from "./support/playground";
import { expect, test } from "./support/test";

/** Calls a method of the playground's simulated gateway (window.__questionDockSim). */
async function sim<T = unknown>(page: Page, method: string, ...args: unknown[]): Promise<T> {
  return page.evaluate(
    ([name, params]) => {
      const gateway = (window as unknown as { __questionDockSim?: Record<string, (...a: unknown[]) => unknown> }).__questionDockSim;
      if (!gateway) throw new Error("window.__questionDockSim is missing: is the playground in simulated mode?");
      return gateway[name]!(...params) as T;
    },
    [method, args] as const,
  );
}

const DEPLOY = {
  questionId: "deploy_target",
  header: "Deploy",
  question: "Where should this build deploy?",
  options: [{ label: "Staging (Recommended)" }, { label: "Production" }],
};
const COLOR = { questionId: "color", header: "Color", question: "Which color should the banner be?", options: [{ label: "Red" }, { label: "Blue" }] };

/** The transcript's rows, each as a short label: "agent: <text>" or "summary: <first question>". */
async function rows(list: Locator): Promise<string[]> {
  return list.locator(":scope > li").evaluateAll((items) =>
    items.map((li) =>
      li.classList.contains("pg-outcome")
        ? `summary: ${li.querySelector(".qd-summary__question")?.textContent ?? ""}`
        : `${li.getAttribute("data-role")}: ${li.querySelector(".pg-message__text")?.textContent ?? ""}`,
    ),
  );
}

/** The reloaded transcript: the answered deploy question, the color question as `colorName` says, each at its turn. */
async function expectSummaries(page: Page, colorName: string, colorNote: string, turns: string[]): Promise<void> {
  const answered = transcript(page).getByRole("article", { name: "Question, answered" });
  await expect(answered).toBeVisible();
  await expect(answered.getByText("Where should this build deploy?")).toBeVisible();
  await expect(answered.getByText("Staging (Recommended)")).toBeVisible();
  const color = transcript(page).getByRole("article", { name: colorName });
  await expect(color.getByText("Which color should the banner be?")).toBeVisible();
  await expect(color.getByText(colorNote, { exact: true }).first()).toBeVisible();
  // Each summary sits at its own turn, just before that turn's reply, not at the end.
  await expect.poll(() => rows(transcript(page).getByRole("list").first())).toEqual(turns);
}

test("after a reload mid-conversation, each question's summary is still there, with its words, at the turn that asked", async ({ page }) => {
  await openPlayground(page);
  // Turn 1: the agent asks; the person answers here; the agent replies.
  await sim(page, "startRun", { runId: "turn-1" });
  await sim(page, "ask", { runId: "turn-1", questions: [DEPLOY] });
  await dock(page).getByRole("radio", { name: "Staging (Recommended)" }).click();
  await dock(page).getByRole("button", { name: "Submit" }).click();
  const list = transcript(page).getByRole("list").first();
  await expect(transcript(page).getByRole("article", { name: "Question, answered" })).toBeVisible();
  await sim(page, "completeRun", "turn-1", "Deploying to staging.");
  // Turn 2: the agent asks; another surface skips it; the agent carries on.
  await sim(page, "startRun", { runId: "turn-2" });
  const color = await sim<{ id: string }>(page, "ask", { runId: "turn-2", questions: [COLOR] });
  await sim(page, "cancel", color.id, "control-ui:another-tab");
  await expect(transcript(page).getByRole("article", { name: "Question, skipped elsewhere" })).toBeVisible();
  await sim(page, "completeRun", "turn-2", "Picking a color myself.");
  // Turn 3 is still going when the page reloads.
  await sim(page, "startRun", { runId: "turn-3" });
  await sim(page, "streamRun", "turn-3", "Now building the banner");
  await expect(list.getByText("Now building the banner")).toBeVisible();
  const turns = [
    "summary: Where should this build deploy?",
    "assistant: Deploying to staging.",
    "summary: Which color should the banner be?",
    "assistant: Picking a color myself.",
  ];
  // Live, each summary already sits at its turn: before the reply its run wrote after the answer.
  await expect.poll(() => rows(list)).toEqual([...turns, "assistant: Now building the banner"]);

  // This tab kept its own outcomes, so the reload shows them as it saw them live.
  await page.reload();
  await expect(connectionStatus(page)).toContainText("Connected");
  await expectSummaries(page, "Question, skipped elsewhere", "Skipped elsewhere", turns);

  // Without this tab's kept outcomes (another tab, a cleared session), only the conversation history remains.
  await page.evaluate(() => {
    for (const key of Object.keys(sessionStorage)) if (key.startsWith("openclaw-question-dock:outcomes:")) sessionStorage.removeItem(key);
  });
  await page.reload();
  await expect(connectionStatus(page)).toContainText("Connected");
  await expectSummaries(page, "Question, no answer", "It was skipped or cancelled; the conversation history does not say by whom.", turns);
  await expect(dock(page)).toBeHidden();
});
