// Blocking drafts shared between two tabs of one conversation, and kept over a reload, on the REAL gateway.
import { storedBlockingDrafts } from "./support/blocking-drafts";
import { connectionStatus, dock } from "./support/playground";
import { expect, gatewayTest as test, playgroundPathFor } from "./support/real-gateway";

const SLOW = { timeoutMs: 60_000 };

test("two tabs share a blocking draft live, a reload keeps it, and the answer sent is the one chosen", async ({ context, admin, realGateway, session }) => {
  const first = await context.newPage();
  const second = await context.newPage();
  for (const page of [first, second]) {
    await page.goto(playgroundPathFor(realGateway, { session }));
    await expect(connectionStatus(page)).toContainText("Connected", { timeout: 60_000 });
  }
  const asked = await admin.request<{ id: string }>(
    "question.request",
    {
      sessionKey: session,
      timeoutMs: 600_000,
      questions: [
        {
          questionId: "base_branch",
          header: "Branch",
          question: "Which branch should the fix start from?",
          options: [{ label: "main" }, { label: "release/2.4" }],
          isOther: true,
        },
      ],
    },
    SLOW,
  );
  await expect(dock(first).getByRole("radio", { name: "main" })).toBeVisible({ timeout: 30_000 });
  await expect(dock(second).getByRole("radio", { name: "main" })).toBeVisible({ timeout: 30_000 });

  // Typed in one tab, then an option picked: the other tab shows both, the text marked not chosen.
  await dock(first).getByRole("textbox", { name: "Other" }).fill("hotfix/2.4.1");
  await dock(first).getByRole("radio", { name: "release/2.4" }).click();
  const otherThere = dock(second).getByRole("textbox", { name: "Other" });
  await expect(dock(second).getByRole("radio", { name: "release/2.4" })).toBeChecked();
  await expect(otherThere).toHaveValue("hotfix/2.4.1");
  await expect(otherThere).toHaveAccessibleDescription("Not chosen");

  // The second tab reloads: the gateway still has the question, the page still has the draft.
  await expect.poll(() => storedBlockingDrafts(second)).toEqual([{ requestId: asked.id, chosen: [["release/2.4"]], others: ["hotfix/2.4.1"] }]);
  await second.reload();
  await expect(connectionStatus(second)).toContainText("Connected", { timeout: 60_000 });
  await expect(dock(second).getByRole("radio", { name: "release/2.4" })).toBeChecked({ timeout: 30_000 });
  await expect(otherThere).toHaveValue("hotfix/2.4.1");

  // An edit in the reloaded tab reaches the first one too.
  await dock(second).getByRole("radio", { name: "main" }).click();
  await expect(dock(first).getByRole("radio", { name: "main" })).toBeChecked();

  await dock(first).getByRole("button", { name: "Submit" }).click();
  await expect(dock(first)).toBeHidden();
  await expect(dock(second)).toBeHidden();
  const answered = await admin.request<{ question: { status: string; answers?: unknown } }>("question.get", { id: asked.id });
  expect(answered.question).toMatchObject({ status: "answered", answers: { answers: { base_branch: ["main"] } } });
  await expect.poll(() => storedBlockingDrafts(first)).toEqual([]);
});
