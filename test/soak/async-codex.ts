// The async episodes: a Codex run on the real gateway with the official Codex plugin asks an async question and
// ends; the person answers it in the playground, and the outbox sends the answer as a chat message while a fault
// strikes around the send: the Codex gateway killed and started again, the socket dropped, the page reloaded, or the
// frames of the send duplicated or delayed. The truth is the gateway's saved history: exactly one user message must
// carry the answer, and the summary must end "Answer sent".
import { randomUUID } from "node:crypto";
import type { Browser, BrowserContext, Page } from "@playwright/test";
import type { Episode, FaultKind } from "./ledger";
import type { Rng } from "./rng";
import { OUTCOME_AFTER_RESTART_MS, OUTCOME_MS } from "./settle";
import { ACTION_MS, CONNECT_MS, dock, summaryOf, waitConnected } from "./ui";
import { playgroundUrl, type World } from "./world";

const OPTIONS = ["North", "South", "East"];
// A click on the Retry answer button the page showed a moment ago; a slow machine's click lands well within it.
const RETRY_CLICK_MS = 5_000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The page of the async episodes: the playground on the Codex gateway, through its fault proxy, in a context of its own. */
export interface AsyncPage {
  context: BrowserContext;
  page: Page;
  errors: string[];
  /** What the episode under way is doing, for a report when it hangs. */
  step: string;
}

interface Row {
  role: string;
  content: unknown;
  customType?: string;
  __openclaw?: { runId?: string; runTerminal?: boolean };
}

const textOf = (content: unknown) => (Array.isArray(content) ? (content as Array<{ text?: string }>).map((p) => p.text ?? "").join("") : String(content));

/** Opens the page of the async episodes; each episode takes it to a session of its own. */
export async function openAsyncPage(browser: Browser): Promise<AsyncPage> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("pageerror", (err) => errors.push(err.message));
  return { context, page, errors, step: "opened" };
}

async function history(world: World, session: string): Promise<Row[]> {
  const h = await world.codex.admin().request<{ messages: Row[] }>("chat.history", { sessionKey: session, limit: 1000 }, { timeoutMs: 60_000 });
  return h.messages;
}

/** Polls `check` until it holds; throws naming `what` after `ms` (a hang guard). */
async function until(check: () => Promise<boolean>, what: string, ms: number): Promise<void> {
  const end = Date.now() + ms;
  for (;;) {
    if (await check().catch(() => false)) return;
    if (Date.now() > end) throw new Error(`${what}: not after ${ms / 1000} s`);
    await sleep(500);
  }
}

// The outbox's chat.send of the answer, page to gateway.
const isSend = (frame: Record<string, unknown>) => frame["type"] === "req" && frame["method"] === "chat.send";

// The gateway's row for a run that ended before any reply ("This turn ended before a reply: …"): chat.history gives it
// the run's id but no `runTerminal`.
const RUN_FAILED = "run-failed-before-reply";

interface AskingRun {
  key: string;
  title: string;
  session: string;
  /** The gateway's words when it failed the run instead of ending it with a reply. */
  failed?: string;
}

/** Opens a session of the episode's own, with the scripted question asked by a run that has ended. */
async function askingRun(world: World, ap: AsyncPage, rng: Rng, n: number, fault: FaultKind, attempt: number): Promise<AskingRun> {
  const key = `soak${n}x${randomUUID().slice(0, 8)}`;
  const title = `Soak #${n}# (${fault}): which way?`;
  // A session of the episode's own: the run an earlier answer started, or the run the gateway recovers after a kill,
  // would take this episode's message into it instead of starting the asking run.
  const session = `agent:main:soak-async-${n}-${randomUUID().slice(0, 8)}`;
  ap.step = `#${n}: opening ${session}`;
  await ap.page.goto(playgroundUrl(world.codex.proxy.url, world.codex.gw.token, session));
  await waitConnected(ap.page, CONNECT_MS);
  world.codex.gw.codex.script(key, [{ ask: [{ title, options: OPTIONS }], itemId: `${key}-ask` }, { say: `Asked ${n}.` }]);
  const runId = `soak-async-${rng.seed}-${n}${attempt > 0 ? `-again${attempt}` : ""}`;
  ap.step = `#${n}: the asking run ${runId}`;
  await world.codex.admin().request("chat.send", { sessionKey: session, message: `soak ${n}: ask ${key}`, idempotencyKey: runId }, { timeoutMs: 60_000 });
  const end: { failed?: Row } = {};
  const ended = async () => {
    const rows = (await history(world, session)).filter((r) => r.__openclaw?.runId === runId);
    end.failed = rows.find((r) => r.role === "custom" && r.customType === RUN_FAILED);
    return rows.some((r) => r.__openclaw?.runTerminal) || end.failed !== undefined;
  };
  await until(ended, `#${n}: the asking run ends`, OUTCOME_AFTER_RESTART_MS);
  return { key, title, session, ...(end.failed ? { failed: textOf(end.failed.content) } : {}) };
}

/** One async answer under `fault`. */
export async function asyncEpisode(world: World, ap: AsyncPage, rng: Rng, n: number, fault: FaultKind): Promise<Episode> {
  const { page } = ap;
  const { proxy } = world.codex;
  const scripts = world.codex.gw.codex;
  let run = await askingRun(world, ap, rng, n, fault, 0);
  // Before the fault: a run the gateway failed before its turn reached the scripted app-server asked nothing, so the
  // episode starts over once in a fresh session; a turn that did reach it, or a second failure, fails the episode.
  const reached = (key: string) => scripts.requests().some((r) => r.method.startsWith("turn/") && JSON.stringify(r.params ?? null).includes(key));
  const notes: string[] = [];
  if (run.failed !== undefined && !reached(run.key)) {
    notes.push(`the asking run failed before its turn reached the app-server ("${run.failed}"); asked again in a fresh session`);
    console.log(`   #${n}: ${notes[0]}\n${world.codex.gw.logTail(60)}`);
    run = await askingRun(world, ap, rng, n, fault, 1);
  }
  if (run.failed !== undefined) throw new Error(`#${n}: the asking run failed: ${run.failed}\n${world.codex.gw.logTail(80)}`);
  const { key, title, session } = run;
  // A run the gateway recovers after a kill plays the script of the conversation it continues: no second question.
  scripts.script(key, [{ say: `Resumed ${n}.` }]);

  ap.step = `#${n}: answering in the dock`;
  await dock(page).getByText(title).waitFor({ state: "visible", timeout: OUTCOME_MS });
  const option = rng.pick(OPTIONS);
  await dock(page).getByRole("radio", { name: option, exact: true }).click({ timeout: ACTION_MS });
  let variant: string;
  if (fault === "async-frames") {
    const mode = rng.pick(["c2s dup", "c2s delay", "s2c dup", "s2c delay"] as const);
    const [dir, how] = mode.split(" ") as ["c2s" | "s2c", "dup" | "delay"];
    const delayMs = rng.int(300, 2_500);
    proxy.arm({ dir, mode: how, windowMs: 2_000, delayMs, ...(dir === "c2s" ? { match: isSend } : {}) });
    variant = how === "delay" ? `${mode} ${delayMs} ms` : mode;
    await submit(page);
  } else {
    const timing = rng.pick(["after-click", "request-held", "reply-lost"] as const);
    if (timing === "request-held") proxy.arm({ dir: "c2s", mode: "delay", delayMs: 5_000, windowMs: 2_500, match: isSend });
    if (timing === "reply-lost") proxy.arm({ dir: "s2c", mode: "delay", delayMs: 5_000, windowMs: 2_500 });
    await submit(page);
    const wait = timing === "after-click" ? rng.int(0, 40) : 300;
    await sleep(wait);
    if (fault === "async-gateway-kill") await world.codex.restartGateway();
    else if (fault === "async-socket-drop") proxy.dropAll();
    else await page.reload();
    proxy.reset();
    variant = `${timing}, ${fault.replace("async-", "")} ${wait} ms after Submit`;
  }
  ap.step = `#${n}: ${variant}, reconnecting`;
  await waitConnected(page, CONNECT_MS);

  ap.step = `#${n}: ${variant}, waiting for Answer sent`;
  const summary = summaryOf(page, title);
  let status = "";
  let retries = 0;
  // Until "Answer sent", as a person would wait, pressing Retry answer when the page says it could not confirm.
  const end = Date.now() + (fault === "async-gateway-kill" ? OUTCOME_AFTER_RESTART_MS : OUTCOME_MS);
  while (Date.now() < end) {
    status = (await summary.locator(".qd-summary__delivery").getByRole("status").first().textContent({ timeout: 1_000 }).catch(() => "")) ?? "";
    if (status === "Answer sent") break;
    const retry = summary.getByRole("button", { name: "Retry answer" });
    if (/unconfirmed|failed|not sent/i.test(status) && retries < 3 && (await retry.count()) > 0) {
      // The button leaves as soon as the page settles the delivery (a history read that holds the message): a click
      // that finds it gone is no press, and the next look reads the new status.
      const pressed = await retry.first().click({ timeout: RETRY_CLICK_MS }).then(() => true, () => false);
      if (pressed) retries += 1;
    }
    await sleep(300);
  }
  ap.step = `#${n}: reading the outcome (status "${status}")`;
  const label = ((await summary.first().getAttribute("aria-label", { timeout: 1_000 }).catch(() => "")) ?? "").replace(/^Question, /, "");
  const answer = `> ${title}\n\n${option}`;
  const replies = (await history(world, session)).filter((r) => r.role === "user" && textOf(r.content) === answer).length;
  return {
    n,
    fault,
    variant,
    requestId: `${key}-ask`,
    intended: { kind: "answer", answers: { [title]: [option] } },
    ownResolvers: [],
    sawOkReply: false,
    truth: { status: replies > 0 ? "answered" : "pending", resolvedEvents: replies },
    ui: label ? { kind: "summary", label, text: status } : { kind: "nothing" },
    notSentButRecorded: 0,
    draftsLost: 0,
    draftChecks: 0,
    notes: retries ? [...notes, `Retry answer pressed ${retries}×`] : notes,
    asyncDelivery: { replies, status },
  };
}

async function submit(page: Page): Promise<void> {
  await dock(page).getByRole("button", { name: "Submit", exact: true }).click({ timeout: ACTION_MS });
}
