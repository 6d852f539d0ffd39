// Drafts and queued answers are kept in the browser (IndexedDB, shared by every page of the origin), but they belong
// to one conversation: one session on one gateway, seen by one identity. On the REAL gateways: an answer queued on
// the Codex gateway for a session is neither shown nor sent by a page of the same session key on the plain gateway,
// nor by a page of another device signed in to the Codex gateway; the page it was typed on still sends it.
import { mergeTests, type Page } from "@playwright/test";
import { connectRaw, type RawClient } from "../gateway/raw-client";
import { ensureSession } from "../gateway/seed-history";
import { asyncSummary, deliveryStatus } from "./support/async";
import { codexTest, expectRunEnded, newKey, openCodexSession, rowText, savedRows, sendRun, type SpecCodexGateway } from "./support/codex-gateway";
import { connectionStatus, dock, transcript } from "./support/playground";
import { gatewayTest, playgroundPathFor } from "./support/real-gateway";
import { expect, expectNoPageProblems, watchPageProblems } from "./support/test";

/** The Codex gateway (A, where the question is asked) and the plain one (B), each with a raw operator client. */
const test = mergeTests(codexTest, gatewayTest).extend<{ adminA: RawClient; adminB: RawClient }>({
  adminA: async ({ codexGateway }, use) => {
    const client = await connectRaw(codexGateway.url, codexGateway.token, { retryForMs: 30_000 });
    await use(client);
    await client.close();
  },
  adminB: async ({ realGateway }, use) => {
    const client = await connectRaw(realGateway.url, realGateway.token, { retryForMs: 30_000 });
    await use(client);
    await client.close();
  },
});

/** Hang guard for what waits on an agent run: a run takes seconds, the limit only catches one that never ends. */
const RUN = { timeout: 90_000 };

/**
 * How long a page on the other gateway is watched for the foreign answer once it could send it (connected, its
 * history read, its session idle). A kit that keeps storage apart does nothing observable then, so absence can only
 * be watched for a while. A page that loads the entry sends it at once: beside two gateways on a loaded 2-core
 * machine, the gateway had saved it within 3 s.
 */
const QUIET_MS = 15_000;

/** The playground's device key database (DEVICE_KEY_DB of playground/connect.ts). */
const DEVICE_KEY_DB = "openclaw-question-dock-device";

/** The answer message the kit sends for `title` answered with `choice`. */
const answerText = (title: string, choice: string) => `> ${title}\n\n${choice}`;

/** A question of its own per test, so no other row of a shared gateway can contain its title. */
const deployTitle = (key: string) => `Where should release ${key} go?`;

/** The person's messages in the session's saved history. */
async function userTexts(admin: RawClient, session: string): Promise<string[]> {
  return (await savedRows(admin, session)).filter((r) => r.role === "user").map(rowText);
}

/**
 * True once some IndexedDB record of the page's origin contains `text`, whatever the database and layout: the
 * queued answer has reached the browser's storage and outlives the tab.
 */
async function storageHolds(page: Page, text: string): Promise<boolean> {
  return page.evaluate(async (needle) => {
    const done = <T>(request: IDBRequest<T>) =>
      new Promise<T>((resolve, reject) => {
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
    for (const { name } of await indexedDB.databases()) {
      if (!name) continue;
      const db = await done(indexedDB.open(name));
      try {
        for (const store of Array.from(db.objectStoreNames)) {
          const values = await done(db.transaction(store).objectStore(store).getAll());
          if (values.some((value) => JSON.stringify(value)?.includes(needle))) return true;
        }
      } finally {
        db.close();
      }
    }
    return false;
  }, text);
}

/**
 * On `page` of the Codex gateway: the agent asks `title` and keeps working (until `<key>-go` is released); the person
 * answers Production and the answer is queued, kept in the browser's storage. Returns the run's trigger and id.
 */
async function queueAnswerWhileBusy(page: Page, admin: RawClient, gw: SpecCodexGateway, session: string, key: string, title: string): Promise<{ trigger: string; run: string }> {
  gw.codex.script(key, [{ ask: [{ title, options: ["Staging", "Production"] }], itemId: `${key}-ask` }, { waitFor: `${key}-go` }, { say: "Deploying now." }]);
  const trigger = `Please deploy ${key}`;
  const run = await sendRun(admin, session, trigger);
  await dock(page).getByRole("radio", { name: "Production" }).click(RUN);
  await dock(page).getByRole("button", { name: "Submit" }).click();
  await expect(deliveryStatus(asyncSummary(page, "answered"))).toHaveText("Answer queued");
  await expect.poll(() => storageHolds(page, title), { message: "the queued answer in the browser's storage" }).toBe(true);
  return { trigger, run };
}

/** What `page` shows of the question `title` and its answer, and what `admin`'s gateway saved of that answer. */
async function traces(page: Page, admin: RawClient, session: string, title: string) {
  return {
    answeredSummaries: await asyncSummary(page, "answered").count(),
    textsNamingTheQuestion: await page.getByText(title).allInnerTexts(),
    sentToThisGateway: (await userTexts(admin, session)).filter((text) => text.includes(title)),
  };
}

/** Watches `page` and its gateway for `QUIET_MS`; fails as soon as either holds a trace of the question `title`. */
async function expectNeverShownNorSent(page: Page, admin: RawClient, session: string, title: string): Promise<void> {
  const none = { answeredSummaries: 0, textsNamingTheQuestion: [], sentToThisGateway: [] };
  const until = Date.now() + QUIET_MS;
  do {
    expect(await traces(page, admin, session, title), "the other conversation's answer on this page and gateway").toEqual(none);
    await page.waitForTimeout(250);
  } while (Date.now() < until);
}

test("an answer queued on one gateway is neither shown nor sent by a page of the same session key on another gateway", async ({ page, context, codexGateway: gwA, realGateway: gwB, adminA, adminB }) => {
  const key = newKey("scope");
  const title = deployTitle(key);
  const session = await openCodexSession(page, gwA, "scope");
  const { trigger, run } = await queueAnswerWhileBusy(page, adminA, gwA, session, key, title);
  // The tab is closed while the agent still works: the answer waits in the browser's storage.
  await page.close();

  // Later, a page of the same session key on the other gateway: connected, its history read, its session idle.
  const own = `Gateway B's own conversation ${key}.`;
  await ensureSession(adminB, { sessionKey: session });
  await adminB.request("chat.inject", { sessionKey: session, message: own }, { timeoutMs: 30_000 });
  const pageB = await context.newPage();
  const problemsB = watchPageProblems(pageB);
  await pageB.goto(playgroundPathFor(gwB, { session }));
  await expect(connectionStatus(pageB)).toContainText("Connected", { timeout: 60_000 });
  await expect(transcript(pageB).getByText(own)).toBeVisible();
  await expectNeverShownNorSent(pageB, adminB, session, title);

  // The agent finishes; the page the answer was typed on, opened again, still has it and sends it to its gateway.
  gwA.codex.release(`${key}-go`);
  await expectRunEnded(adminA, session, run, "success");
  const pageA = await context.newPage();
  const problemsA = watchPageProblems(pageA);
  await openCodexSession(pageA, gwA, "scope", session);
  await expect(deliveryStatus(asyncSummary(pageA, "answered"))).toHaveText("Answer sent", RUN);
  await expect.poll(() => userTexts(adminA, session), RUN).toEqual([trigger, answerText(title, "Production")]);
  // Nor did its way there reach the other gateway's page.
  expect(await traces(pageB, adminB, session, title)).toEqual({ answeredSummaries: 0, textsNamingTheQuestion: [], sentToThisGateway: [] });
  expectNoPageProblems(problemsA);
  expectNoPageProblems(problemsB);
});

test("an answer queued by one device is neither shown nor sent by another device signed in to the same gateway", async ({ page, context, codexGateway: gw, adminA: admin }) => {
  const key = newKey("device");
  const title = deployTitle(key);
  const session = await openCodexSession(page, gw, "device");
  const { trigger, run } = await queueAnswerWhileBusy(page, admin, gw, session, key, title);
  // Another sign-in in this browser: the device key goes, so the next page pairs as a new device.
  await page.evaluate(
    (dbName) =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open(dbName);
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const tx = open.result.transaction("device", "readwrite");
          tx.objectStore("device").delete("identity");
          tx.oncomplete = () => (open.result.close(), resolve());
          tx.onerror = () => reject(tx.error);
        };
      }),
    DEVICE_KEY_DB,
  );
  await page.close();

  const other = await context.newPage();
  const problems = watchPageProblems(other);
  await openCodexSession(other, gw, "device", session);
  // The question waits unanswered for this device: neither the other's queued answer nor its draft is here.
  const seen = async () => ({
    questionInDock: await dock(other).getByRole("radiogroup", { name: title }).isVisible(),
    checkedChoices: await dock(other).getByRole("radio", { checked: true }).count(),
    answeredSummaries: await asyncSummary(other, "answered").count(),
  });
  await expect.poll(seen, { ...RUN, message: "the question, unanswered, on the other device's page" }).toEqual({ questionInDock: true, checkedChoices: 0, answeredSummaries: 0 });

  // This device answers for itself; once the agent is done, its answer is the only one the gateway gets.
  await dock(other).getByRole("radio", { name: "Staging" }).click();
  await dock(other).getByRole("button", { name: "Submit" }).click();
  await expect(deliveryStatus(asyncSummary(other, "answered"))).toHaveText("Answer queued");
  gw.codex.release(`${key}-go`);
  await expectRunEnded(admin, session, run, "success");
  await expect(deliveryStatus(asyncSummary(other, "answered"))).toHaveText("Answer sent", RUN);
  await expect.poll(() => userTexts(admin, session), RUN).toEqual([trigger, answerText(title, "Staging")]);
  expectNoPageProblems(problems);
});
