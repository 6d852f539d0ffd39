// The playground in a long conversation: answered questions summarised in the transcript and more pending in the
// dock. The transcript shows its newest rows (earlier ones a press away), so the page's size does not grow with the
// conversation. PLAYGROUND_SCALE=full runs it at the bench's scale, 5,000 answered and 50 pending; the default scale
// checks the same bound in seconds.
import { seedLongConversation } from "./support/long-conversation";
import { dock, openPlayground, transcript } from "./support/playground";
import { expect, test } from "./support/test";

const FULL = process.env["PLAYGROUND_SCALE"] === "full";
const ANSWERED = FULL ? 5_000 : 600;
const PENDING = 50;
/** Rows the playground's transcript shows before "Show earlier messages" (playground/Transcript.tsx). */
const ROWS = 250;
/** The most elements the page may hold (bench/budgets.ts holds the kit's own summary list to the same). */
const ELEMENT_BUDGET = 3_000;

test(`with ${ANSWERED} answered summaries and ${PENDING} pending questions the playground holds at most ${ELEMENT_BUDGET} elements`, async ({ page }) => {
  test.setTimeout(FULL ? 600_000 : 120_000);
  // Without the simulated gateway saving its whole state per question.
  await openPlayground(page, "/?persist=0");
  await seedLongConversation(page, ANSWERED, PENDING);
  const earlier = transcript(page).getByRole("button", { name: /^Show earlier messages/ });
  await expect(earlier).toHaveText(`Show earlier messages (${ANSWERED - ROWS} not shown)`, { timeout: FULL ? 300_000 : 60_000 });
  await expect(dock(page).getByRole("radio").first()).toBeVisible();
  const elements = await page.evaluate(() => document.getElementsByTagName("*").length);
  console.log(`playground at scale: ${elements} elements (${ANSWERED} answered, ${PENDING} pending)`);
  expect(elements).toBeLessThanOrEqual(ELEMENT_BUDGET);
  // The newest summary is there, whole; earlier rows come a page at a time, and what is shown stays findable.
  const summaries = transcript(page).getByRole("article", { name: "Question, answered elsewhere" });
  await expect(summaries).toHaveCount(ROWS);
  await expect(summaries.last()).toContainText(`Target for build ${ANSWERED - 1}?`);
  await earlier.click();
  await expect(earlier).toHaveText(`Show earlier messages (${ANSWERED - 2 * ROWS} not shown)`);
  await expect(summaries).toHaveCount(2 * ROWS);
  await expect(summaries.first()).toContainText(`Target for build ${ANSWERED - 2 * ROWS}?`);
});
