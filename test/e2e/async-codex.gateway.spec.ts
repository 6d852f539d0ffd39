// Async (Codex) questions in the playground on the REAL OpenClaw gateway with the official Codex plugin: the agent
// runs go through the plugin to a scripted app-server, so what the gateway saves and sends is real. What the person
// sees: a reminder that never takes the keyboard, the collapsed count, an answer queued then sent, reminders retired
// only by a later run that succeeds, summaries kept at the turn that asked across a reload, and two tabs in step.
import type { Page } from "@playwright/test";
import { asyncSummary, deliveryStatus } from "./support/async";
import { codexTest as test, expectRunEnded, expectStreaming, newKey, openCodexSession, rowText, savedRows, sendRun, transcriptOrder } from "./support/codex-gateway";
import { hitTest } from "./support/dock-reach";
import { composer, dock, transcript } from "./support/playground";
import { expect, expectNoPageProblems, watchPageProblems } from "./support/test";

const DEPLOY = { title: "Where should the release go?", options: ["Staging", "Production"] };
const BRANCH = { title: "Which branch should the hotfix land on?", options: ["main", "release/2.4"] };
const NOTES = { title: "Anything the release notes should mention?", options: ["Nothing", "The rollback"] };

/** Hang guard for what waits on an agent run: a run takes seconds, the limit only catches one that never ends. */
const RUN = { timeout: 90_000 };

/** The answer message the kit sends for `title` answered with `choice`. */
const answerText = (title: string, choice: string) => `> ${title}\n\n${choice}`;

/** Asserts the point at the centre of `control` belongs to it: the person can hit it. */
async function expectHittable(control: ReturnType<Page["getByRole"]>, name: string): Promise<void> {
  const result = await hitTest(control, name);
  expect(result, `what is at the centre of ${name}`).toMatchObject({ hit: true });
}

test("a reminder opens without taking focus while the person keeps typing in the composer", async ({ page, codexGateway: gw }) => {
  await openCodexSession(page, gw, "focus");
  const key = newKey("focus");
  gw.codex.script(key, [{ ask: [DEPLOY], itemId: `${key}-ask` }, { waitFor: `${key}-go` }, { say: "Deployed." }]);

  await composer(page).click();
  await page.keyboard.type(`Please deploy ${key}`);
  await page.keyboard.press("Enter");
  await expect(composer(page)).toHaveValue("");
  await page.keyboard.type("Half a thought");
  await expect(dock(page).getByRole("radiogroup", { name: DEPLOY.title })).toBeVisible(RUN);
  await expect(composer(page)).toBeFocused();
  // Digits are text in the composer, not picks in the dock.
  await page.keyboard.type(" 1 2 and more");
  await expect(composer(page)).toHaveValue("Half a thought 1 2 and more");
  await expect(composer(page)).toBeFocused();
  await expect(dock(page).getByRole("radio", { checked: true })).toHaveCount(0);

  // The asking run ends and the page reads the history again: still the person's text, still their keyboard.
  gw.codex.release(`${key}-go`);
  await expect(transcript(page).getByText("Deployed.")).toBeVisible(RUN);
  await expect(dock(page).getByRole("radiogroup", { name: DEPLOY.title })).toBeVisible();
  await expect(composer(page)).toBeFocused();
  await expect(composer(page)).toHaveValue("Half a thought 1 2 and more");
});

test("collapsed, the dock shows how many questions wait unanswered and the newest", async ({ page, admin, codexGateway: gw }) => {
  const session = await openCodexSession(page, gw, "count");
  const key = newKey("count");
  gw.codex.script(key, [{ ask: [BRANCH, NOTES], itemId: `${key}-a` }, { ask: [DEPLOY], itemId: `${key}-b` }, { say: "Two things to decide." }]);
  const runId = await sendRun(admin, session, `Prepare the hotfix ${key}`);
  await expectRunEnded(admin, session, runId, "success");
  await expect(dock(page).getByText("Request 1 of 2")).toBeVisible(RUN);
  await expect(dock(page).getByRole("radiogroup", { name: BRANCH.title })).toBeVisible();

  const collapse = dock(page).getByRole("button", { name: "Collapse questions" });
  await expectHittable(collapse, "Collapse questions");
  await collapse.click();
  await expect(dock(page)).toHaveAttribute("data-state", "collapsed");
  await expect(dock(page)).toContainText("2 requests waiting, 3 unanswered questions");
  // The bar names the newest question; Expand brings back the one in front.
  await expect(dock(page)).toContainText(DEPLOY.title);
  await expect(dock(page).getByRole("radio")).toHaveCount(0);

  const expand = dock(page).getByRole("button", { name: "Expand questions" });
  await expectHittable(expand, "Expand questions");
  await expand.click();
  await expect(dock(page).getByRole("radiogroup", { name: BRANCH.title })).toBeVisible();
});

test("an answer given while the asking run works is queued, then sent once it ends: one user message with it", async ({ page, admin, codexGateway: gw }) => {
  const session = await openCodexSession(page, gw, "answer");
  const key = newKey("answer");
  gw.codex.script(key, [{ ask: [DEPLOY], itemId: `${key}-ask` }, { waitFor: `${key}-go` }, { say: "Deploying now." }]);
  const trigger = `Please deploy ${key}`;
  await composer(page).fill(trigger);
  await composer(page).press("Enter");

  const production = dock(page).getByRole("radio", { name: "Production" });
  await expect(production).toBeVisible(RUN);
  await expectHittable(production, "Production");
  await production.click();
  const submit = dock(page).getByRole("button", { name: "Submit" });
  await expectHittable(submit, "Submit");
  await submit.click();

  const summary = asyncSummary(page, "answered");
  // The agent is still at work: the answer waits rather than cut into its turn.
  await expect(deliveryStatus(summary)).toHaveText("Answer queued");
  await expect(summary).toContainText("Production");
  await expect(dock(page)).toBeHidden();
  expect((await savedRows(admin, session)).filter((r) => r.role === "user").map(rowText)).toEqual([trigger]);

  gw.codex.release(`${key}-go`);
  // "Answer sent" is the saved history's word, not the send's.
  await expect(deliveryStatus(summary)).toHaveText("Answer sent", RUN);
  await expect.poll(async () => (await savedRows(admin, session)).filter((r) => r.role === "user").map(rowText), RUN).toEqual([trigger, answerText(DEPLOY.title, "Production")]);
  await expect(dock(page)).toBeHidden();
});

test("a later run that succeeds retires untouched and typed-into reminders; a failed or aborted one does not", async ({ page, admin, codexGateway: gw }) => {
  const session = await openCodexSession(page, gw, "retire");
  const key = newKey("retire");
  gw.codex.script(key, [{ ask: [BRANCH], itemId: `${key}-a` }, { ask: [NOTES], itemId: `${key}-b` }, { say: "Two things to decide." }]);
  const asking = await sendRun(admin, session, `Prepare the hotfix ${key}`);
  await expectRunEnded(admin, session, asking, "success");
  await expect(dock(page).getByText("Request 1 of 2")).toBeVisible(RUN);

  // The second reminder gets a typed answer the person has not sent.
  await dock(page).getByRole("button", { name: "Next request" }).click();
  const other = dock(page).getByRole("textbox", { name: "Other" });
  await other.click();
  await page.keyboard.type("Mention the migration");
  await dock(page).getByRole("button", { name: "Collapse questions" }).click();
  await expect(dock(page)).toContainText("2 requests waiting");

  const failKey = newKey("fail");
  gw.codex.script(failKey, [{ fail: "the model broke" }]);
  const failed = await sendRun(admin, session, `Try again ${failKey}`);
  await expectRunEnded(admin, session, failed, "failure");
  // The page has seen the failure once the transcript shows that run as an error.
  await expect(transcript(page).locator(`[data-run="${failed}"]`).filter({ hasText: "Error" }).first()).toBeVisible(RUN);
  await expect(dock(page)).toContainText("2 requests waiting");

  const abortKey = newKey("abort");
  gw.codex.script(abortKey, [{ say: "Half an answer" }, { hang: true }]);
  const aborted = await sendRun(admin, session, `Look again ${abortKey}`);
  await expectStreaming(admin, aborted);
  await admin.request("chat.abort", { sessionKey: session, runId: aborted });
  await expectRunEnded(admin, session, aborted, "aborted");
  // The page has seen the abort once the transcript shows the run's partial answer (saved twice by the gateway).
  await expect(transcript(page).locator(`[data-run="${aborted}"]`).filter({ hasText: "Half an answer" }).first()).toBeVisible(RUN);
  await expect(dock(page)).toContainText("2 requests waiting");
  await expect(asyncSummary(page, "no longer pending")).toHaveCount(0);

  const doneKey = newKey("done");
  gw.codex.script(doneKey, [{ say: "All green." }]);
  const done = await sendRun(admin, session, `Check the build ${doneKey}`);
  await expectRunEnded(admin, session, done, "success");
  const retired = asyncSummary(page, "no longer pending");
  await expect(retired).toHaveCount(2, RUN);
  await expect(dock(page)).toBeHidden();
  await expect(retired.filter({ hasText: BRANCH.title })).toContainText("No longer pending");
  // Retiring answered nothing.
  expect((await savedRows(admin, session)).filter((r) => r.role === "user").map(rowText)).toEqual([`Prepare the hotfix ${key}`, `Try again ${failKey}`, `Look again ${abortKey}`, `Check the build ${doneKey}`]);

  const answer = retired.filter({ hasText: NOTES.title }).getByRole("button", { name: "Answer", exact: true });
  await expectHittable(answer, "Answer");
  await answer.focus();
  await page.keyboard.press("Enter");
  await expect(dock(page).getByRole("textbox", { name: "Other" })).toHaveValue("Mention the migration");
  await expect(retired).toHaveCount(1);
});

test("after a reload every summary still sits at the message that asked, not at the bottom", async ({ page, admin, codexGateway: gw }) => {
  const session = await openCodexSession(page, gw, "reload");
  const first = newKey("first");
  const second = newKey("second");
  const third = newKey("third");
  gw.codex.script(first, [{ ask: [DEPLOY], itemId: `${first}-ask` }, { say: "Asked about the release." }]);
  gw.codex.script(second, [{ ask: [BRANCH], itemId: `${second}-ask` }, { say: "Asked about the branch." }]);
  gw.codex.script(third, [{ say: "All green." }]);

  const run1 = await sendRun(admin, session, `Release it ${first}`);
  await expectRunEnded(admin, session, run1, "success");
  await dock(page).getByRole("radio", { name: "Production" }).click(RUN);
  await dock(page).getByRole("button", { name: "Submit" }).click();
  await expect(deliveryStatus(asyncSummary(page, "answered"))).toHaveText("Answer sent", RUN);
  // The answer is a message of its own, and the agent's turn for it must end before the next run starts.
  await expect.poll(async () => (await savedRows(admin, session)).filter((r) => r.__openclaw?.runTerminal).length, RUN).toBe(2);

  const run2 = await sendRun(admin, session, `Hotfix it ${second}`);
  await expectRunEnded(admin, session, run2, "success");
  await expect(dock(page).getByRole("radiogroup", { name: BRANCH.title })).toBeVisible(RUN);
  const run3 = await sendRun(admin, session, `Check it ${third}`);
  await expectRunEnded(admin, session, run3, "success");
  await expect(asyncSummary(page, "no longer pending")).toBeVisible(RUN);

  await page.reload();
  await expect(asyncSummary(page, "answered")).toBeVisible(RUN);
  await expect(asyncSummary(page, "no longer pending")).toBeVisible();
  await expect(transcript(page).getByText("All green.")).toBeVisible();
  await expect(deliveryStatus(asyncSummary(page, "answered"))).toHaveText("Answer sent");

  const order = await transcriptOrder(page);
  const at = (kind: "summary" | "message", text: string) => order.findIndex((row) => row.startsWith(`${kind}: `) && row.includes(text));
  const prompt1 = at("message", `Release it ${first}`);
  const prompt2 = at("message", `Hotfix it ${second}`);
  const prompt3 = at("message", `Check it ${third}`);
  const answered = at("summary", DEPLOY.title);
  const retired = at("summary", BRANCH.title);
  expect(prompt1, JSON.stringify(order)).toBeGreaterThanOrEqual(0);
  // Each summary lies within the turn that asked: after its prompt, before the next run's prompt.
  expect(answered, `answered summary in ${JSON.stringify(order)}`).toBeGreaterThan(prompt1);
  expect(answered, `answered summary in ${JSON.stringify(order)}`).toBeLessThan(prompt2);
  expect(retired, `retired summary in ${JSON.stringify(order)}`).toBeGreaterThan(prompt2);
  expect(retired, `retired summary in ${JSON.stringify(order)}`).toBeLessThan(prompt3);
});

test.describe("two tabs of one conversation", () => {
  test("Discard in one tab reopens the queued answer's draft in the other", async ({ page: tabA, admin, codexGateway: gw }) => {
    const session = await openCodexSession(tabA, gw, "tabs");
    const tabB = await tabA.context().newPage();
    const problemsB = watchPageProblems(tabB);
    await openCodexSession(tabB, gw, "tabs", session);

    const key = newKey("tabs");
    gw.codex.script(key, [{ ask: [DEPLOY], itemId: `${key}-ask` }, { waitFor: `${key}-go` }, { say: "Deploying now." }]);
    const trigger = `Please deploy ${key}`;
    const run = await sendRun(admin, session, trigger);
    for (const tab of [tabA, tabB]) await expect(dock(tab).getByRole("radiogroup", { name: DEPLOY.title })).toBeVisible(RUN);

    await dock(tabA).getByRole("radio", { name: "Production" }).click();
    await dock(tabA).getByRole("button", { name: "Submit" }).click();
    await expect(deliveryStatus(asyncSummary(tabA, "answered"))).toHaveText("Answer queued");
    const summaryB = asyncSummary(tabB, "answered");
    await expect(deliveryStatus(summaryB)).toHaveText("Answer queued");
    await expect(summaryB).toContainText("Production");
    await expect(dock(tabB)).toBeHidden();

    const discard = asyncSummary(tabA, "answered").getByRole("button", { name: "Discard" });
    await expectHittable(discard, "Discard");
    await discard.click();
    for (const tab of [tabA, tabB]) {
      await expect(dock(tab).getByRole("radio", { name: "Production" })).toBeChecked();
      await expect(asyncSummary(tab, "answered")).toHaveCount(0);
    }

    // Discarded means never sent, even once the agent is idle again.
    gw.codex.release(`${key}-go`);
    await expectRunEnded(admin, session, run, "success");
    for (const tab of [tabA, tabB]) await expect(tab.getByText("Deploying now.")).toBeVisible(RUN);
    await expect(dock(tabB).getByRole("radio", { name: "Production" })).toBeChecked();
    expect((await savedRows(admin, session)).filter((r) => r.role === "user").map(rowText)).toEqual([trigger]);
    expectNoPageProblems(problemsB);
  });
});
