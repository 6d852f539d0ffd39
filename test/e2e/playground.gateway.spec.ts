// The playground against the REAL OpenClaw gateway: questions created with `question.request` are answered
// in the browser from the keyboard, and the gateway's own `question.get` must show exactly those answers.
import { connectionStatus, dock, transcript } from "./support/playground";
import { expect, gatewayTest as test, playgroundPathFor } from "./support/real-gateway";

interface GatewayRecord {
  id: string;
  status: string;
  sessionKey?: string;
  answers?: { answers: Record<string, string[]> };
}

// The first request that touches a session can take seconds while the gateway loads it.
const SLOW = { timeoutMs: 60_000 };

test("questions from question.request are answered in the playground and question.get shows the exact answers", async ({ page, admin, realGateway, session }) => {
  await page.goto(playgroundPathFor(realGateway, { session }));
  await expect(connectionStatus(page)).toContainText("Connected", { timeout: 60_000 });
  await expect(page.getByRole("region", { name: "Scenarios" })).toHaveCount(0);

  // A multi-question prompt (headers stay within the gateway's 12 characters).
  const release = await admin.request<{ id: string }>(
    "question.request",
    {
      sessionKey: session,
      timeoutMs: 600_000,
      questions: [
        {
          questionId: "environment",
          header: "Environment",
          question: "Which environment should the release go to?",
          options: [{ label: "Staging (Recommended)" }, { label: "Production" }],
          isOther: true,
        },
        {
          questionId: "notify",
          header: "Notify",
          question: "Who should hear about it?",
          options: [{ label: "Release channel" }, { label: "On-call" }, { label: "Support" }],
          multiSelect: true,
          isOther: true,
        },
      ],
    },
    SLOW,
  );

  const questions = dock(page);
  await expect(questions.getByText("Question 1 of 2")).toBeVisible({ timeout: 30_000 });
  await expect(questions.getByRole("radio", { name: "Staging (Recommended)" })).toBeFocused();
  await page.keyboard.press("2");
  await expect(questions.getByText("Question 2 of 2")).toBeVisible();
  await page.keyboard.press("1");
  await page.keyboard.press("3");
  await page.keyboard.press("Control+Enter");
  await expect(questions.getByRole("group", { name: "Check your answers" })).toContainText("Release channel, Support");
  await page.keyboard.press("Control+Enter");
  await expect(transcript(page).getByRole("article", { name: "Question, answered" })).toContainText("Release channel, Support");

  const answered = await admin.request<{ question: GatewayRecord }>("question.get", { id: release.id });
  expect(answered.question).toMatchObject({
    status: "answered",
    sessionKey: session,
    answers: { answers: { environment: ["Production"], notify: ["Release channel", "Support"] } },
  });

  // A free-text Other answer, typed with a line break and digits that must stay text.
  const branch = await admin.request<{ id: string }>(
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
  await expect(questions.getByRole("radio", { name: "main" })).toBeFocused({ timeout: 30_000 });
  await page.keyboard.press("3");
  await expect(questions.getByRole("textbox", { name: "Other" })).toBeFocused();
  await page.keyboard.type("hotfix/2.4.1");
  await page.keyboard.press("Enter");
  await page.keyboard.type("then rebase on main");
  await page.keyboard.press("Meta+Enter");
  await expect(questions).toBeHidden();

  const typed = await admin.request<{ question: GatewayRecord }>("question.get", { id: branch.id });
  expect(typed.question).toMatchObject({ status: "answered", answers: { answers: { base_branch: ["hotfix/2.4.1\nthen rebase on main"] } } });
  await expect(transcript(page).getByRole("article", { name: "Question, answered" })).toHaveCount(2);

  // The device key is kept in IndexedDB (its own database, DEVICE_KEY_DB of playground/connect.ts), so a reload
  // signs in as the same, already paired device.
  const storedKeys = () =>
    page.evaluate(
      () =>
        new Promise<string[]>((resolve, reject) => {
          const open = indexedDB.open("openclaw-question-dock-device");
          open.onerror = () => reject(open.error);
          open.onsuccess = () => {
            const request = open.result.transaction("device").objectStore("device").getAllKeys();
            request.onsuccess = () => resolve(request.result.map(String));
            request.onerror = () => reject(request.error);
          };
        }),
    );
  expect(await storedKeys()).toEqual(["identity"]);
  await page.reload();
  await expect(connectionStatus(page)).toContainText("Connected", { timeout: 60_000 });
  expect(await storedKeys()).toEqual(["identity"]);
});
