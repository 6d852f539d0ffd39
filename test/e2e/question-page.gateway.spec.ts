// A question link (#/question/<id>) on the REAL gateway: answered from the page, and a question that a gateway
// restart lost, which the page shows as Unavailable with the typed text kept.
import type { Page } from "@playwright/test";
import { connectRaw } from "../gateway/raw-client";
import { expect, gatewayTest as test, type SpecGateway } from "./support/real-gateway";

const SLOW = { timeoutMs: 60_000 };
const QUESTION = {
  questionId: "base_branch",
  header: "Branch",
  question: "Which branch should the fix start from?",
  options: [{ label: "main" }, { label: "release/2.4" }],
  isOther: true,
};

/** Opens the playground's page for one question, connected to the real gateway. */
async function openLink(page: Page, gateway: Pick<SpecGateway, "url" | "token">, session: string, id: string) {
  const params = new URLSearchParams({ gateway: gateway.url, token: gateway.token, session });
  await page.goto(`/?${params.toString()}#/question/${encodeURIComponent(id)}`);
  return page.getByRole("region", { name: "Question: Branch" });
}

test("a question link shows the prompt in the dock's stepper and answers it through question.resolve", async ({ page, admin, realGateway, session }) => {
  const asked = await admin.request<{ id: string }>("question.request", { sessionKey: session, timeoutMs: 600_000, questions: [QUESTION] }, SLOW);
  const region = await openLink(page, realGateway, session, asked.id);
  await region.getByRole("radio", { name: "release/2.4" }).click({ timeout: 30_000 });
  await region.getByRole("button", { name: "Submit" }).click();
  await expect(region.getByRole("article", { name: "Question, answered" })).toBeVisible();
  const answered = await admin.request<{ question: { status: string; answers?: unknown } }>("question.get", { id: asked.id });
  expect(answered.question).toMatchObject({ status: "answered", answers: { answers: { base_branch: ["release/2.4"] } } });
});

test("after a gateway restart loses the question, the page says Unavailable and keeps the typed text", async ({ page, ownGateway, session, pageProblems }) => {
  // A gateway of the test's own: the shared one is never restarted.
  const admin = await connectRaw(ownGateway.url, ownGateway.token, { retryForMs: 30_000 });
  const asked = await admin.request<{ id: string }>("question.request", { sessionKey: session, timeoutMs: 600_000, questions: [QUESTION] }, SLOW);
  await admin.close();
  const region = await openLink(page, ownGateway, session, asked.id);
  await region.getByRole("textbox", { name: "Other" }).fill("hotfix/2.4.1", { timeout: 30_000 });

  await ownGateway.restart();
  // A read made while the gateway was still starting fails; Retry reads it again.
  const unavailable = region.getByRole("article", { name: "Question, unavailable" });
  const retry = region.getByRole("button", { name: "Retry" });
  await expect(unavailable.or(retry)).toBeVisible({ timeout: 60_000 });
  if (await retry.isVisible()) await retry.click();
  await expect(unavailable).toBeVisible({ timeout: 30_000 });
  await expect(unavailable.getByText("hotfix/2.4.1")).toBeVisible();
  await expect(unavailable.getByRole("button", { name: "Copy answer" })).toBeVisible();
  await expect(region.getByRole("textbox", { name: "Other" })).toHaveCount(0);
  // The gateway of the test's own stops once the test ends: closed first, the page cannot log a refused reconnect then.
  await page.close();
  // Chromium itself logs each reconnect refused while the gateway was down; anything else still fails the test.
  const refused = /^WebSocket connection to 'ws:\/\/127\.0\.0\.1:\d+\/' failed: Error in connection establishment: net::ERR_CONNECTION_REFUSED/;
  pageProblems.consoleErrors.splice(0, Infinity, ...pageProblems.consoleErrors.filter((line) => !refused.test(line)));
});
