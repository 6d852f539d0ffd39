// Async (Codex) answers reloaded mid-send. The real gateway only emits async questions with the Codex runtime,
// so these episodes run against the playground's simulated gateway (`?latency=` makes each chat.send slow enough
// to reload while it is on its way; the simulator keeps its conversation in sessionStorage, as a real gateway
// would keep it over a reload). The truth is the simulator's saved history: exactly one user message must reply
// to the question's delivery, and the summary must end "Answer sent".
import type { Browser, BrowserContext, Page } from "@playwright/test";
import type { Episode } from "./ledger";
import type { Rng } from "./rng";
import { OUTCOME_MS } from "./settle";
import { CONNECT_MS, dock, summaryOf, waitConnected } from "./ui";
import { SOAK_PORT } from "./world";

interface SimMessage {
  role: string;
  replyToId?: string;
  openclawAsyncDelivery?: { itemId: string };
  __openclaw: { id: string };
}

const OPTIONS = ["North", "South", "East"];
const LATENCY_MS = 800;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A page on the simulated playground, in a context of its own (its IndexedDB outbox apart from the real pages'). */
export interface AsyncSimPage {
  context: BrowserContext;
  page: Page;
  errors: string[];
}

/** Opens the simulated playground with slow chat.send. */
export async function openAsyncSim(browser: Browser): Promise<AsyncSimPage> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("pageerror", (err) => errors.push(err.message));
  await page.goto(`http://127.0.0.1:${SOAK_PORT}/?latency=${LATENCY_MS}`);
  await waitConnected(page, CONNECT_MS);
  return { context, page, errors };
}

const history = (page: Page) =>
  page.evaluate(() => (window as unknown as { __questionDockSim: { history(): unknown[] } }).__questionDockSim.history() as never as SimMessage[]);

/** One async answer, submitted, then the page reloaded at a drawn moment of its slow send; Retry when unconfirmed. */
export async function asyncReloadEpisode(sim: AsyncSimPage, rng: Rng, n: number): Promise<Episode> {
  const { page } = sim;
  const itemId = `soak-async-${n}`;
  const title = `Soak #${n}# (async-reload-sim): which way?`;
  await page.evaluate(
    ([id, t, options]) =>
      (window as unknown as { __questionDockSim: { askAsync(p: unknown): unknown } }).__questionDockSim.askAsync({ itemId: id, questions: [{ title: t, options }] }),
    [itemId, title, OPTIONS] as const,
  );
  await dock(page).getByText(title).waitFor({ state: "visible", timeout: CONNECT_MS });
  const option = rng.pick(OPTIONS);
  await dock(page).getByRole("radio", { name: option, exact: true }).click();
  await dock(page).getByRole("button", { name: "Submit", exact: true }).click();
  // Before the send leaves, while it is on its way, or after the gateway saved it but before its reply.
  const wait = rng.int(0, 2 * LATENCY_MS + 200);
  await sleep(wait);
  await page.reload();
  await waitConnected(page, CONNECT_MS);

  const notes: string[] = [];
  const summary = summaryOf(page, title);
  let status = "";
  let retries = 0;
  // Until "Answer sent" (or a limit that only catches a summary that never gets there).
  const end = Date.now() + OUTCOME_MS;
  while (Date.now() < end) {
    status = (await summary.locator(".qd-summary__delivery").getByRole("status").first().textContent({ timeout: 1_000 }).catch(() => "")) ?? "";
    if (status === "Answer sent") break;
    const retry = summary.getByRole("button", { name: "Retry answer" });
    if (/unconfirmed|failed|not sent/i.test(status) && retries < 3 && (await retry.count()) > 0) {
      retries += 1;
      await retry.first().click().catch(() => undefined);
    }
    await sleep(300);
  }
  const label = ((await summary.first().getAttribute("aria-label", { timeout: 1_000 }).catch(() => "")) ?? "").replace(/^Question, /, "");
  const messages = await history(page);
  const delivery = messages.find((m) => m.openclawAsyncDelivery?.itemId === itemId)?.__openclaw.id;
  const replies = messages.filter((m) => m.role === "user" && delivery !== undefined && m.replyToId === delivery).length;
  if (retries) notes.push(`Retry answer pressed ${retries}×`);
  return {
    n,
    fault: "async-reload-sim",
    variant: `reload ${wait} ms after Submit (latency ${LATENCY_MS} ms)`,
    requestId: itemId,
    intended: { kind: "answer", answers: { [title]: [option] } },
    ownResolvers: [],
    sawOkReply: false,
    truth: { status: replies > 0 ? "answered" : "pending", resolvedEvents: replies },
    ui: label ? { kind: "summary", label, text: status } : { kind: "nothing" },
    notSentButRecorded: 0,
    draftsLost: 0,
    draftChecks: 0,
    notes,
    asyncDelivery: { replies, status },
  };
}
