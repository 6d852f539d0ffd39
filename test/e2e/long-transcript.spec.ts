// A long chat above the dock must never squeeze it: at desktop and phone sizes, with the keyboard open, and with
// a 10 kB unbroken word, every part of the dock stays hittable, the dock is as tall as its content up to 60% of
// the viewport, and the transcript scrolls in what is left. Checked on the stories and on the playground.
import type { Page } from "@playwright/test";
import { longTranscriptText, unbrokenWord } from "../../stories/support/long-transcript";
import { VIEWPORTS, expectDockReachable, expectDockSized, layoutMetrics } from "./support/dock-reach";
import { composer, dock, openPlayground, simAsk } from "./support/playground";
import { storyTest } from "./support/story-test";
import { gotoStory } from "./support/storybook";
import { expect, test } from "./support/test";

const STORIES = [
  { id: "docklayout-long-transcript--long-transcript", content: "short" },
  { id: "docklayout-long-transcript--long-transcript-narrow", content: "tall" },
  { id: "docklayout-long-transcript--long-unbroken-word", content: "tall" },
] as const;

// On the worker's shared Storybook page: opening each story in a fresh page cost several times the check itself.
for (const story of STORIES) {
  for (const viewport of VIEWPORTS) {
    storyTest(`story ${story.id} at ${viewport.name}: the dock is reachable and sized, the transcript scrolls`, async ({ show }) => {
      const page = await show(story.id, { viewport: { width: viewport.width, height: viewport.height } });
      await expect(dock(page)).toBeVisible();
      const m = await layoutMetrics(page);
      expectDockSized(m);
      if (story.content === "tall") expect(m.dockScrollHeight, "tall content scrolls inside the dock").toBeGreaterThan(m.dockClientHeight);
      expect(m.transcriptScrolls, "the transcript scrolls").toBe(true);
      await expectDockReachable(dock(page));
    });
  }
}

/** Makes the page believe the on-screen keyboard left `height` px of visual viewport, as a phone reports it. */
async function openKeyboard(page: Page, height: number): Promise<void> {
  await page.evaluate((h) => {
    const vv = window.visualViewport;
    if (!vv) throw new Error("no visualViewport");
    Object.defineProperty(vv, "height", { configurable: true, get: () => h });
    vv.dispatchEvent(new Event("resize"));
  }, height);
}

// A page of its own: the test patches the page's visualViewport, which a shared page would keep for later stories.
test("a visualViewport resize (keyboard opening) caps the dock at 60% of what is left, and keeps it hittable", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await gotoStory(page, "docklayout-long-transcript--long-transcript-narrow");
  await expect(dock(page)).toBeVisible();
  const before = await layoutMetrics(page);
  expect(before.dockHeight).toBeGreaterThan(400 * 0.6 + 20);
  await openKeyboard(page, 400);
  await expect.poll(async () => (await layoutMetrics(page)).dockHeight).toBeLessThanOrEqual(400 * 0.6 + 1);
  expectDockSized(await layoutMetrics(page));
  // The whole chat column fits in what the keyboard left.
  const layoutBottom = await page.locator(".qd-layout").evaluate((el) => el.getBoundingClientRect().bottom);
  expect(layoutBottom).toBeLessThanOrEqual(401);
  await expectDockReachable(dock(page));
});

/** Pushes `count` agent replies into the simulated gateway's main session, as finished runs. */
async function fillTranscript(page: Page, count: number): Promise<void> {
  const texts = Array.from({ length: count }, (_, i) => longTranscriptText(i));
  await page.evaluate((all) => {
    const sim = (window as unknown as { __questionDockSim?: { startRun(): string; completeRun(runId: string, text: string): void } }).__questionDockSim;
    if (!sim) throw new Error("window.__questionDockSim is missing");
    for (const text of all) sim.completeRun(sim.startRun(), text);
  }, texts);
  await expect(page.locator(".pg-message")).toHaveCount(count);
}

const SHORT_REQUEST = {
  questions: [
    { questionId: "region", header: "Region", question: "Which region should host the new database?", options: [{ label: "EU (Frankfurt)" }, { label: "US East" }, { label: "Asia Pacific" }] },
    { questionId: "deploy", header: "Deploy", question: "Where should this change deploy first?", options: [{ label: "Staging" }, { label: "Production" }] },
  ],
};

const UNBROKEN_REQUEST = {
  questions: [
    {
      questionId: "unbroken",
      header: "Long word",
      question: unbrokenWord(10_000, "Pneumonoultramicroscopic"),
      options: [{ label: unbrokenWord(10_000, "Floccinaucinihilipilification") }, { label: "Keep it short" }],
    },
  ],
};

for (const viewport of VIEWPORTS) {
  test(`playground with 200 agent messages at ${viewport.name}: the dock is reachable and sized`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await openPlayground(page, "/?persist=0");
    await fillTranscript(page, 200);

    await simAsk(page, SHORT_REQUEST);
    await expect(dock(page).locator(".qd-question__text").first()).toBeVisible();
    const short = await layoutMetrics(page);
    expectDockSized(short);
    expect(short.transcriptScrolls, "the transcript scrolls").toBe(true);
    await expectDockReachable(dock(page));
    await expect(composer(page)).toBeInViewport();

    // Skipping is a real click on the real button, under the long chat.
    await dock(page).getByRole("button", { name: "Skip", exact: true }).click({ trial: false });
    await expect(dock(page)).toHaveCount(0);

    await simAsk(page, UNBROKEN_REQUEST);
    await expect(dock(page).getByRole("radio", { name: "Keep it short" })).toBeAttached();
    const tall = await layoutMetrics(page);
    expectDockSized(tall);
    expect(tall.dockScrollHeight, "tall content scrolls inside the dock").toBeGreaterThan(tall.dockClientHeight);
    await expectDockReachable(dock(page));
    await dock(page).getByRole("radio", { name: "Keep it short" }).click();
    await dock(page).getByRole("button", { name: "Submit" }).click();
    await expect(dock(page)).toHaveCount(0);
  });
}
