// One episode per fault: a question is asked on the real gateway, the person picks or types an answer in the
// playground, the fault strikes around the submit, and once things settle the page and the gateway are read back.
import type { BrowserContext } from "@playwright/test";
import { mockModelControl } from "../gateway/mock-model";
import type { AnswerMap, Episode, FaultKind, UiState } from "./ledger";
import type { Rng } from "./rng";
import { OUTCOME_AFTER_RESTART_MS, OUTCOME_MS, finish, ownResolvers, settle, shown, slowestShownMs, type Asked, type Settled } from "./settle";
import { CONNECT_MS, answerInDock, draftKeptInDock, dock, press, waitConnected, type Pick } from "./ui";
import type { GatewayRecord, SoakPage, World } from "./world";

/** What every episode gets. */
export interface EpisodeContext {
  world: World;
  rng: Rng;
  context: BrowserContext;
  main: SoakPage;
  /** A second tab of the same page, opened the first time an episode needs it. */
  second(): Promise<SoakPage>;
  n: number;
}


const OPTIONS = ["Alpha", "Beta", "Gamma"];
const QID = "pick";
// The admin stands for another Control UI page, whose answers the page must call "answered elsewhere".
const ADMIN_RESOLVER = "control-ui:soak-admin";
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
// How long an agent run may take to reach its ask_user: a limit for a hang. A run is a model call and a tool
// dispatch, seconds when the machine is free; beside the other lanes of npm test one took over 60 s.
const RUN_TO_QUESTION_MS = 300_000;

// A marker no other question's text contains, so a summary is found by its question alone.
const questionText = (n: number, fault: string) => `Soak #${n}# (${fault}): which one?`;

async function askByAdmin(ctx: EpisodeContext, fault: string, timeoutMs = 600_000): Promise<Asked> {
  const text = questionText(ctx.n, fault);
  const r = await ctx.world.admin().request<{ id: string; expiresAtMs: number }>(
    "question.request",
    {
      sessionKey: "main",
      timeoutMs,
      questions: [{ questionId: QID, header: "Soak", question: text, options: OPTIONS.map((label) => ({ label })), isOther: true }],
    },
    { timeoutMs: 60_000 },
  );
  return { id: r.id, text, expiresAtMs: r.expiresAtMs };
}

// The agent's own ask_user, in a real run that chat.abort can stop.
async function askByAgent(ctx: EpisodeContext, fault: string): Promise<Asked & { runId: string }> {
  const text = questionText(ctx.n, fault);
  const mock = mockModelControl(ctx.world.gw.mockModel.controlUrl);
  await mock.reset();
  const questions = [{ id: QID, header: "Soak", question: text, options: OPTIONS.map((label) => ({ label })) }];
  await mock.enqueue({ toolCall: { name: "tool_call", arguments: { id: "ask_user", args: { questions, timeoutSeconds: 300 } } } });
  const runId = `soak-run-${ctx.rng.seed}-${ctx.n}`;
  const admin = ctx.world.admin();
  const seen = admin.waitForEvent((ev) => ev.event === "question.requested" && (ev.payload as GatewayRecord).runId === runId, RUN_TO_QUESTION_MS);
  await admin.request("chat.send", { sessionKey: "main", message: `soak ${ctx.n}: ask me`, idempotencyKey: runId }, { timeoutMs: 60_000 });
  const ev = await seen;
  return { id: (ev.payload as GatewayRecord).id, text, runId };
}

function pickFor(ctx: EpisodeContext): Pick {
  return ctx.rng.chance(0.5) ? { option: ctx.rng.pick(OPTIONS) } : { typed: `typed ${ctx.n}.${ctx.rng.int(100, 999)} for the agent` };
}

const answersOf = (pick: Pick): AnswerMap => ({ [QID]: ["option" in pick ? pick.option : pick.typed] });

function otherPick(pick: Pick, ctx: EpisodeContext): Pick {
  const rest = OPTIONS.filter((o) => !("option" in pick) || o !== pick.option);
  return { option: ctx.rng.pick(rest) };
}

/** Runs one episode of `fault`. */
export async function runEpisode(ctx: EpisodeContext, fault: FaultKind): Promise<Episode> {
  const { world, rng, main } = ctx;
  const { proxy } = world;
  const normal = { timeoutMs: OUTCOME_MS, resend: true };

  if (fault === "gateway-kill") {
    const q = await askByAdmin(ctx, fault);
    await shown(main, q);
    const pick = pickFor(ctx);
    await answerInDock(main.page, pick);
    // The resolve lands before the kill, is held in the proxy so it never lands, or lands but its reply is held.
    const variant = rng.pick(["after-click", "request-held", "reply-lost"] as const);
    if (variant === "request-held") proxy.arm({ dir: "c2s", mode: "delay", delayMs: 5_000, windowMs: 2_500, match: isResolve });
    if (variant === "reply-lost") proxy.arm({ dir: "s2c", mode: "delay", delayMs: 5_000, windowMs: 2_500 });
    await press(main.page, "Submit");
    const wait = variant === "after-click" ? rng.int(0, 40) : 300;
    await sleep(wait);
    await world.restartGateway();
    proxy.reset();
    const s = await settle(ctx, main, q, pick, { timeoutMs: OUTCOME_AFTER_RESTART_MS, resend: true });
    return finish(ctx, fault, `${variant}, kill ${wait} ms after Submit`, q, main, { kind: "answer", answers: answersOf(pick) }, s, pick);
  }

  if (fault === "socket-drop") {
    const variant = rng.pick(["after-click", "reply-lost", "request-held", "while-drafting"] as const);
    const skip = variant !== "while-drafting" && rng.chance(0.2);
    const q = await askByAdmin(ctx, fault);
    await shown(main, q);
    const pick = pickFor(ctx);
    await answerInDock(main.page, pick);
    const s0: Settled = { ui: { kind: "nothing" }, notSentButRecorded: 0, draftsLost: 0, draftChecks: 0, notes: [] };
    if (variant === "while-drafting") {
      proxy.dropAll();
      await sleep(300);
      await waitConnected(main.page, CONNECT_MS);
      s0.draftChecks += 1;
      if (!(await draftKeptInDock(main.page, pick))) {
        s0.draftsLost += 1;
        s0.notes.push("draft gone after a dropped socket");
        await answerInDock(main.page, pick);
      }
      await press(main.page, "Submit");
    } else {
      if (variant === "reply-lost") proxy.arm({ dir: "s2c", mode: "delay", delayMs: 2_000, windowMs: 2_500 });
      if (variant === "request-held") proxy.arm({ dir: "c2s", mode: "delay", delayMs: 2_000, windowMs: 2_500, match: isResolve });
      await press(main.page, skip ? "Skip" : "Submit");
      await sleep(variant === "after-click" ? rng.int(0, 40) : 400);
      proxy.dropAll();
      // The reply (or request) went down with the socket; the reconnect is not slowed down.
      proxy.reset();
    }
    const s = await settle(ctx, main, q, skip ? undefined : pick, { ...normal, action: skip ? "Skip" : "Submit" });
    merge(s, s0);
    return finish(ctx, fault, skip ? `${variant} (skip)` : variant, q, main, skip ? { kind: "skip" } : { kind: "answer", answers: answersOf(pick) }, s, skip ? undefined : pick);
  }

  if (fault === "reload-mid-send") {
    const variant = rng.pick(["after-click", "reply-lost", "before-submit"] as const);
    const q = await askByAdmin(ctx, fault);
    await shown(main, q);
    const pick = pickFor(ctx);
    await answerInDock(main.page, pick);
    const s0: Settled = { ui: { kind: "nothing" }, notSentButRecorded: 0, draftsLost: 0, draftChecks: 0, notes: [] };
    if (variant === "before-submit") {
      await sleep(400);
      await main.page.reload();
      await waitConnected(main.page, CONNECT_MS);
      await shown(main, q);
      s0.draftChecks += 1;
      if (!(await draftKeptInDock(main.page, pick))) {
        s0.draftsLost += 1;
        s0.notes.push(`draft ${JSON.stringify(pick)} gone after a reload`);
        await answerInDock(main.page, pick);
      }
      await press(main.page, "Submit");
    } else {
      if (variant === "reply-lost") proxy.arm({ dir: "s2c", mode: "delay", delayMs: 2_000, windowMs: 2_500 });
      await press(main.page, "Submit");
      await sleep(variant === "after-click" ? rng.int(0, 30) : 400);
      await main.page.reload();
      proxy.reset();
      await waitConnected(main.page, CONNECT_MS);
    }
    const s = await settle(ctx, main, q, pick, normal);
    merge(s, s0);
    return finish(ctx, fault, variant, q, main, { kind: "answer", answers: answersOf(pick) }, s, pick);
  }

  if (fault === "expire-offline") {
    const submits = rng.chance(0.7);
    const q = await askByAdmin(ctx, fault, expiringQuestionMs());
    const pick = await draftBeforeExpiry(ctx, q);
    proxy.setOffline(true);
    proxy.dropAll();
    let pressed = false;
    if (submits && pick) {
      await sleep(rng.int(0, 300));
      pressed = await pressIfThere(main, "Submit");
    }
    await sleep(Math.max(0, (q.expiresAtMs ?? Date.now()) - Date.now()) + 800);
    proxy.setOffline(false);
    await waitConnected(main.page, CONNECT_MS);
    const s = await settle(ctx, main, q, pick, { timeoutMs: OUTCOME_MS, resend: false });
    const variant = !pick ? "expired before the draft" : pressed ? "submitted while offline" : "draft only";
    return finish(ctx, fault, variant, q, main, pressed && pick ? { kind: "answer", answers: answersOf(pick) } : undefined, s, pick);
  }

  if (fault === "other-tab") {
    const variant = rng.pick(["second-page", "admin-while-offline", "race"] as const);
    const q = await askByAdmin(ctx, fault);
    const pick = pickFor(ctx);
    if (variant === "second-page") {
      const second = await ctx.second();
      await shown(main, q);
      await shown(second, q);
      await answerInDock(main.page, pick);
      const theirs = otherPick(pick, ctx);
      await answerInDock(second.page, theirs);
      await press(second.page, "Submit");
      const s = await settle(ctx, second, q, theirs, normal);
      const ep = await finish(ctx, fault, variant, q, second, { kind: "answer", answers: answersOf(theirs) }, s, theirs);
      // The first tab had a draft of its own: it must say the question was answered elsewhere.
      const firstSide = await settle(ctx, main, q, undefined, { timeoutMs: OUTCOME_MS, resend: false });
      return withSecondView(ep, main.name, firstSide.ui, ownResolvers(world, main.name, q.id));
    }
    await shown(main, q);
    await answerInDock(main.page, pick);
    const theirs = otherPick(pick, ctx);
    let pressed = false;
    const adminResolve = () =>
      world
        .admin()
        .request("question.resolve", { id: q.id, answers: { answers: answersOf(theirs) }, resolvedBy: ADMIN_RESOLVER }, { timeoutMs: 30_000 })
        .catch(() => undefined);
    if (variant === "admin-while-offline") {
      proxy.setOffline(true);
      proxy.dropAll();
      await adminResolve();
      pressed = await pressIfThere(main, "Submit");
      await sleep(rng.int(200, 600));
      proxy.setOffline(false);
    } else {
      // Positive: the other side acts that long after the click starts (a click takes some 20-60 ms to land).
      const offset = rng.int(-20, 60);
      await Promise.all([
        (async () => {
          if (offset < 0) await sleep(-offset);
          pressed = await pressIfThere(main, "Submit");
        })(),
        (async () => {
          if (offset > 0) await sleep(offset);
          await adminResolve();
        })(),
      ]);
    }
    const s = await settle(ctx, main, q, pick, { timeoutMs: OUTCOME_MS, resend: false });
    return finish(ctx, fault, variant, q, main, pressed ? { kind: "answer", answers: answersOf(pick) } : undefined, s, pick);
  }

  if (fault === "run-abort") {
    const variant = rng.pick(["chat.abort", "cancel run-abort"] as const);
    const q = variant === "chat.abort" ? await askByAgent(ctx, fault) : await askByAdmin(ctx, fault);
    await shown(main, q);
    const pick = pickFor(ctx);
    await answerInDock(main.page, pick);
    const offset = rng.int(-20, 80);
    const abort = async () => {
      if ("runId" in q) await world.admin().request("chat.abort", { sessionKey: "main", runId: q.runId }, { timeoutMs: 30_000 }).catch(() => undefined);
      else await world.admin().request("question.resolve", { id: q.id, cancel: true, resolvedBy: "run-abort" }, { timeoutMs: 30_000 }).catch(() => undefined);
    };
    let pressed = false;
    await Promise.all([
      (async () => {
        if (offset < 0) await sleep(-offset);
        pressed = await pressIfThere(main, "Submit");
      })(),
      (async () => {
        if (offset > 0) await sleep(offset);
        await abort();
      })(),
    ]);
    const s = await settle(ctx, main, q, pick, { timeoutMs: OUTCOME_MS, resend: false });
    const when = `${offset >= 0 ? `abort ${offset} ms after the click began` : `abort ${-offset} ms before the click`}${pressed ? "" : ", too late to press"}`;
    return finish(ctx, fault, `${variant}, ${when}`, q, main, pressed ? { kind: "answer", answers: answersOf(pick) } : undefined, s, pick);
  }

  // Frame faults: armed just before the submit, for the frames of the submit's round trip.
  const q = await askByAdmin(ctx, fault);
  await shown(main, q);
  const pick = pickFor(ctx);
  await answerInDock(main.page, pick);
  const skip = rng.chance(0.2);
  let variant: string = fault;
  if (fault === "frames-dup") proxy.arm({ dir: "s2c", mode: "dup", windowMs: 1_500 });
  else if (fault === "frames-swap") proxy.arm({ dir: "s2c", mode: "swap", windowMs: 1_500, delayMs: 400 });
  else if (fault === "frames-delay") {
    const ms = rng.int(300, 2_500);
    variant = `s2c delayed ${ms} ms`;
    proxy.arm({ dir: "s2c", mode: "delay", delayMs: ms, windowMs: 1_500 });
  } else {
    const mode = rng.pick(["dup", "delay"] as const);
    variant = `c2s ${mode} question.resolve`;
    proxy.arm({ dir: "c2s", mode, delayMs: rng.int(300, 1_500), windowMs: 1_500, match: isResolve });
  }
  await press(main.page, skip ? "Skip" : "Submit");
  const s = await settle(ctx, main, q, skip ? undefined : pick, { ...normal, action: skip ? "Skip" : "Submit" });
  return finish(ctx, fault, skip ? `${variant} (skip)` : variant, q, main, skip ? { kind: "skip" } : { kind: "answer", answers: answersOf(pick) }, s, skip ? undefined : pick);
}

// In a race the question may leave before the click lands: then the person never submitted.
async function pressIfThere(sp: SoakPage, button: "Submit" | "Skip"): Promise<boolean> {
  return dock(sp.page)
    .getByRole("button", { name: button, exact: true })
    .click({ timeout: 1_500 })
    .then(() => true)
    .catch(() => false);
}

// The expiring question has to outlive the ask, the dock showing it and the draft, and little more: the episode
// then waits for it to run out. Three seconds on an idle machine; on a busy one a few times the slowest a question
// has taken to show so far this run (and a generous guess before the first).
function expiringQuestionMs(): number {
  return Math.max(3_000, 4 * (slowestShownMs() ?? 2_500) + 1_000);
}

// Shows the expiring question and drafts an answer. Should the machine slow down past the pace so far, the question
// can run out first: then nothing was drafted (undefined), and the page still has to say that it expired.
async function draftBeforeExpiry(ctx: EpisodeContext, q: Asked): Promise<Pick | undefined> {
  try {
    await shown(ctx.main, q);
    const pick = pickFor(ctx);
    await answerInDock(ctx.main.page, pick);
    return pick;
  } catch (err) {
    if (q.expiresAtMs === undefined || Date.now() < q.expiresAtMs) throw err;
    return undefined;
  }
}

const isResolve = (frame: Record<string, unknown>) => frame["type"] === "req" && frame["method"] === "question.resolve";

function merge(into: Settled, from: Settled): void {
  into.draftChecks += from.draftChecks;
  into.draftsLost += from.draftsLost;
  into.notes.push(...from.notes);
}

function withSecondView(ep: Episode, page: string, ui: UiState, own: string[]): Episode {
  return { ...ep, others: [{ page, ui, ownResolvers: own }] };
}

/** Cancels whatever is still pending, so the next episode starts with an empty dock; returns how many. */
export async function clearPending(world: World): Promise<number> {
  const list = await world.admin().request<{ questions: GatewayRecord[] }>("question.list", {}, { timeoutMs: 60_000 });
  for (const rec of list.questions) {
    await world.admin().request("question.resolve", { id: rec.id, cancel: true, resolvedBy: "control-ui:soak-cleanup" }, { timeoutMs: 30_000 }).catch(() => undefined);
  }
  return list.questions.length;
}

/** The dock is empty again on `sp` (bounded). */
export async function dockEmpty(sp: SoakPage, timeoutMs: number): Promise<boolean> {
  return dock(sp.page)
    .waitFor({ state: "hidden", timeout: timeoutMs })
    .then(() => true)
    .catch(() => false);
}
