// A reply typed in the composer while an agent run waits on its question, on the REAL OpenClaw gateway with a real
// agent run (the mock model calls ask_user): the gateway takes the creator's message as the answer, so the page says
// so before sending, the summary says Answered with the answer at the turn that asked, and nothing calls it someone
// else's. From a connection with other permissions (here a raw operator client without the kit's tool-events cap)
// the gateway refuses it, and the page says why and keeps the typed text.
import { randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import { composer, connectionStatus, dock, transcript } from "./support/playground";
import { expect, gatewayTest as test, playgroundPathFor, type SpecGateway } from "./support/real-gateway";

const DEPLOY = { id: "target", header: "Deploy", question: "Where should the release go?", options: [{ label: "Staging (Recommended)" }, { label: "Production" }] };

// The mock model: the run started by `trigger` (its own words) asks ask_user, then says `then` once it has the answer.
async function scriptAsking(gw: SpecGateway, trigger: string, then: string): Promise<void> {
  const mock = gw.mock(trigger);
  await mock.enqueue({ toolCall: { name: "tool_call", arguments: { id: "ask_user", args: { questions: [DEPLOY], timeoutSeconds: 600 } } } });
  await mock.enqueue({ text: then });
}

async function openSession(page: Page, gw: SpecGateway, session: string): Promise<void> {
  await page.goto(playgroundPathFor(gw, { session }));
  await expect(connectionStatus(page)).toContainText("Connected", { timeout: 60_000 });
}

test("the creator's reply in the composer answers the question: Answered with Production at the turn that asked, never elsewhere", async ({ page, admin, realGateway, session }) => {
  await openSession(page, realGateway, session);
  const trigger = `Please deploy the release ${randomUUID().slice(0, 6)}`;
  await scriptAsking(realGateway, trigger, "Deploying to production now.");

  await composer(page).fill(trigger);
  await page.keyboard.press("Enter");
  // The blocking question arrives and takes focus; the person goes back to the composer and types there.
  await expect(dock(page).getByRole("radio", { name: "Production" })).toBeVisible({ timeout: 60_000 });
  await composer(page).click();
  await page.keyboard.type("Production");
  // Before sending, the page says what the message will do; there is no "Send as chat" choice to make.
  await expect(page.getByText("Your message will answer 'Deploy':")).toBeVisible();
  await expect(page.getByText("Deploy: Production")).toBeVisible();
  await page.keyboard.press("Enter");

  const summary = transcript(page).getByRole("article", { name: "Question, answered" });
  await expect(summary).toContainText("Production", { timeout: 60_000 });
  await expect(composer(page)).toHaveValue("");
  await expect(transcript(page).getByText("Deploying to production now.")).toBeVisible({ timeout: 60_000 });
  // At the turn that asked: after the person's request, before the agent's reply to the answer.
  const order = await transcript(page).locator("li").evaluateAll((items) => items.map((li) => li.textContent ?? ""));
  const asked = order.findIndex((t) => t.includes(trigger));
  const answered = order.findIndex((t) => t.includes("Where should the release go?"));
  const replied = order.findIndex((t) => t.includes("Deploying to production now."));
  expect(asked).toBeGreaterThanOrEqual(0);
  expect(answered).toBeGreaterThan(asked);
  expect(replied).toBeGreaterThan(answered);
  // Nowhere on the page, the live region included, is the person's own answer called someone else's.
  await expect(page.getByText(/elsewhere/i)).toHaveCount(0);
  expect(await page.locator("body").textContent()).not.toMatch(/elsewhere/i);

  // Other tests share the gateway: nothing of this session is left pending.
  const { questions } = await admin.request<{ questions: Array<{ id: string; sessionKey?: string }> }>("question.list", {});
  expect(questions.filter((q) => q.sessionKey === session)).toHaveLength(0);
  const history = await admin.request<{ messages: Array<{ role: string; content: unknown }> }>("chat.history", { sessionKey: session, limit: 100 });
  expect(history.messages.filter((m) => m.role === "user").map((m) => m.content)).toEqual([trigger, "Production"]);
});

test("a reply from a connection with other permissions than the run's creator is refused: the page says why and keeps the text", async ({ page, admin, realGateway, session }) => {
  await openSession(page, realGateway, session);
  const trigger = `Another person deploys ${randomUUID().slice(0, 6)}`;
  await scriptAsking(realGateway, trigger, "Deploying.");
  // Another operator's run asks: started by a connection whose caller policy (caps) differs from this page's.
  await admin.request("chat.send", { sessionKey: session, message: trigger, idempotencyKey: `other-${randomUUID()}` }, { timeoutMs: 60_000 });
  await expect(dock(page).getByRole("radio", { name: "Production" })).toBeVisible({ timeout: 60_000 });

  await composer(page).click();
  await page.keyboard.type("Production");
  await page.keyboard.press("Enter");

  await expect(composer(page)).toHaveAccessibleDescription(/only from a connection with the same permissions/, { timeout: 60_000 });
  await expect(composer(page)).toHaveValue("Production");
  await expect(composer(page)).toBeFocused();
  // The question still waits, and the dock still answers it.
  await expect(dock(page).getByRole("radio", { name: "Production" })).toBeVisible();
  await dock(page).getByRole("radio", { name: "Production" }).click();
  await dock(page).getByRole("button", { name: "Submit" }).click();
  await expect(transcript(page).getByRole("article", { name: "Question, answered" })).toContainText("Production", { timeout: 60_000 });
});
