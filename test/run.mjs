#!/usr/bin/env node
// `npm test`: every check, in the lanes of test/stages.mjs: the stages that wait (on real gateways, on the npm
// registry) run beside the ones that need the CPU.
// Each stage's output goes to test-results/stages/<stage>.log and is printed when the stage ends (all of it when
// it failed or on CI, its last lines otherwise); the closing table gives each stage's time, also written to
// test-results/stages.json. A failed stage fails the run; stages that need it are skipped, the others still run.
//
// A service stage (the gateway pool) runs beside the others: the stages after it start once it is ready (its file
// exists), and it is stopped once they have ended: its gateways cost CPU even while they wait.
//
//   node test/run.mjs            every stage (`npm test`)
//   node test/run.mjs --fast     the stages that need no gateway and no browser (`npm run test:fast`)
//   node test/run.mjs --list     the stages, their order and what each waits for (with --fast: those of test:fast)
import { spawn } from "node:child_process";
import { createWriteStream, existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { FAST_STAGES, POOL_FILE, STAGES as ALL_STAGES } from "./stages.mjs";

const LOG_DIR = "test-results/stages";
const ci = Boolean(process.env.CI);
const fast = process.argv.includes("--fast");
const STAGES = fast ? FAST_STAGES : ALL_STAGES;
const label = fast ? "npm run test:fast" : "npm test";

if (process.argv.includes("--list")) {
  for (const stage of STAGES) {
    const waits = stage.after?.length ? ` (after ${stage.after.join(", ")})` : "";
    console.log(`${stage.lane.padEnd(8)}  ${stage.name}${stage.service ? " [service]" : ""}${waits}: ${stage.command}`);
  }
  process.exit(0);
}

mkdirSync(LOG_DIR, { recursive: true });
// Reports of an earlier run must not be counted with this one's.
for (const name of readdirSync("test-results")) {
  if (/^(vitest.*|playwright)\.json$/.test(name)) rmSync(`test-results/${name}`);
}
// Every stage finds the gateway pool through this file, once the pool stage has written it.
const poolFile = resolve(POOL_FILE);
rmSync(poolFile, { force: true });
const stageEnv = STAGES.some((stage) => stage.service) ? { ...process.env, GATEWAY_POOL: poolFile } : process.env;
const started = Date.now();
const seconds = (ms) => (ms / 1000).toFixed(1);
/** name → { status: "waiting" | "running" | "ready" | "passed" | "failed" | "skipped", ms, cpuMs } (ready: a service) */
const results = new Map(STAGES.map((stage) => [stage.name, { status: "waiting", ms: 0, cpuMs: 0 }]));
// One stage at a time per lane, in the listed order; a lane moves on whether its last stage passed or not.
const busyLanes = new Set();
const running = new Set();

function logFile(name) {
  return `${LOG_DIR}/${name.replace(/[^a-z0-9]+/gi, "-").replace(/^-|-$/g, "").toLowerCase()}.log`;
}

// The CPU time (user + system) a stage and everything it waited for used, from bash's `times`: on two cores the
// lanes compete, so a stage's wall time says little about its own cost, and the sum says what the run needs.
function cpuFile(name) {
  return `${logFile(name)}.cpu`;
}

function cpuMs(name) {
  try {
    const children = readFileSync(cpuFile(name), "utf8").trim().split("\n")[1] ?? "";
    return children
      .split(/\s+/)
      .map((field) => /^(\d+)m([\d.]+)s$/.exec(field))
      .reduce((sum, m) => sum + (m ? (Number(m[1]) * 60 + Number(m[2])) * 1000 : 0), 0);
  } catch {
    return 0;
  }
}

function report(stage, result) {
  const output = readFileSync(logFile(stage.name), "utf8");
  const lines = output.trimEnd().split("\n");
  const shown = result.status === "failed" || ci ? lines : lines.slice(-4);
  const mark = result.status === "passed" ? "✓" : "✗";
  console.log(`\n== ${mark} ${stage.name} (${seconds(result.ms)} s, ${seconds(result.cpuMs)} CPU-s${result.status === "failed" ? `, exit ${result.code}` : ""}) ==`);
  if (shown.length < lines.length) console.log(`   … ${lines.length - shown.length} lines in ${logFile(stage.name)}`);
  console.log(shown.join("\n"));
}

function start(stage) {
  const result = results.get(stage.name);
  result.status = "running";
  busyLanes.add(stage.lane);
  running.add(stage.name);
  console.log(`-- ${seconds(Date.now() - started).padStart(6)} s  start ${stage.name}`);
  const out = createWriteStream(logFile(stage.name));
  const t0 = Date.now();
  // A process group of its own, so a stage that is stopped takes its servers and browsers with it. A service is
  // stopped by a SIGTERM to this bash, which hands it on and still writes the CPU time once the service has ended.
  const body = stage.service
    ? `${stage.command} &\nchild=$!\ntrap 'stopping=1; kill -TERM $child 2>/dev/null' TERM\nwait $child\nstatus=$?\nif [ -n "$stopping" ]; then wait $child; status=$?; fi`
    : `${stage.command}\nstatus=$?`;
  const script = `${body}\ntimes > '${cpuFile(stage.name)}'\nexit $status`;
  const child = spawn("bash", ["-c", script], { stdio: ["ignore", "pipe", "pipe"], detached: true, env: stageEnv });
  children.add(child);
  if (stage.service) {
    services.set(stage.name, child);
    const poll = setInterval(() => {
      if (result.status !== "running") return clearInterval(poll);
      if (!existsSync(stage.ready)) return;
      clearInterval(poll);
      result.status = "ready";
      console.log(`-- ${seconds(Date.now() - started).padStart(6)} s  ${stage.name} ready`);
      schedule();
    }, 250);
  }
  child.stdout.pipe(out, { end: false });
  child.stderr.pipe(out, { end: false });
  child.on("close", (code) => {
    children.delete(child);
    out.end(() => {
      result.ms = Date.now() - t0;
      result.cpuMs = cpuMs(stage.name);
      result.code = code;
      result.status = code === 0 && (!stage.service || stopped.has(stage.name)) ? "passed" : "failed";
      running.delete(stage.name);
      services.delete(stage.name);
      busyLanes.delete(stage.lane);
      report(stage, result);
      schedule();
    });
  });
}

function schedule() {
  // Lanes whose next stage in order is still waiting: a later stage of that lane must not overtake it.
  const earlierWaiting = new Set();
  for (const stage of STAGES) {
    const result = results.get(stage.name);
    if (result.status !== "waiting") continue;
    const needs = (stage.after ?? []).map((name) => results.get(name).status);
    if (needs.some((status) => status === "failed" || status === "skipped")) {
      result.status = "skipped";
      console.log(`\n== - ${stage.name}: skipped, a stage it needs failed ==`);
      continue;
    }
    if (needs.some((status) => status !== "passed" && status !== "ready")) {
      earlierWaiting.add(stage.lane);
      continue;
    }
    if (busyLanes.has(stage.lane) || earlierWaiting.has(stage.lane)) {
      earlierWaiting.add(stage.lane);
      continue;
    }
    start(stage);
  }
  // A service that no stage still waiting or running needs is stopped; the run ends once every stage has ended.
  for (const [name, child] of services) {
    const needed = STAGES.some(
      (stage) => stage.after?.includes(name) && ["waiting", "running"].includes(results.get(stage.name).status),
    );
    if (needed || stopped.has(name)) continue;
    stopped.add(name);
    child.kill("SIGTERM");
  }
  if (running.size === 0) finish();
}

function finish() {
  const total = Date.now() - started;
  const rows = STAGES.map((stage) => ({ stage: stage.name, ...results.get(stage.name) }));
  writeFileSync(`test-results/${fast ? "stages-fast" : "stages"}.json`, `${JSON.stringify({ totalMs: total, cpuMs: rows.reduce((sum, row) => sum + row.cpuMs, 0), stages: rows }, null, 2)}\n`);
  const cpuTotal = rows.reduce((sum, row) => sum + row.cpuMs, 0);
  console.log(`\n== ${label}: ${seconds(total)} s on ${ci ? "CI" : "this machine"}, ${seconds(cpuTotal)} CPU-s ==`);
  for (const row of rows) console.log(`${row.status.padEnd(8)} ${seconds(row.ms).padStart(7)} s ${seconds(row.cpuMs).padStart(7)} CPU-s  ${row.stage}`);
  process.exit(rows.every((row) => row.status === "passed") ? 0 : 1);
}

const children = new Set();
/** Running service stages by name (their bash), stopped once the stages that need them have ended. */
const services = new Map();
/** The services asked to stop: they end with a pass. */
const stopped = new Set();
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => {
    for (const child of children) {
      try {
        process.kill(-child.pid, "SIGTERM");
      } catch {
        /* already gone */
      }
    }
    process.exit(130);
  });
}

schedule();
