// Reading an episode back once its fault has struck: waiting, as a person would, until the page shows an
// outcome (sending again while the gateway still has the question pending), then putting the facts together.
import type { Episode, FaultKind, UiState } from "./ledger";
import { answerInDock, draftKeptInDock, isConnected, press, readUi, waitQuestionShown, type Pick } from "./ui";
import type { SoakPage, World } from "./world";

/** A request the soak asked: its id and the question text that finds it on the page. */
export interface Asked {
  id: string;
  text: string;
  expiresAtMs?: number;
}

/** The context `settle` and `finish` need. */
export interface SettleContext {
  world: World;
  n: number;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

// How long a page may take to show an outcome before the episode counts as stuck. A limit for a page that never
// gets there: a summary shows within seconds even beside Playwright on two cores, and settle returns as soon as
// it does. OUTCOME_AFTER_RESTART_MS allows for the restart, the reconnect backoff and the recovery on top.
export const OUTCOME_MS = 120_000;
export const OUTCOME_AFTER_RESTART_MS = 300_000;
// Connected, quiet and showing nothing for this long: the page has forgotten the request. Long enough for a
// reloaded page on a busy machine to list the questions and read the history back.
const FORGOTTEN_AFTER_MS = 30_000;
// The dock shows a question within a second on an idle machine; a question missing after this never came.
const SHOWN_MS = 120_000;

/** What settling found. */
export interface Settled {
  ui: UiState;
  notSentButRecorded: number;
  draftsLost: number;
  draftChecks: number;
  notes: string[];
}

/**
 * Waits until the page shows an outcome for the request, as a person would: once connected and quiet, a question
 * still open after a cut-off submit is checked against the gateway, and sent again (at most three times) while
 * the gateway still has it pending. A "not sent" shown while the gateway already holds our answer is counted.
 */
export async function settle(ctx: SettleContext, sp: SoakPage, q: Asked, pick: Pick | undefined, opts: { timeoutMs: number; resend: boolean; action?: "Submit" | "Skip" }): Promise<Settled> {
  const out: Settled = { ui: { kind: "nothing" }, notSentButRecorded: 0, draftsLost: 0, draftChecks: 0, notes: [] };
  const end = Date.now() + opts.timeoutMs;
  let quietSince: number | undefined;
  let lastKey = "";
  let resent = 0;
  while (Date.now() < end) {
    const ui = await readUi(sp.page, q.text);
    out.ui = ui;
    if (ui.kind === "summary") return out;
    const connected = await isConnected(sp.page);
    const key = `${connected}|${JSON.stringify(ui)}`;
    if (key !== lastKey) {
      lastKey = key;
      quietSince = Date.now();
    }
    // Nothing at all, connected and quiet for a while: the page has forgotten the request; waiting longer will not help.
    if (ui.kind === "nothing" && connected && Date.now() - (quietSince ?? 0) > FORGOTTEN_AFTER_MS) break;
    const busy = ui.kind === "pending" && /Checking|Sending|Skipping/.test(ui.message);
    if (connected && ui.kind === "pending" && !busy && Date.now() - (quietSince ?? 0) > 1_500) {
      const truth = await ctx.world.truthOf(q.id);
      const own = ownResolvers(ctx.world, sp.name, q.id);
      if (truth.status !== "pending") {
        if (ui.notSent && truth.resolvedBy !== undefined && own.includes(truth.resolvedBy)) {
          out.notSentButRecorded += 1;
          out.notes.push(`"${ui.message}" while the gateway has it ${truth.status} by ${truth.resolvedBy}`);
          quietSince = Date.now() + 60_000; // counted once; let the page catch up
        }
      } else if (opts.resend && resent < 3 && (pick || opts.action === "Skip")) {
        if (pick) out.draftChecks += 1;
        if (pick && !(await draftKeptInDock(sp.page, pick))) {
          out.draftsLost += 1;
          out.notes.push(`draft ${JSON.stringify(pick)} gone from the dock after "${ui.message}"`);
          await answerInDock(sp.page, pick);
        }
        resent += 1;
        await press(sp.page, opts.action ?? "Submit").catch(() => undefined);
        quietSince = Date.now();
      }
    }
    await sleep(250);
  }
  out.notes.push(`no outcome after ${Date.now() - end + opts.timeoutMs} ms`);
  return out;
}

/** Every `resolvedBy` the page `page` sent for request `id`. */
export function ownResolvers(world: World, page: string, id: string): string[] {
  return [...new Set(world.sent.filter((s) => s.page === page && s.id === id && s.resolvedBy).map((s) => s.resolvedBy!))];
}

// A question that left while the person had a draft keeps it in its summary (never for an answer or skip).
function draftInSummary(ui: UiState, pick: Pick | undefined, settled: Settled): void {
  if (!pick || ui.kind !== "summary" || !["expired", "unavailable", "cancelled"].includes(ui.label)) return;
  settled.draftChecks += 1;
  const value = "option" in pick ? pick.option : pick.typed;
  if (!ui.text.includes(value)) {
    settled.draftsLost += 1;
    settled.notes.push(`summary "${ui.label}" does not keep the draft ${JSON.stringify(value)}`);
  }
}

/** The episode's facts: the page's outcome, the gateway's record, and the drafts checked. */
export async function finish(
  ctx: SettleContext,
  fault: FaultKind,
  variant: string,
  q: Asked,
  sp: SoakPage,
  intended: Episode["intended"],
  settled: Settled,
  pick: Pick | undefined,
): Promise<Episode> {
  draftInSummary(settled.ui, pick, settled);
  const truth = await ctx.world.truthOf(q.id);
  return {
    n: ctx.n,
    fault,
    variant,
    ...(sp.name === "main" ? { pageLoad: sp.loads } : {}),
    requestId: q.id,
    ...(intended ? { intended } : {}),
    ownResolvers: ownResolvers(ctx.world, sp.name, q.id),
    sawOkReply: ctx.world.sent.some((s) => s.page === sp.name && s.id === q.id && s.ok === true),
    truth,
    ui: settled.ui,
    notSentButRecorded: settled.notSentButRecorded,
    draftsLost: settled.draftsLost,
    draftChecks: settled.draftChecks,
    notes: settled.notes,
  };
}

// The longest a dock took to show a question the gateway had already asked, so far this run: the machine's pace.
let slowestShown: number | undefined;

/** The longest a dock has taken to show an asked question so far this run, or undefined before the first. */
export function slowestShownMs(): number | undefined {
  return slowestShown;
}

/** Waits until the dock on `sp` shows the question; throws when it never does. */
export async function shown(sp: SoakPage, q: Asked): Promise<void> {
  const t0 = Date.now();
  if (!(await waitQuestionShown(sp.page, q.text, SHOWN_MS))) throw new Error(`${sp.name}: question ${q.id} never appeared in the dock`);
  slowestShown = Math.max(slowestShown ?? 0, Date.now() - t0);
}

