// The playground's question link (#/question/<id>) in real Chromium, on a question that the shared restart of
// plain.restart.test.ts loses: the page says Unavailable and keeps the typed text. It drives Chromium from here rather
// than from Playwright Test so that it shares that restart instead of starting and restarting a gateway of its own.
import { existsSync } from "node:fs";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { chromium, type Browser } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { chromiumLaunchOptions } from "../e2e/support/chromium";
import { watchPageProblems } from "../e2e/support/page-problems";
import { PLAYGROUND_DIR } from "../e2e/support/servers";
import { serveStatic } from "../e2e/support/static-server.mjs";
import { connectRaw } from "./raw-client";
import type { RestartableGateway } from "./restartable-gateway";
import { BRANCH_QUESTION } from "../support/branch-question";

// Chromium itself logs each reconnect refused while the gateway is down; anything else in the console fails the test.
const REFUSED = /^WebSocket connection to 'ws:\/\/127\.0\.0\.1:\d+\/' failed: Error in connection establishment: net::ERR_CONNECTION_REFUSED/;

/** The suite, on `gateway()`, the restart project's gateway as a beforeAll hands it over. */
export function pageRestartSuite(gateway: () => RestartableGateway): void {
  let server: Server | undefined;
  let browser: Browser | undefined;

  beforeAll(async () => {
    if (!existsSync(join(PLAYGROUND_DIR, "index.html"))) throw new Error(`no playground built in ${PLAYGROUND_DIR}: run \`npm run build:playground\` first`);
    server = await serveStatic(PLAYGROUND_DIR, 0);
    browser = await chromium.launch(chromiumLaunchOptions);
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await new Promise((done) => (server ? server.close(done) : done(undefined)));
  });

  it("after a gateway restart loses the linked question, the page says Unavailable and keeps the typed text", async () => {
    const gw = gateway();
    const session = `agent:main:page-${Date.now().toString(36)}`;
    const admin = await connectRaw(gw.url, gw.token, { retryForMs: 30_000 });
    const asked = await admin.request<{ id: string }>("question.request", { sessionKey: session, timeoutMs: 600_000, questions: [BRANCH_QUESTION] }, { timeoutMs: 60_000 });
    await admin.close();

    const page = await browser!.newPage();
    const problems = watchPageProblems(page);
    const { port } = server!.address() as AddressInfo;
    const params = new URLSearchParams({ gateway: gw.url, token: gw.token, session });
    await page.goto(`http://127.0.0.1:${port}/?${params.toString()}#/question/${encodeURIComponent(asked.id)}`);
    const region = page.getByRole("region", { name: "Question: Branch" });
    await region.getByRole("textbox", { name: "Other" }).fill("hotfix/2.4.1", { timeout: 60_000 });

    // The restart comes once every suite sharing it has asked.
    await gw.restart();
    // A read made while the gateway was still starting fails; Retry reads it again.
    const unavailable = region.getByRole("article", { name: "Question, unavailable" });
    const retry = region.getByRole("button", { name: "Retry" });
    await unavailable.or(retry).first().waitFor({ timeout: 120_000 });
    if (await retry.isVisible()) await retry.click();
    await unavailable.waitFor({ timeout: 60_000 });
    await unavailable.getByText("hotfix/2.4.1").waitFor({ timeout: 10_000 });
    await unavailable.getByRole("button", { name: "Copy answer" }).waitFor({ timeout: 10_000 });
    expect(await region.getByRole("textbox", { name: "Other" }).count()).toBe(0);
    await page.close();
    expect(problems.errors).toEqual([]);
    expect(problems.consoleErrors.filter((line) => !REFUSED.test(line))).toEqual([]);
  }, 600_000);
}
