// A question link (#/question/<id>) on the REAL gateway, answered from the page. A link whose question a restart
// lost is checked in the restart project, on the restart it shares (test/gateway/page.restart.ts).
import type { Page } from "@playwright/test";
import { expect, gatewayTest as test, type SpecGateway } from "./support/real-gateway";
import { BRANCH_QUESTION } from "../support/branch-question";

const SLOW = { timeoutMs: 60_000 };

/** Opens the playground's page for one question, connected to the real gateway. */
async function openLink(page: Page, gateway: Pick<SpecGateway, "url" | "token">, session: string, id: string) {
  const params = new URLSearchParams({ gateway: gateway.url, token: gateway.token, session });
  await page.goto(`/?${params.toString()}#/question/${encodeURIComponent(id)}`);
  return page.getByRole("region", { name: "Question: Branch" });
}

test("a question link shows the prompt in the dock's stepper and answers it through question.resolve", async ({ page, admin, realGateway, session }) => {
  const asked = await admin.request<{ id: string }>("question.request", { sessionKey: session, timeoutMs: 600_000, questions: [BRANCH_QUESTION] }, SLOW);
  const region = await openLink(page, realGateway, session, asked.id);
  await region.getByRole("radio", { name: "release/2.4" }).click({ timeout: 30_000 });
  await region.getByRole("button", { name: "Submit" }).click();
  await expect(region.getByRole("article", { name: "Question, answered" })).toBeVisible();
  const answered = await admin.request<{ question: { status: string; answers?: unknown } }>("question.get", { id: asked.id });
  expect(answered.question).toMatchObject({ status: "answered", answers: { answers: { base_branch: ["release/2.4"] } } });
});
