// The fault soak: SOAK_FAULTS (default 100) faults against the REAL OpenClaw gateways, one per episode, drawn with a
// seeded generator (SOAK_SEED): blocking episodes on the plain gateway, async ones on the gateway with the Codex
// plugin. Every intended answer is checked against the gateway's record and against the outcome the page shows; the
// run fails unless nothing was lost, duplicated or mislabelled and nothing got stuck.
import { writeFileSync, mkdirSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { asyncEpisode, openAsyncPage, type AsyncPage } from "./async-codex";
import { clearPending, dockEmpty, runEpisode, type EpisodeContext } from "./episodes";
import { FAULT_KINDS, auditLabel, isAsyncKind, judge, renderTable, total, type Episode, type FaultKind } from "./ledger";
import { createRng, seedFrom, type Rng } from "./rng";
import { CONNECT_MS, readUi, waitConnected } from "./ui";
import { startWorld, type SoakPage, type World } from "./world";

const FAULTS = Number(process.env["SOAK_FAULTS"] ?? 100);
const SEED = seedFrom(process.env["SOAK_SEED"]);
// The run is its FAULTS episodes, however long a slow or busy machine takes for them: there is no budget for the
// whole run, only limits that catch a hang. An episode takes 5 to 40 s (a restart the most), a few times that
// beside Playwright on two cores; one that has not ended after EPISODE_HANG_MS is stuck, and so is the run.
const EPISODE_HANG_MS = 10 * 60_000;
// Starting the gateway and the page before the first episode, the two looks after the last, and closing.
const SETUP_AND_AUDIT_HANG_MS = 20 * 60_000;

const WEIGHTS: Record<FaultKind, number> = {
  "gateway-kill": 1,
  "socket-drop": 3,
  "reload-mid-send": 2,
  "expire-offline": 1.5,
  "other-tab": 1.5,
  "run-abort": 1.5,
  "frames-dup": 1,
  "frames-swap": 1,
  "frames-delay": 1,
  "frames-c2s": 1.5,
  "async-gateway-kill": 1,
  "async-socket-drop": 1.5,
  "async-reload-mid-send": 1.5,
  "async-frames": 1.5,
};

const KILLS: FaultKind[] = ["gateway-kill", "async-gateway-kill"];

/** Every kind once (when there is room), the rest by weight, restarts of each gateway capped (each costs ~20-60 s), shuffled. */
function plan(rng: Rng, count: number): FaultKind[] {
  const restarts = Math.max(1, Math.floor(count / 20));
  const kinds: FaultKind[] = count >= FAULT_KINDS.length ? [...FAULT_KINDS] : [];
  const kills = new Map(KILLS.map((k) => [k, kinds.filter((x) => x === k).length]));
  while (kinds.length < count) {
    const k = rng.weighted(WEIGHTS);
    const killed = kills.get(k);
    if (killed !== undefined && killed >= restarts) continue;
    if (killed !== undefined) kills.set(k, killed + 1);
    kinds.push(k);
  }
  for (let i = kinds.length - 1; i > 0; i--) {
    const j = Math.floor(rng.next() * (i + 1));
    [kinds[i], kinds[j]] = [kinds[j]!, kinds[i]!];
  }
  return kinds;
}

// For a report: which saved messages of the conversation mention the question, by role and run.
async function historyOf(world: World, marker: string): Promise<string> {
  try {
    const h = await world.admin().request<{ messages: Array<Record<string, unknown>> }>("chat.history", { sessionKey: "main", limit: 1000 }, { timeoutMs: 30_000 });
    const hits = h.messages.filter((m) => JSON.stringify(m).includes(marker));
    const runs = hits.map((m) => `${String(m["role"])}@${String((m["__openclaw"] as { runId?: string } | undefined)?.runId ?? "?")}`);
    return ` [history: ${runs.join(", ") || "nothing"}]`;
  } catch (err) {
    return ` [history: ${err instanceof Error ? err.message : String(err)}]`;
  }
}

// Looks at every earlier episode's summary again; one that now disagrees with the gateway is a mislabel.
async function audit(main: SoakPage, episodes: readonly Episode[], phase: string, world: World): Promise<string[]> {
  const problems: string[] = [];
  for (const ep of episodes) {
    const ui = await readUi(main.page, `Soak #${ep.n}#`);
    if (ui.kind !== "summary") {
      // Live, a summary the page once showed must stay (a reload may only lose what the history cannot rebuild).
      if (phase === "at the end" && ep.ui.kind === "summary" && !ep.asyncDelivery && ep.pageLoad === main.loads) problems.push(`#${ep.n} ${ep.fault} ${phase}: its "${ep.ui.label}" summary is gone`);
      continue;
    }
    const own = [...new Set(world.sent.filter((x) => x.page === "main" && x.id === ep.requestId && x.resolvedBy).map((x) => x.resolvedBy!))];
    const why = auditLabel(ui.label, ep.truth, own);
    if (why) problems.push(`#${ep.n} ${ep.fault} ${phase}: ${why}${await historyOf(world, `Soak #${ep.n}#`)}`);
  }
  return problems;
}

/** `work`, or an error once it has taken `ms` (it is left running: the run stops after a hang). */
async function hangGuard<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const hung = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new HungError(`${what}: no end after ${ms / 1000} s (hang guard)`)), ms);
  });
  try {
    return await Promise.race([work, hung]);
  } finally {
    clearTimeout(timer);
  }
}

class HungError extends Error {}

test(`soak: ${FAULTS} faults against the real gateways`, async ({ browser }) => {
  // Grows with the fault count, so only a hang reaches it.
  test.setTimeout(SETUP_AND_AUDIT_HANG_MS + FAULTS * EPISODE_HANG_MS);
  const started = Date.now();
  const rng = createRng(SEED);
  console.log(`soak: ${FAULTS} faults, seed ${SEED} (repeat with SOAK_SEED=${SEED})`);
  const world = await startWorld();
  console.log(`soak: gateways ready after ${((Date.now() - started) / 1000).toFixed(1)} s`);
  const context = await browser.newContext();
  const episodes: Episode[] = [];
  const failures: string[] = [];
  const audited: string[] = [];
  const pageErrors: string[] = [];
  try {
    const main = await world.openPage(context, "main");
    expect(await waitConnected(main.page, CONNECT_MS), "the playground connects through the proxy").toBe(true);
    let second: SoakPage | undefined;
    let asyncPage: AsyncPage | undefined;
    const kinds = plan(rng, FAULTS);
    for (let i = 0; i < kinds.length; i++) {
      const fault = kinds[i]!;
      const ctx: EpisodeContext = {
        world,
        rng,
        context,
        main,
        n: i + 1,
        second: async () => {
          if (!second) {
            second = await world.openPage(context, "second");
            await waitConnected(second.page, CONNECT_MS);
          }
          return second;
        },
      };
      const t0 = Date.now();
      let hung = false;
      try {
        const run = async () => {
          if (!isAsyncKind(fault)) return await runEpisode(ctx, fault);
          asyncPage ??= await openAsyncPage(browser);
          return await asyncEpisode(world, asyncPage, rng, i + 1, fault);
        };
        const ep = await hangGuard(run(), EPISODE_HANG_MS, `#${i + 1} ${fault}`);
        episodes.push(ep);
        const v = judge(ep);
        const bad = v.lost + v.duplicated + v.mislabelled + v.stuck + ep.draftsLost;
        const shown = ep.ui.kind === "summary" ? ep.ui.label : ep.ui.kind;
        console.log(
          `#${ep.n} ${fault} [${ep.variant}] gateway=${ep.truth.status}${ep.truth.resolvedBy ? `/${ep.truth.resolvedBy}` : ""} page=${shown} ${Date.now() - t0} ms${bad ? `  !! ${[...v.why, ...ep.notes].join("; ")}` : ""}`,
        );
      } catch (err) {
        hung = err instanceof HungError;
        failures.push(`#${i + 1} ${fault}: ${err instanceof Error ? err.message : String(err)}`);
        console.log(`#${i + 1} ${fault} ERROR ${err instanceof Error ? err.message : String(err)}`);
        mkdirSync("test-results/soak", { recursive: true });
        await main.page.screenshot({ path: `test-results/soak/episode-${i + 1}.png`, fullPage: true }).catch(() => undefined);
        const dockText = await main.page.getByRole("region", { name: "Questions" }).innerText({ timeout: 1_000 }).catch(() => "(no dock)");
        console.log(`   dock: ${dockText.replace(/\s+/g, " ").slice(0, 400)}`);
        if (asyncPage && isAsyncKind(fault)) {
          console.log(`   async: ${asyncPage.step}`);
          await asyncPage.page.screenshot({ path: `test-results/soak/episode-${i + 1}-async.png`, fullPage: true }).catch(() => undefined);
        }
      }
      // A hung episode may still be acting on the page and the gateway: the faults after it would prove nothing.
      if (hung) {
        failures.push(`stopped after ${i + 1} of ${kinds.length} faults: an episode hung`);
        break;
      }
      // The next episode starts clean: online, no frame rule, nothing pending, the page connected.
      world.proxy.reset();
      world.codex.proxy.reset();
      await clearPending(world).catch(() => 0);
      if (!(await waitConnected(main.page, CONNECT_MS))) {
        await main.page.reload();
        await waitConnected(main.page, CONNECT_MS);
      }
      await dockEmpty(main, CONNECT_MS);
    }
    // A later look, live and then after a reload (which rebuilds agent questions' summaries from the chat history).
    audited.push(...(await audit(main, episodes, "at the end", world)));
    await main.page.reload();
    await waitConnected(main.page, CONNECT_MS);
    await main.page.waitForTimeout(3_000);
    audited.push(...(await audit(main, episodes, "after a final reload", world)));
    pageErrors.push(...main.errors, ...(second?.errors ?? []), ...(asyncPage?.errors ?? []));
    await asyncPage?.context.close();
  } finally {
    await context.close().catch(() => undefined);
    await world.close();
  }

  const seconds = (Date.now() - started) / 1000;
  const totals = total(episodes, audited);
  const table = renderTable(totals, { seed: SEED, seconds, restarts: world.restarts });
  for (const line of audited) console.log(`later look: ${line}`);
  for (const line of pageErrors) console.log(`page error: ${line}`);
  console.log(`\n${table}\nproxy: ${JSON.stringify(world.proxy.stats)}\n`);
  mkdirSync("test-results/soak", { recursive: true });
  writeFileSync(
    "test-results/soak/latest.json",
    `${JSON.stringify({ seed: SEED, faults: FAULTS, seconds, totals, proxy: world.proxy.stats, failures, pageErrors, episodes: episodes.map((e) => ({ ...e, verdict: judge(e) })) }, null, 2)}\n`,
  );
  writeFileSync("test-results/soak/latest.txt", `${table}\n`);

  expect(failures, "episodes that could not run").toEqual([]);
  expect({ lost: totals.lost, duplicated: totals.duplicated, mislabelled: totals.mislabelled, stuck: totals.stuck }).toEqual({
    lost: 0,
    duplicated: 0,
    mislabelled: 0,
    stuck: 0,
  });
});
